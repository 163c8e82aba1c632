package dev.cairn.backend.systemdb;

import dev.cairn.backend.BackendException;
import dev.cairn.backend.Redaction;
import java.io.ByteArrayOutputStream;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.postgresql.Driver;

/**
 * A PostgreSQL system database as Meltano's {@code database_uri} names it (SQLAlchemy's
 * {@code postgresql[+driver]://user:password@host:port/db?options=-csearch_path%3Dschema}) or as a
 * JDBC URL, resolved the way libpq resolves it: missing parts come from {@code PG*} variables, a
 * missing password from {@code PGPASSWORD} or the password file.
 */
public final class PostgresUri {

    /** SQLAlchemy's URL grammar ({@code sqlalchemy.engine.url._parse_url}): a password may hold {@code /} and {@code :}. */
    private static final Pattern SQLALCHEMY_URL = Pattern.compile(
            "(?<name>[\\w+]+)://"
                    + "(?:(?<username>[^:/]*)(?::(?<password>[^@]*))?@)?"
                    + "(?:(?:\\[(?<ipv6host>[^/?]+)]|(?<ipv4host>[^/:?]+))?(?::(?<port>[^/?]*))?)?"
                    + "(?:/(?<database>[^?]*))?"
                    + "(?:\\?(?<query>.*))?",
            Pattern.DOTALL);

    /** libpq connection parameters accepted in the query, and the pgjdbc property each becomes. */
    private static final Map<String, String> QUERY_TO_PGJDBC = Map.of(
            "sslmode", "sslmode",
            "sslrootcert", "sslrootcert",
            "sslcert", "sslcert",
            "sslkey", "sslkey",
            "sslpassword", "sslpassword",
            "options", "options",
            "application_name", "ApplicationName");

    /** Connection facts pgjdbc's URL parser returns that are not connection properties. */
    private static final List<String> PGJDBC_LOCATION_KEYS = List.of("PGHOST", "PGPORT", "PGDBNAME");

    private final String displayUri;
    private final String host;
    private final String port;
    private final String database;
    private final String user;
    private final Properties properties;
    private final String passwordSource;
    private final Duration connectTimeout;

    private PostgresUri(String displayUri, String host, String port, String database, String user,
                        Properties properties, String passwordSource, Duration connectTimeout) {
        this.displayUri = displayUri;
        this.host = host;
        this.port = port;
        this.database = database;
        this.user = user;
        this.properties = properties;
        this.passwordSource = passwordSource;
        this.connectTimeout = connectTimeout;
    }

    /** Whether the text names a PostgreSQL database in one of the forms {@link #parse} reads. */
    public static boolean accepts(String uri) {
        return uri.startsWith("jdbc:postgresql:") || uri.matches("(?s)postgresql(\\+\\w+)?://.*");
    }

    /** Reads the URI with this process's environment and home folder. */
    public static PostgresUri parse(String uri) {
        return parse(uri, System.getenv(), Path.of(System.getProperty("user.home")));
    }

    /**
     * @param env the environment libpq would read ({@code PGHOST}, {@code PGPASSWORD}, {@code PGPASSFILE} …)
     * @param home the home folder holding {@code .pgpass}
     */
    public static PostgresUri parse(String uri, Map<String, String> env, Path home) {
        if (uri.startsWith("jdbc:postgresql:")) {
            return fromJdbc(uri, env, home);
        }
        Matcher m = SQLALCHEMY_URL.matcher(uri);
        if (!m.matches() || !accepts(uri)) {
            throw new BackendException("not a PostgreSQL database URI: " + Redaction.redact(uri));
        }
        // SQLAlchemy percent-decodes only the user name and the password; the query as a form.
        String user = decodeOrNull(m.group("username"));
        String password = decodeOrNull(m.group("password"));
        String host = m.group("ipv6host") != null ? m.group("ipv6host") : m.group("ipv4host");
        String port = emptyToNull(m.group("port"));
        String database = emptyToNull(m.group("database"));
        Properties props = new Properties();
        String connectTimeout = null;
        for (Map.Entry<String, String> param : query(m.group("query"), uri).entrySet()) {
            String name = param.getKey();
            String value = param.getValue();
            switch (name) {
                case "host" -> host = value;
                case "port" -> port = value;
                case "dbname" -> database = value;
                case "user" -> user = value;
                case "password" -> password = value;
                case "connect_timeout" -> connectTimeout = value;
                default -> {
                    String property = QUERY_TO_PGJDBC.get(name);
                    if (property == null) {
                        throw new BackendException("unsupported connection parameter '" + name + "' in "
                                + Redaction.redact(uri) + " (supported: host, port, dbname, user, password, connect_timeout, "
                                + String.join(", ", QUERY_TO_PGJDBC.keySet()) + ")");
                    }
                    props.setProperty(property, value);
                }
            }
        }
        if (port != null && !port.matches("\\d+")) {
            throw new BackendException("port '" + port + "' is not a number in " + Redaction.redact(uri));
        }
        return resolve(displayOf(m), host, port, database, user, password, connectTimeout, props, env, home);
    }

