package dev.cairn.backend;

import java.util.regex.Pattern;

/** Removes secrets from URIs before they are shown, logged or saved. */
public final class Redaction {

    private static final Pattern USERINFO_PASSWORD = Pattern.compile("^([a-zA-Z][a-zA-Z0-9+.-]*://)([^/@:]*):([^/@]*)@");
    private static final Pattern QUERY_SECRET = Pattern.compile("(?i)([?&](?:password|secret|sslpassword|token|sig)=)[^&]*");

    private Redaction() {}

    public static String redact(String uri) {
        if (uri == null) {
            return null;
        }
        String out = USERINFO_PASSWORD.matcher(uri).replaceFirst("$1$2:***@");
        return QUERY_SECRET.matcher(out).replaceAll("$1***");
    }
}
