package dev.cairn.backend;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/** Removes secrets from URIs and from free text (log lines, exception messages) before they are shown, logged or saved. */
public final class Redaction {

    /** A setting's or member's name that says it holds a secret. */
    private static final String SECRET_NAME =
            "[\\w.-]*(?:password|passwd|secret|accountkey|sharedaccesssignature|sharedaccesskey|token)[\\w.-]*";

    /**
     * {@code key=value} where the key names a secret: URI query parameters, libpq key/value strings,
     * Azure connection strings ({@code AccountKey=}, {@code SharedAccessSignature=}), SAS tokens
     * ({@code sig=}) and settings such as {@code s3.aws_secret_access_key=}. The value runs to the
     * next separator of those formats.
     */
    private static final Pattern SECRET_SETTING = Pattern.compile(
            "(?i)((?<![\\w.-])(?:" + SECRET_NAME + "|sig)\\s*=\\s*)[^;&\\s\"'<>,)]+");

    /** The same keys as JSON members ({@code "password": "..."}), as settings files and API answers hold them. */
    private static final Pattern SECRET_MEMBER = Pattern.compile(
            "(?i)(\"" + SECRET_NAME + "\"\\s*:\\s*\")(?:[^\"\\\\]|\\\\.)*\"");

    /** The secret settings the backend kinds describe whose names the patterns above miss; built on first use. */
    private static volatile Described described;

    /** A URI inside text: a scheme, {@code ://}, and everything up to white space or a quote. */
    private static final Pattern URI_IN_TEXT = Pattern.compile("[A-Za-z][A-Za-z0-9+.-]*://[^\\s\"'<>]+");

    private Redaction() {}

    public static String redact(String uri) {
        if (uri == null) {
            return null;
        }
        return described().redact(SECRET_SETTING.matcher(withoutPassword(uri)).replaceAll("$1***"));
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
        return described().redact(SECRET_MEMBER.matcher(settings).replaceAll("$1***\""));
    }

    private static Described described() {
        Described d = described;
        if (d == null) {
            try {
                d = Described.of(Backends.kinds());
                described = d;
            } catch (RuntimeException | LinkageError e) {
                // the kinds not loadable (yet: a log line while they load): the patterns above still apply
                return Described.NONE;
            }
        }
        return d;
    }

    /**
     * The secret settings of the backend kinds that {@link #SECRET_NAME} misses, by key, Meltano
     * name and variable ({@code s3.aws_access_key_id}, {@code azure.connection_string},
     * {@code MELTANO_STATE_BACKEND_GCS_APPLICATION_CREDENTIALS_JSON}), as {@code name=value} and as
     * JSON members. A value that opens a JSON object (a key file's text) is hidden to the end of the line.
     */
    private record Described(Pattern setting, Pattern member) {

        static final Described NONE = new Described(null, null);

        static Described of(List<BackendKind> kinds) {
            Pattern known = Pattern.compile("(?i)" + SECRET_NAME);
            List<String> names = kinds.stream().flatMap(k -> k.settings().stream()).filter(BackendSetting::secret)
                    .flatMap(s -> Stream.of(s.key(), s.meltanoName(), s.environmentVariable()))
                    .filter(name -> name != null && !known.matcher(name).matches()).distinct().map(Pattern::quote).toList();
            if (names.isEmpty()) {
                return NONE;
            }
            String any = String.join("|", names);
            return new Described(
                    Pattern.compile("(?i)((?<![\\w.-])(?:" + any + ")\\s*=\\s*)(?:['\"]?\\{[^\\r\\n]*|[^;&\\s\"'<>,)]+)"),
                    Pattern.compile("(?i)(\"(?:" + any + ")\"\\s*:\\s*\")(?:[^\"\\\\]|\\\\.)*\""));
        }

        String redact(String text) {
            if (setting == null) {
                return text;
            }
            return member.matcher(setting.matcher(text).replaceAll("$1***")).replaceAll("$1***\"");
        }
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
