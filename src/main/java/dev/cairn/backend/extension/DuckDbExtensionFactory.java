package dev.cairn.backend.extension;

import dev.cairn.backend.BackendException;
import dev.cairn.backend.BackendFactory;
import dev.cairn.backend.BackendKind;
import dev.cairn.backend.BackendOptions;
import dev.cairn.backend.StateBackend;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;

/**
 * Opens the tables of Meltano's DuckDB state backend extension: {@code duckdb:///path/file.duckdb}
 * (a path after {@code duckdb://}, as the extension hands it to {@code duckdb.connect}) or
 * {@code duckdb://md:database} for MotherDuck, which is untested.
 */
public final class DuckDbExtensionFactory implements BackendFactory {

    public static final String KIND = "duckdb";
    public static final String SCHEME = "duckdb";
    public static final String EXAMPLE_URI = "duckdb:///path/to/meltano-state.duckdb";
    /** Meltano's setting names without {@code state_backend.} (backend.py lines 62-97). */
    public static final String DATABASE = "duckdb.database";
    /** The one secret setting. */
    public static final String MOTHERDUCK_TOKEN = "duckdb.motherduck_token";
    public static final String SCHEMA = "duckdb.schema";
    public static final String TABLE = "duckdb.table";
    /** backend.py lines 49-50. */
    public static final String DEFAULT_SCHEMA = "meltano";
    public static final String DEFAULT_TABLE = "state";
    private static final BackendKind DESCRIPTION = new BackendKind(KIND, "Meltano's DuckDB state backend extension",
            List.of(SCHEME), EXAMPLE_URI, null, List.of(
                    PostgresExtensionFactory.setting(DATABASE, "DuckDB Database"),
                    PostgresExtensionFactory.setting(MOTHERDUCK_TOKEN, "MotherDuck Token").asSecret(),
                    PostgresExtensionFactory.setting(SCHEMA, "DuckDB Schema").withDefault(DEFAULT_SCHEMA).withHint(DEFAULT_SCHEMA).inConnectForm(),
                    PostgresExtensionFactory.setting(TABLE, "DuckDB Table").withDefault(DEFAULT_TABLE).withHint(DEFAULT_TABLE).inConnectForm()),
            false);
    /** backend.py line 53. */
    private static final String MOTHERDUCK = "md:";

    @Override
    public boolean accepts(String uri) {
        return uri.startsWith(SCHEME + ":");
    }

    @Override
    public BackendKind kind() {
        return DESCRIPTION;
    }

    @Override
    public StateBackend open(String uri, BackendOptions options) {
        String target = options.setting(DATABASE);
        String token = options.setting(MOTHERDUCK_TOKEN);
        String rest = uri.substring(SCHEME.length() + 1);
        int query = rest.indexOf('?');
        if (query >= 0) {
            for (String pair : rest.substring(query + 1).split("&")) {
                if (pair.startsWith("motherduck_token=") && token == null) {
                    token = URLDecoder.decode(pair.substring("motherduck_token=".length()), StandardCharsets.UTF_8);
                }
            }
            rest = rest.substring(0, query);
        }
        if (target == null || target.isEmpty()) {
            // backend.py line 128: netloc and path of the URI, unquoted
            target = unquote(rest.startsWith("//") ? rest.substring(2) : rest);
        }
        if (target.isEmpty()) {
            throw new BackendException("DuckDB database path or MotherDuck database is required: " + EXAMPLE_URI);
        }
        if (target.equals(":memory:")) {
            throw new BackendException("an in-memory DuckDB (:memory:) keeps no state from one command to the next");
        }
        String schema = options.settings().getOrDefault(SCHEMA, DEFAULT_SCHEMA);
        String table = options.settings().getOrDefault(TABLE, DEFAULT_TABLE);
        boolean motherduck = target.startsWith(MOTHERDUCK);
        Path file = motherduck ? null : Path.of(target).toAbsolutePath().normalize();
        String connectTo = motherduck ? target : file.toString();
        String display = SCHEME + "://" + (motherduck ? target : file.toString())
                + (schema.equals(DEFAULT_SCHEMA) && table.equals(DEFAULT_TABLE) ? "" : " (table " + schema + "." + table + ")");
        return new ExtensionBackend(new DuckDbExtension(display, connectTo, file, catalog(target), schema, table, token,
                options.readOnly()), options.lockWait());
    }

    /**
     * The catalog DuckDB names after the target, as the extension's {@code catalog_name_from_target}
     * (backend.py lines 136-165): a file's name without its last extension, a MotherDuck database's name.
     */
    static String catalog(String target) {
        String name;
        if (target.startsWith(MOTHERDUCK) || target.startsWith("motherduck:")) {
            String path = target.substring(target.indexOf(':') + 1);
            int q = path.indexOf('?');
            name = stem(baseName(q < 0 ? path : path.substring(0, q)));
            return name.isEmpty() ? "my_db" : name;
        }
        return stem(baseName(target));
    }

    private static String baseName(String path) {
        return path.substring(path.lastIndexOf('/') + 1);
    }

    /** Python's {@code os.path.splitext(name)[0]}: a leading dot starts no extension. */
    private static String stem(String name) {
        int dot = name.lastIndexOf('.');
        int start = 0;
        while (start < name.length() && name.charAt(start) == '.') {
            start++;
        }
        return dot > start ? name.substring(0, dot) : name;
    }

    /** Python's {@code urllib.parse.unquote}: {@code %XX} decoded, {@code +} kept. */
    private static String unquote(String s) {
        return s.indexOf('%') < 0 ? s : URLDecoder.decode(s.replace("+", "%2B"), StandardCharsets.UTF_8);
    }
}
