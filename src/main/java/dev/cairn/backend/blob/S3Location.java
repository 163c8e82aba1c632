package dev.cairn.backend.blob;

import dev.cairn.backend.BackendException;
import java.util.Locale;

/**
 * Where an {@code s3://[KEY:SECRET@]bucket/prefix} URI points, read exactly as Meltano reads it with
 * Python's {@code urlparse}: the bucket is the host name lower-cased (a port is dropped), the prefix
 * is the path without leading and trailing {@code /}, and the key and secret are the user-info parts
 * taken raw, not percent-decoded. A secret holding {@code /} therefore ends the host part early, in
 * Meltano as here.
 */
public final class S3Location {

    private final String bucket;
    private final String prefix;
    private final String accessKeyId;
    private final String secretAccessKey;
    private final String displayUri;

    private S3Location(String bucket, String prefix, String accessKeyId, String secretAccessKey, String displayUri) {
        this.bucket = bucket;
        this.prefix = prefix;
        this.accessKeyId = accessKeyId;
        this.secretAccessKey = secretAccessKey;
        this.displayUri = displayUri;
    }

    public static boolean accepts(String uri) {
        return uri.regionMatches(true, 0, "s3://", 0, 5);
    }

    public static S3Location parse(String uri) {
        if (!accepts(uri)) {
            throw new BackendException("not an S3 URI: " + display(uri));
        }
        String rest = uri.substring(5);
        int netlocEnd = indexOfAny(rest, "/?#");
        String netloc = rest.substring(0, netlocEnd);
        String afterNetloc = rest.substring(netlocEnd);
        String path = afterNetloc.startsWith("/") ? afterNetloc.substring(0, indexOfAny(afterNetloc, "?#")) : "";

        int at = netloc.lastIndexOf('@');
        String userinfo = at < 0 ? null : netloc.substring(0, at);
        String hostinfo = netloc.substring(at + 1);
        String key = null;
        String secret = null;
        if (userinfo != null) {
            int colon = userinfo.indexOf(':');
            key = colon < 0 ? userinfo : userinfo.substring(0, colon);
            secret = colon < 0 ? null : userinfo.substring(colon + 1);
        }
        String bucket = hostname(hostinfo);
        if (bucket == null) {
            throw new BackendException("no bucket in " + display(uri)
                    + " (expected s3://bucket/prefix)");
        }
        String prefix = strip(path, '/');
        return new S3Location(bucket, prefix, emptyToNull(key), emptyToNull(secret),
                display(uri));
    }

    /** {@code urlparse(...).hostname}: brackets removed for IPv6, port dropped, lower-cased. */
    private static String hostname(String hostinfo) {
        String host;
        if (hostinfo.startsWith("[")) {
            int close = hostinfo.indexOf(']');
            host = close < 0 ? hostinfo.substring(1) : hostinfo.substring(1, close);
        } else {
            int colon = hostinfo.indexOf(':');
            host = colon < 0 ? hostinfo : hostinfo.substring(0, colon);
        }
        return host.isEmpty() ? null : host.toLowerCase(Locale.ROOT);
    }

    /**
     * The URI with everything between the first {@code :} and the last {@code @} hidden: that covers
     * secrets holding {@code /} too, which end Meltano's host part early but are secrets all the same.
     */
    private static String display(String uri) {
        String rest = uri.substring(5);
        int at = rest.lastIndexOf('@');
        int colon = at < 0 ? -1 : rest.substring(0, at).indexOf(':');
        return colon < 0 ? uri : uri.substring(0, 5) + rest.substring(0, colon) + ":***" + rest.substring(at);
    }

    private static int indexOfAny(String s, String chars) {
        for (int i = 0; i < s.length(); i++) {
            if (chars.indexOf(s.charAt(i)) >= 0) {
                return i;
            }
        }
        return s.length();
    }

    private static String strip(String s, char c) {
        int from = 0;
        int to = s.length();
        while (from < to && s.charAt(from) == c) {
            from++;
        }
        while (to > from && s.charAt(to - 1) == c) {
            to--;
        }
        return s.substring(from, to);
    }

    private static String emptyToNull(String s) {
        return s == null || s.isEmpty() ? null : s;
    }

    public String bucket() {
        return bucket;
    }

    /** The key prefix without leading or trailing {@code /}; empty for the bucket's root. */
    public String prefix() {
        return prefix;
    }

    /** The access key ID written in the URI, or {@code null}. */
    public String accessKeyId() {
        return accessKeyId;
    }

    /** The secret written in the URI, or {@code null}. Never shown. */
    String secretAccessKey() {
        return secretAccessKey;
    }

    /** The URI with the secret hidden. */
    public String displayUri() {
        return displayUri;
    }

    @Override
    public String toString() {
        return displayUri;
    }
}
