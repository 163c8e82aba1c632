package dev.cairn.backend.blob;

import java.util.Locale;

/**
 * A cloud backend URI ({@code s3://}, {@code azure://}, {@code gs://}) read exactly as Meltano reads it
 * with Python's {@code urlparse}: the bucket or container is the host name lower-cased (a port is
 * dropped), the prefix is the path without leading and trailing {@code /}, and the user-info parts
 * are taken raw, not percent-decoded. A secret holding {@code /} therefore ends the host part early,
 * in Meltano as here.
 *
 * @param host the lower-cased host name, or {@code null} when there is none
 * @param user the user-info part before the first {@code :}, or {@code null}
 * @param secret the user-info part after it, or {@code null}; never shown
 * @param display the URI with everything between the first {@code :} and the last {@code @} hidden
 */
record CloudUri(String host, String prefix, String user, String secret, String display) {

    static boolean hasScheme(String uri, String scheme) {
        return uri.regionMatches(true, 0, scheme, 0, scheme.length());
    }

    /** @param scheme with its {@code ://}, e.g. {@code "s3://"}; the caller has checked {@link #hasScheme} */
    static CloudUri parse(String scheme, String uri) {
        String rest = uri.substring(scheme.length());
        int netlocEnd = indexOfAny(rest, "/?#");
        String netloc = rest.substring(0, netlocEnd);
        String afterNetloc = rest.substring(netlocEnd);
        String path = afterNetloc.startsWith("/") ? afterNetloc.substring(0, indexOfAny(afterNetloc, "?#")) : "";

        int at = netloc.lastIndexOf('@');
        String userinfo = at < 0 ? null : netloc.substring(0, at);
        String user = null;
        String secret = null;
        if (userinfo != null) {
            int colon = userinfo.indexOf(':');
            user = colon < 0 ? userinfo : userinfo.substring(0, colon);
            secret = colon < 0 ? null : userinfo.substring(colon + 1);
        }
        return new CloudUri(hostname(netloc.substring(at + 1)), strip(path, '/'), emptyToNull(user), emptyToNull(secret),
                display(scheme.length(), uri));
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

    /** Hides secrets holding {@code /} too, which end Meltano's host part early but are secrets all the same. */
    static String display(int schemeLength, String uri) {
        String rest = uri.substring(schemeLength);
        int at = rest.lastIndexOf('@');
        int colon = at < 0 ? -1 : rest.substring(0, at).indexOf(':');
        return colon < 0 ? uri : uri.substring(0, schemeLength) + rest.substring(0, colon) + ":***" + rest.substring(at);
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

    @Override
    public String toString() {
        return display;
    }
}
