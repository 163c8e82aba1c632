package dev.cairn.backend.systemdb;

import java.sql.Connection;
import java.sql.SQLException;

/** Where {@link SystemDbBackend} gets the connection for one piece of work: a pool, or one shared connection. */
public interface ConnectionSource extends AutoCloseable {

    /** One piece of work on a connection; the connection goes back when it ends. */
    interface Work<T> {
        T run(Connection c) throws SQLException;
    }

    /** Runs the work on a connection that nobody else uses meanwhile. */
    <T> T use(Work<T> work) throws SQLException;

    @Override
    void close();
}
