package dev.cairn.backend;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Objects;

/**
 * An opaque token for the state as it was read (a content hash, or an object store's ETag). Writes
 * compare it with what is stored when they run.
 */
public final class Version {

    /** The version of a state that does not exist. */
    public static final Version ABSENT = new Version("absent");

    /** Null until a version made by {@link #ofContentWhenAsked} is first asked for its token. */
    private volatile String token;
    /** The content still to hash, for such a version ({@code String[]} or {@code byte[]}); dropped once hashed. */
    private Object content;

    private Version(String token) {
        this.token = Objects.requireNonNull(token);
    }

    private Version(Object content) {
        this.content = content;
    }

    public static Version of(String token) {
        if (token == null || token.isBlank()) {
            throw new IllegalArgumentException("empty version token");
        }
        return token.equals(ABSENT.token) ? ABSENT : new Version(token);
    }

    /** A version derived from stored content: equal content, equal version. */
    public static Version ofContent(String... parts) {
        return new Version(hash(parts));
    }

    /**
     * The same version as {@link #ofContent(String...)}, hashed the first time it is used: for bulk
     * reads whose versions are mostly never looked at. Holds the content until then.
     */
    public static Version ofContentWhenAsked(String... parts) {
        return new Version((Object) parts.clone());
    }

    private static String hash(String... parts) {
        MessageDigest sha = sha256();
        for (String part : parts) {
            if (part == null) {
                sha.update((byte) 0);
            } else {
                sha.update((byte) 1);
                sha.update(part.getBytes(StandardCharsets.UTF_8));
            }
        }
        return hex(sha);
    }

    public static Version ofContent(byte[] bytes) {
        return new Version(hash(bytes));
    }

    /**
     * The same version as {@link #ofContent(byte[])}, hashed the first time it is used: a read that
     * only prints or compares the state (a command-line {@code get} or {@code diff}) never asks, and
     * hashing a 10 MB {@code state.json} costs more than parsing a third of it. Holds the bytes until
     * then, which the caller must not change.
     */
    public static Version ofContentWhenAsked(byte[] bytes) {
        return new Version((Object) bytes);
    }

    private static String hash(byte[] bytes) {
        MessageDigest sha = sha256();
        sha.update(bytes);
        return hex(sha);
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("the JDK has no SHA-256", e);
        }
    }

    /** 96 bits of the digest: collisions between two versions of one state are out of reach. */
    private static String hex(MessageDigest sha) {
        return HexFormat.of().formatHex(sha.digest(), 0, 12);
    }

    public String token() {
        String t = token;
        if (t == null) {
            synchronized (this) {
                t = token;
                if (t == null) {
                    t = content instanceof byte[] ? hash((byte[]) content) : hash((String[]) content);
                    token = t;
                    content = null;
                }
            }
        }
        return t;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Version && token().equals(((Version) o).token());
    }

    @Override
    public int hashCode() {
        return token().hashCode();
    }

    @Override
    public String toString() {
        return token();
    }
}
