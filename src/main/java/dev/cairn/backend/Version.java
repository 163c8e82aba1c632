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
    /** The content still to hash, for such a version; dropped once hashed. */
    private String[] content;

    private Version(String token) {
        this.token = Objects.requireNonNull(token);
    }

    private Version(String[] content) {
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
        return new Version(parts.clone());
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
        MessageDigest sha = sha256();
        sha.update(bytes);
        return new Version(hex(sha));
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
                    t = hash(content);
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
