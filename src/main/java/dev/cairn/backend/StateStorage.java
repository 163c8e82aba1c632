package dev.cairn.backend;

import java.io.IOException;
import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Instant;
import java.util.Arrays;
import java.util.Locale;
import java.util.Objects;

/**
 * What a backend's states are stored in, as the storage is rather than as a URI spells it: two URIs
 * naming one folder through a symlink, one database as {@code localhost} and {@code 127.0.0.1}, or
 * one prefix with and without a trailing {@code /} report storages that are {@link #same}. Together
 * with the key each backend files an ID under ({@link StateBackend#storageKey}), it tells whether
 * two backends hold one state: a move from one to the other would copy the state onto itself and
 * then delete it.
 */
public sealed interface StateStorage {

    /**
     * Whether two backends keep their states in one storage: the same backend, or two URIs naming one
     * storage. Asks each for its {@link StateBackend#storage()}, so not on the UI thread.
     */
    static boolean shared(StateBackend a, StateBackend b) {
        return a == b || same(a.storage(), b.storage());
    }

    /**
     * Whether {@code a}'s state of {@code idA} and {@code b}'s of {@code idB} are one state: the same
     * key in one storage. A compare between them compares a state with itself; a move would delete it.
     */
    static boolean sameState(StateBackend a, String idA, StateBackend b, String idB) {
        return shared(a, b) && a.storageKey(idA).equals(b.storageKey(idB));
    }

    /**
     * Whether the two are one storage, so that one key names one state in both. Where it cannot be
     * told for certain (a host that does not resolve) the answer leans to "same": refusing a move
     * that was safe costs a retry, a move onto itself costs the state.
     */
    static boolean same(StateStorage a, StateStorage b) {
        if (a instanceof LocalFile x && b instanceof LocalFile y) {
            return x.sameFile(y);
        }
        if (a instanceof PostgresDatabase x && b instanceof PostgresDatabase y) {
            return x.equals(y);
        }
        if (a instanceof ObjectStore x && b instanceof ObjectStore y) {
            boolean accountsMayBeOne = x.account() == null || y.account() == null || x.account().equals(y.account());
            return x.kind().equals(y.kind()) && accountsMayBeOne && x.bucket().equals(y.bucket())
                    && sameServer(x.service(), y.service());
        }
        return false;
    }

    /**
     * A local file or folder (a SQLite database, a {@code file://} backend's root), by its real path
     * and, where the file system has one, its identity (device and inode: a hard link or a bind
     * mount names the same file under another real path).
     *
     * @param kind what the file is to the backend ({@code "sqlite"}, {@code "folder"}); the layout a
     *             folder is read through (POSIX, Windows) is part of each state's key
     *             ({@link StateBackend#storageKey}), not of this: two layouts of one folder name one
     *             state exactly where their keys name one file
     * @param fileKey {@link BasicFileAttributes#fileKey()}, or null where the file system has none
     */
    record LocalFile(String kind, Path realPath, Object fileKey) implements StateStorage {

        /**
         * The file as it is now. One that does not exist yet (a folder a first write creates) is
         * named by its nearest existing ancestor's real path and the names below it.
         */
        public static LocalFile of(String kind, Path path) {
            Path absolute = path.toAbsolutePath().normalize();
            Path existing = absolute;
            while (existing != null && !Files.exists(existing)) {
                existing = existing.getParent();
            }
            if (existing == null) {
                return new LocalFile(kind, absolute, null);
            }
            try {
                Path real = existing.toRealPath().resolve(existing.relativize(absolute));
                Object key = existing.equals(absolute)
                        ? Files.readAttributes(real, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS).fileKey() : null;
                return new LocalFile(kind, real, key);
            } catch (IOException e) {
                throw new BackendException("cannot tell what " + absolute + " is: " + e.getMessage(), e);
            }
        }

        private boolean sameFile(LocalFile other) {
            if (!kind.equals(other.kind)) {
                return false;
            }
            return realPath.equals(other.realPath) || (fileKey != null && fileKey.equals(other.fileKey));
        }
    }

    /**
     * The {@code state} table a PostgreSQL connection reaches, as the server reports it: the time
     * its postmaster started and its port tell one server from another whatever host name reached
     * it, the database's and the table's OIDs tell the database and the schema
     * ({@code search_path}) within it.
     *
     * @param stateTableOid the OID of the {@code state} table the connection's {@code search_path}
     *                      finds, 0 where there is none (a database from before Meltano 2.7.1)
     */
    record PostgresDatabase(Instant serverStarted, int serverPort, long databaseOid, long stateTableOid)
            implements StateStorage { }

    /**
     * A bucket (S3, GCS) or container (Azure) on one service. The key prefix is not part of it:
     * it is part of each state's key, so that {@code s3://b/x} and {@code s3://b/x/} (or a prefix
     * inside another) file an ID under the same key where they do.
     *
     * @param kind the URI scheme: {@code s3}, {@code azure}, {@code gs}
     * @param service the endpoint the store talks to, or null for the cloud's own (AWS, Google)
     * @param account the Azure storage account the container is in, where the service's host names
     *                it for certain ({@code dev.blob.core.windows.net}); null where that is not known
     *                (a custom domain) or buckets belong to no account of their own (S3, GCS). Two
     *                accounts known to differ are two storages even where their hosts resolve to a
     *                shared address, which a host name's address alone cannot rule out
     */
    record ObjectStore(String kind, URI service, String account, String bucket) implements StateStorage {

        /** A bucket of no known account. */
        public ObjectStore(String kind, URI service, String bucket) {
            this(kind, service, null, bucket);
        }
    }

    /**
     * Whether two endpoints may be one server: both the cloud's own, or the same port and path on
     * hosts that are the same name, resolve to a shared address, or are both this machine's loopback.
     */
    private static boolean sameServer(URI a, URI b) {
        if (a == null || b == null) {
            return a == b;
        }
        if (port(a) != port(b) || !path(a).equals(path(b))) {
            return false;
        }
        String hostA = Objects.toString(a.getHost(), "").toLowerCase(Locale.ROOT);
        String hostB = Objects.toString(b.getHost(), "").toLowerCase(Locale.ROOT);
        if (hostA.equals(hostB)) {
            return true;
        }
        try {
            InetAddress[] one = InetAddress.getAllByName(hostA);
            InetAddress[] other = InetAddress.getAllByName(hostB);
            if (Arrays.stream(one).allMatch(InetAddress::isLoopbackAddress)
                    && Arrays.stream(other).allMatch(InetAddress::isLoopbackAddress)) {
                return true;
            }
            return Arrays.stream(one).anyMatch(address -> Arrays.asList(other).contains(address));
        } catch (UnknownHostException e) {
            return true; // cannot tell: see same()
        }
    }

    private static int port(URI uri) {
        if (uri.getPort() >= 0) {
            return uri.getPort();
        }
        return "http".equalsIgnoreCase(uri.getScheme()) ? 80 : 443;
    }

    private static String path(URI uri) {
        String path = Objects.toString(uri.getPath(), "");
        return path.endsWith("/") ? path.substring(0, path.length() - 1) : path;
    }
}