    private static PostgresUri fromJdbc(String uri, Map<String, String> env, Path home) {
        Properties parsed = Driver.parseURL(uri, new Properties());
        if (parsed == null) {
            throw new BackendException("not a PostgreSQL JDBC URL: " + Redaction.redact(uri));
        }
        String host = parsed.getProperty("PGHOST");
        String port = parsed.getProperty("PGPORT");
        String database = emptyToNull(parsed.getProperty("PGDBNAME"));
        String user = (String) parsed.remove("user");
        String password = (String) parsed.remove("password");
        PGJDBC_LOCATION_KEYS.forEach(parsed::remove);
        // pgjdbc's own timeout properties stay in the URL's properties
        return resolve(Redaction.redact(uri), host, port, database, user, password, null, parsed, env, home);
    }

    /** Fills what the URI left out as libpq does, password last since the password file is keyed by the rest. */
    private static PostgresUri resolve(String display, String host, String port, String database, String user,
                                       String password, String connectTimeout, Properties props,
                                       Map<String, String> env, Path home) {
        host = firstNonEmpty(host, env.get("PGHOST"), "localhost");
        if (host.startsWith("/")) {
            throw new BackendException("Unix-domain sockets (host " + host + ") cannot be reached from Java;"
                    + " connect through TCP, e.g. host=localhost, in " + display);
        }
        port = firstNonEmpty(port, env.get("PGPORT"), "5432");
        user = firstNonEmpty(user, env.get("PGUSER"), System.getProperty("user.name"));
        database = firstNonEmpty(database, env.get("PGDATABASE"), user);
        copyEnvDefault(props, "sslmode", env.get("PGSSLMODE"), "prefer");
        copyEnvDefault(props, "options", env.get("PGOPTIONS"), null);
        props.setProperty("user", user);
        String source = null;
        if (password != null && !password.isEmpty()) {
            source = "the URI";
        } else if (env.get("PGPASSWORD") != null && !env.get("PGPASSWORD").isEmpty()) {
            password = env.get("PGPASSWORD");
            source = "PGPASSWORD";
        } else {
            Path passfile = env.get("PGPASSFILE") != null ? Path.of(env.get("PGPASSFILE")) : home.resolve(".pgpass");
            password = PasswordFile.lookup(passfile, host, port, database, user);
            source = password == null ? null : passfile.toString();
        }
        if (password != null) {
            props.setProperty("password", password);
        }
        String timeout = firstNonEmpty(connectTimeout, env.get("PGCONNECT_TIMEOUT"));
        return new PostgresUri(display, host, port, database, user, props, source,
                timeout == null ? null : libpqTimeout(timeout, display));
    }

    /** libpq's reading of {@code connect_timeout}: whole seconds, at least 2; zero or less waits for ever. */
    private static Duration libpqTimeout(String value, String display) {
        long seconds;
        try {
            seconds = Long.parseLong(value.trim());
        } catch (NumberFormatException e) {
            throw new BackendException("invalid integer value \"" + value + "\" for connection option \"connect_timeout\" in "
                    + display);
        }
        return seconds <= 0 ? Duration.ZERO : Duration.ofSeconds(Math.max(2, seconds));
    }

