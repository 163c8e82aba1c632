package dev.cairn.backend;

import java.util.regex.Pattern;

/** Removes secrets from URIs before they are shown, logged or saved. */
public final class Redaction {

    private static final Pattern QUERY_SECRET = Pattern.compile("(?i)([?&](?:password|secret|sslpassword|token|sig)=)[^&]*");

    private Redaction() {}

    public static String redact(String uri) {
        if (uri == null) {
            return null;
        }
        return QUERY_SECRET.matcher(withoutPassword(uri)).replaceAll("$1***");
    }

    /**
     * Hides {@code user:password@}: the password runs to the last '@', since Meltano takes secrets
     * raw and they may hold '/' or '@'.
     */
    private static String withoutPassword(String uri) {
        int scheme = uri.indexOf("://");
        int at = uri.lastIndexOf('@');
        if (scheme < 0 || at < scheme) {
            return uri;
        }
        int colon = uri.indexOf(':', scheme + 3);
        if (colon < 0 || colon > at || uri.substring(scheme + 3, colon).contains("/")) {
            return uri;
        }
        return uri.substring(0, colon + 1) + "***" + uri.substring(at);
    }
}
