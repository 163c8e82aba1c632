package dev.cairn.backend;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Removes secrets from URIs and from free text (log lines, exception messages) before they are shown, logged or saved. */
public final class Redaction {

    /**
     * {@code key=value} where the key names a secret: URI query parameters, libpq key/value strings,
     * Azure connection strings ({@code AccountKey=}, {@code SharedAccessSignature=}), SAS tokens
     * ({@code sig=}) and settings such as {@code s3.aws_secret_access_key=}. The value runs to the
     * next separator of those formats.
     */
    private static final Pattern SECRET_SETTING = Pattern.compile(
            "(?i)((?<![\\w.-])(?:[\\w.-]*(?:password|passwd|secret|accountkey|sharedaccesssignature|sharedaccesskey|token)[\\w.-]*"
                    + "|sig)\\s*=\\s*)[^;&\\s\"'<>,)]+");

    /** The same keys as JSON members ({@code "password": "..."}), as settings files and API answers hold them. */
    private static final Pattern SECRET_MEMBER = Pattern.compile(
            "(?i)(\"[\\w.-]*(?:password|passwd|secret|accountkey|sharedaccesssignature|sharedaccesskey|token)[\\w.-]*\"\\s*:\\s*\")"
                    + "(?:[^\"\\\\]|\\\\.)*\"");

    /** A URI inside text: a scheme, {@code ://}, and everything up to white space or a quote. */
    private static final Pattern URI_IN_TEXT = Pattern.compile("[A-Za-z][A-Za-z0-9+.-]*://[^\\s\"'<>]+");

    private Redaction() {}

    public static String redact(String uri) {
        if (uri == null) {
            return null;
        }
        return SECRET_SETTING.matcher(withoutPassword(uri)).replaceAll("$1***");
    }

    /**
     * Redacts every URI in {@code text} as {@link #redact} does, and every secret setting outside
     * them: for log lines and exception texts, which quote URIs and settings among other words.
     */
    public static String redactText(String text) {
        if (text == null || text.isEmpty()) {
            return text;
        }
        Matcher uris = URI_IN_TEXT.matcher(text);
        StringBuilder out = new StringBuilder(text.length());
        while (uris.find()) {
            uris.appendReplacement(out, Matcher.quoteReplacement(withoutPassword(uris.group())));
        }
        uris.appendTail(out);
        String settings = SECRET_SETTING.matcher(out).replaceAll("$1***");
        return SECRET_MEMBER.matcher(settings).replaceAll("$1***\"");
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
