package dev.cairn.backend.extension;

import dev.cairn.backend.BackendException;
import dev.cairn.backend.BackendFactory;
import dev.cairn.backend.BackendKind;
import dev.cairn.backend.BackendOptions;
import dev.cairn.backend.BackendSetting;
import dev.cairn.backend.Redaction;
import dev.cairn.backend.StateBackend;
import dev.cairn.backend.systemdb.PostgresBackendFactory;
import dev.cairn.backend.systemdb.PostgresPool;
import dev.cairn.backend.systemdb.PostgresUri;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Opens the table of Meltano's PostgreSQL state backend extension: {@code postgresql+extension://…}
 * always, and a plain {@code postgresql://…} URI whose database turns out to hold the extension's
 * table (in its layout) and none of Meltano's system tables. Any other {@code postgresql://} database is the system
 * database, as before: this factory is listed before the system database's so that it sees those URIs first.
 */
public final class PostgresExtensionFactory implements BackendFactory {

    /** The kind, as {@code --backend-kind} and the docs name it. */
    public static final String KIND = "postgresql-extension";
    /** The scheme that names the extension's table whatever the database holds. */
    public static final String SCHEME = "postgresql+extension";
    public static final String EXAMPLE_URI = SCHEME + "://user:password@host:5432/db?options=-csearch_path%3Dschema";
    /** Meltano's setting names without {@code state_backend.} (backend.py lines 45-108), and what each does. */
    public static final String HOST = "postgresql.host";
    public static final String PORT = "postgresql.port";
    public static final String DATABASE = "postgresql.database";
    public static final String USER = "postgresql.user";
    /** The one secret setting. */
    public static final String PASSWORD = "postgresql.password";
    /** Null by default: the table is found through the connection's {@code search_path} (backend.py lines 210-212). */
    public static final String SCHEMA = "postgresql.schema";
    public static final String SSLMODE = "postgresql.sslmode";
    public static final String TABLE = "postgresql.table";
    public static final String DEFAULT_TABLE = "state";
    /** The settings in the order the extension declares them, with their labels there. */
    private static final BackendKind DESCRIPTION = new BackendKind(KIND, "Meltano's PostgreSQL state backend extension",
            List.of(SCHEME), EXAMPLE_URI, PostgresExtensionFactory::problem, List.of(
                    setting(HOST, "PostgreSQL Host"), setting(PORT, "PostgreSQL Port"),
                    setting(DATABASE, "PostgreSQL Database"), setting(USER, "PostgreSQL User"),
                    setting(PASSWORD, "PostgreSQL Password").asSecret(), setting(SCHEMA, "PostgreSQL Schema").withHint("empty: the connection's search_path").inConnectForm(),
                    setting(SSLMODE, "PostgreSQL SSL Mode"), setting(TABLE, "PostgreSQL Table").withDefault(DEFAULT_TABLE).withHint(DEFAULT_TABLE).inConnectForm()),
            false);

    /** Each setting's connection parameter in a URI's query, which {@link PostgresUri} lets override the URI's parts. */
    private static final Map<String, String> QUERY_PARAMETERS = Map.of(HOST, "host", PORT, "port", DATABASE, "dbname",
            USER, "user", PASSWORD, "password", SSLMODE, "sslmode");

    @Override
    public boolean accepts(String uri) {
        return uri.startsWith(SCHEME + "://") || uri.matches("(?s)postgresql(\\+psycopg2?)?://.*");
    }

    @Override
    public BackendKind kind() {
        return DESCRIPTION;
    }

    /** Meltano's {@code state_backend.KEY}, also read from {@code MELTANO_STATE_BACKEND_KEY}. */
    static BackendSetting setting(String key, String label) {
        return BackendSetting.meltano(key, "MELTANO_STATE_BACKEND_" + key.toUpperCase(Locale.ROOT).replace('.', '_'), label);
    }

    /** As a system database's URI, whose form this is. */
    private static String problem(String uri) {
        return PostgresBackendFactory.problem("postgresql" + uri.substring(SCHEME.length()));
    }

    @Override
    public StateBackend open(String uri, BackendOptions options) {
        if (uri.startsWith(SCHEME + "://")) {
            return openExtension("postgresql" + uri.substring(SCHEME.length()), options);
        }
        StateBackend systemDb = new PostgresBackendFactory().open(uri, options);
        if (systemDb.runs().isPresent()) {
            return systemDb; // Meltano's runs table: a system database
        }
        StateBackend extension = null;
        try {
            extension = openExtension(uri, options);
            if (onlyTheExtensionsTable((ExtensionBackend) extension, options)) {
                systemDb.close();
                return extension;
            }
        } catch (BackendException e) {
            // not the extension's either: the system database's own account of it stands
        }
        if (extension != null) {
            extension.close();
        }
        return systemDb;
    }

    /**
     * The extension's table is there in the extension's own layout, and Meltano's
     * {@code alembic_version} is not (it holds a system database's migrations). The two tables have
     * the same columns; the extension's DDL makes its documents {@code TEXT} (backend.py lines
     * 245-246) where Meltano's migrations make them {@code VARCHAR}, so a system database's
     * {@code state} table alone (a hand-made or pruned one) stays a system database.
     */
    private static boolean onlyTheExtensionsTable(ExtensionBackend extension, BackendOptions options) {
        String schema = options.setting(SCHEMA);
        String table = PostgresExtension.quoted(options.settings().getOrDefault(TABLE, DEFAULT_TABLE));
        String name = schema == null ? table : PostgresExtension.quoted(schema) + "." + table;
        return extension.probe(c -> {
            try (PreparedStatement s = c.prepareStatement("SELECT to_regclass('alembic_version') IS NULL AND EXISTS ("
                    + "SELECT 1 FROM pg_attribute WHERE attrelid = to_regclass(?) AND attname = 'partial_state'"
                    + " AND format_type(atttypid, atttypmod) = 'text')")) {
                s.setString(1, name);
                try (ResultSet rows = s.executeQuery()) {
                    rows.next();
                    return rows.getBoolean(1);
                }
            }
        });
    }

    private static StateBackend openExtension(String uri, BackendOptions options) {
        PostgresUri shown = PostgresUri.parse(uri);
        if (shown.database() != null && shown.database().contains("/")) {
            // libpq (so the extension) would take "db/schema" for the database's name
            throw new BackendException(Redaction.redact(uri) + ": a schema is not part of the path for the PostgreSQL"
                    + " extension: add ?options=-csearch_path%3Dschema or the setting " + SCHEMA);
        }
        PostgresUri pg = PostgresUri.parse(withSettings(uri, options));
        String table = options.settings().getOrDefault(TABLE, DEFAULT_TABLE);
        String schema = options.setting(SCHEMA);
        String display = SCHEME + shown.displayUri().substring(shown.displayUri().indexOf("://"))
                + (schema == null && table.equals(DEFAULT_TABLE) ? "" : " (table " + (schema == null ? "" : schema + ".") + table + ")");
        PostgresPool pool = PostgresPool.open(pg, options);
        try {
            return new ExtensionBackend(new PostgresExtension(display, pool, schema, table), options.lockWait());
        } catch (RuntimeException e) {
            pool.close();
            throw e;
        }
    }

    /**
     * The URI with the extension's settings added as connection parameters: a setting overrides
     * what the URI says, as the extension's {@code conninfo_from_params} applies them (backend.py lines 122-135).
     */
    static String withSettings(String uri, BackendOptions options) {
        Map<String, String> given = new LinkedHashMap<>();
        for (BackendSetting setting : DESCRIPTION.settings()) {
            String parameter = QUERY_PARAMETERS.get(setting.key());
            String value = options.setting(setting.key());
            if (parameter != null && value != null && !value.isEmpty()) {
                given.put(parameter, value);
            }
        }
        if (given.isEmpty()) {
            return uri;
        }
        int q = uri.indexOf('?');
        List<String> query = new ArrayList<>();
        if (q >= 0) {
            for (String pair : uri.substring(q + 1).split("&")) {
                if (!given.containsKey(pair.split("=", 2)[0])) {
                    query.add(pair);
                }
            }
        }
        given.forEach((parameter, value) -> query.add(parameter + "=" + URLEncoder.encode(value, StandardCharsets.UTF_8)));
        return (q < 0 ? uri : uri.substring(0, q)) + "?" + String.join("&", query);
    }
}