    /** The URI as the user wrote it, with the password replaced. */
    private static String displayOf(Matcher m) {
        String text = m.group();
        if (m.group("password") == null) {
            return Redaction.redact(text);
        }
        return Redaction.redact(m.group("name") + "://" + m.group("username") + ":***" + text.substring(m.end("password")));
    }

    private static Map<String, String> query(String query, String uri) {
        Map<String, String> out = new LinkedHashMap<>();
        if (query == null) {
            return out;
        }
        for (String pair : query.split("&")) {
            int eq = pair.indexOf('=');
            if (eq < 0 || eq == pair.length() - 1) {
                continue; // parse_qsl drops blank values
            }
            String name = unquote(pair.substring(0, eq).replace('+', ' '));
            String value = unquote(pair.substring(eq + 1).replace('+', ' '));
            if (out.put(name, value) != null) {
                throw new BackendException("connection parameter '" + name + "' is given twice in "
                        + Redaction.redact(uri));
            }
        }
        return out;
    }

    private static void copyEnvDefault(Properties props, String name, String envValue, String fallback) {
        if (props.getProperty(name) == null) {
            String value = firstNonEmpty(envValue, fallback);
            if (value != null) {
                props.setProperty(name, value);
            }
        }
    }

    private static String firstNonEmpty(String... values) {
        for (String v : values) {
            if (v != null && !v.isEmpty()) {
                return v;
            }
        }
        return null;
    }

    private static String decodeOrNull(String s) {
        return s == null ? null : unquote(s);
    }

    /** Python's {@code urllib.parse.unquote}: {@code %XX} as UTF-8, malformed escapes and {@code +} kept as they are. */
    static String unquote(String s) {
        if (s.indexOf('%') < 0) {
            return s;
        }
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(s.length());
        byte[] raw = s.getBytes(StandardCharsets.UTF_8);
        for (int i = 0; i < raw.length; i++) {
            if (raw[i] == '%' && i + 2 < raw.length && isHex(raw[i + 1]) && isHex(raw[i + 2])) {
                bytes.write(Integer.parseInt(new String(raw, i + 1, 2, StandardCharsets.US_ASCII), 16));
                i += 2;
            } else {
                bytes.write(raw[i]);
            }
        }
        return bytes.toString(StandardCharsets.UTF_8);
    }

    private static boolean isHex(byte b) {
        return (b >= '0' && b <= '9') || (b >= 'a' && b <= 'f') || (b >= 'A' && b <= 'F');
    }

    private static String emptyToNull(String s) {
        return s == null || s.isEmpty() ? null : s;
    }

    /** The JDBC URL without any credential; the rest travels in {@link #properties()}. */
    public String jdbcUrl() {
        String hostPart = host.contains(":") ? "[" + host + "]" : host;
        return "jdbc:postgresql://" + hostPart + ":" + port + "/" + URLEncoder.encode(database, StandardCharsets.UTF_8);
    }

    /** Connection properties for pgjdbc: user, password, sslmode, options (e.g. {@code -csearch_path=…}). */
    public Properties properties() {
        Properties copy = new Properties();
        copy.putAll(properties);
        return copy;
    }

    public Connection connect() throws SQLException {
        return new Driver().connect(jdbcUrl(), properties());
    }

    /** The URI with the password hidden. */
    public String displayUri() {
        return displayUri;
    }

    public String host() {
        return host;
    }

    public String port() {
        return port;
    }

    public String database() {
        return database;
    }

    public String user() {
        return user;
    }

    /** {@code connect_timeout} from the URI or {@code PGCONNECT_TIMEOUT}: {@code null} if neither, zero for no limit. */
    public Duration connectTimeout() {
        return connectTimeout;
    }

    /** Where the password came from ("the URI", "PGPASSWORD", the password file's path), or {@code null}: none. */
    public String passwordSource() {
        return passwordSource;
    }

    @Override
    public String toString() {
        return displayUri;
    }
}
