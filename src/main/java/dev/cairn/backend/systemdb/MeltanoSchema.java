package dev.cairn.backend.systemdb;

import dev.cairn.backend.BackendException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;

/**
 * Meltano's system-database tables at migration head {@code c0efb3c314eb}, with the exact DDL its
 * migrations produce (reference §1.2, §1.3). Cairn never creates these in a user's database; this
 * is for the databases it makes itself: the demo workspace, tests and benchmarks.
 */
public final class MeltanoSchema {

    public static final String HEAD_REVISION = "c0efb3c314eb";
    /** The last revision without the {@code state} table (Meltano 2.2.0 to 2.7.0), where {@code runs} got its name. */
    public static final String BEFORE_STATE_TABLE = "5b43800443d1";

    private static final List<String> SQLITE = List.of(
            "CREATE TABLE alembic_version (\n\tversion_num VARCHAR(32) NOT NULL, \n"
                    + "\tCONSTRAINT alembic_version_pkc PRIMARY KEY (version_num)\n)",
            "CREATE TABLE \"runs\" (\n\tid INTEGER NOT NULL, \n\tjob_name VARCHAR, \n\tstate VARCHAR(7), \n"
                    + "\tstarted_at DATETIME, \n\tended_at DATETIME, \n\tpayload VARCHAR, \n"
                    + "\tpayload_flags INTEGER, run_id CHAR(32), \"trigger\" VARCHAR, last_heartbeat_at DATETIME, \n"
                    + "\tPRIMARY KEY (id)\n)",
            "CREATE TABLE plugin_settings (\n\tlabel VARCHAR(255), \n\tdescription TEXT, \n\tname VARCHAR(255) NOT NULL, \n"
                    + "\tnamespace VARCHAR(255), \n\tvalue BLOB, \n\tenabled BOOLEAN, \n\tPRIMARY KEY (name, namespace)\n)",
            "CREATE TABLE state (\n\tstate_id VARCHAR(900) NOT NULL, \n\tpartial_state VARCHAR, \n"
                    + "\tcompleted_state VARCHAR, \n\tupdated_at DATETIME, \n\tPRIMARY KEY (state_id), \n\tUNIQUE (state_id)\n)");

    private static final List<String> POSTGRES = List.of(
            "CREATE TABLE alembic_version (\n\tversion_num VARCHAR(32) NOT NULL, \n"
                    + "\tCONSTRAINT alembic_version_pkc PRIMARY KEY (version_num)\n)",
            "CREATE TABLE runs (\n\tid SERIAL NOT NULL, \n\tjob_name VARCHAR, \n\tstate VARCHAR, \n"
                    + "\tstarted_at TIMESTAMP WITHOUT TIME ZONE, \n\tended_at TIMESTAMP WITHOUT TIME ZONE, \n"
                    + "\tpayload VARCHAR, \n\tpayload_flags INTEGER, \n\trun_id UUID, \n\t\"trigger\" VARCHAR, \n"
                    + "\tlast_heartbeat_at TIMESTAMP WITHOUT TIME ZONE, \n\tCONSTRAINT job_pkey PRIMARY KEY (id)\n)",
            "CREATE TABLE state (\n\tstate_id VARCHAR(900) NOT NULL, \n\tpartial_state VARCHAR, \n"
                    + "\tcompleted_state VARCHAR, \n\tupdated_at TIMESTAMP WITHOUT TIME ZONE, \n"
                    + "\tPRIMARY KEY (state_id), \n\tUNIQUE (state_id)\n)");

    private MeltanoSchema() {}

    /** Creates a new SQLite system database file in WAL mode, as Meltano leaves it. */
    public static void createSqlite(Path file) {
        createSqlite(file, SQLITE, HEAD_REVISION);
    }

    /** Creates the tables in the connection's current PostgreSQL schema. */
    public static void createPostgres(Connection c) throws SQLException {
        create(c, POSTGRES, HEAD_REVISION);
    }

    /**
     * A database as Meltano 2.2.0 to 2.7.0 left it: {@code runs} (already with its final columns)
     * and no {@code state} table, at {@link #BEFORE_STATE_TABLE}. The old UI tables of that era are
     * left out: nothing of Cairn's reads them.
     */
    public static void createSqliteBeforeStateTable(Path file) {
        createSqlite(file, SQLITE.subList(0, SQLITE.size() - 1), BEFORE_STATE_TABLE);
    }

    /** {@link #createSqliteBeforeStateTable} in the connection's current PostgreSQL schema. */
    public static void createPostgresBeforeStateTable(Connection c) throws SQLException {
        create(c, POSTGRES.subList(0, POSTGRES.size() - 1), BEFORE_STATE_TABLE);
    }

    private static void createSqlite(Path file, List<String> ddl, String revision) {
        if (Files.exists(file)) {
            throw new BackendException(file + " already exists");
        }
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + file)) {
            try (Statement s = c.createStatement()) {
                s.execute("PRAGMA journal_mode=WAL");
            }
            create(c, ddl, revision);
        } catch (SQLException e) {
            throw new BackendException("cannot create " + file + ": " + e.getMessage(), e);
        }
    }

    private static void create(Connection c, List<String> ddl, String revision) throws SQLException {
        try (Statement s = c.createStatement()) {
            for (String statement : ddl) {
                s.execute(statement);
            }
            s.execute("INSERT INTO alembic_version (version_num) VALUES ('" + revision + "')");
        }
    }
}
