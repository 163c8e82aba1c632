package dev.cairn.backend.systemdb;

import dev.cairn.backend.BackendException;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.concurrent.locks.ReentrantLock;

/**
 * One connection, used by one piece of work at a time, in the order they asked. For SQLite: the
 * database takes one writer at a time anyway, so more connections only add lock waits between them
 * (and SQLITE_BUSY after the busy timeout) where waiting in turn here costs nothing.
 */
final class SerializedConnection implements ConnectionSource {

    /** Opens the connection: on first use, and again if it was closed under us. */
    interface Opener {
        Connection open() throws SQLException;
    }

    private final Opener opener;
    private final ReentrantLock turn = new ReentrantLock(true);
    private Connection connection;
    private volatile boolean closed;

    SerializedConnection(Opener opener) {
        this.opener = opener;
    }

    @Override
    public <T> T use(Work<T> work) throws SQLException {
        try {
            turn.lockInterruptibly();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new BackendException("interrupted while waiting for the database connection");
        }
        try {
            if (closed) {
                throw new BackendException("the backend is closed");
            }
            if (connection == null || connection.isClosed()) {
                connection = opener.open();
            }
            return work.run(connection);
        } finally {
            if (closed) {
                closeConnection();
            }
            turn.unlock();
        }
    }

    /** Does not wait for the work running now: that work closes the connection when it ends. */
    @Override
    public void close() {
        closed = true;
        if (turn.tryLock()) {
            try {
                closeConnection();
            } finally {
                turn.unlock();
            }
        }
    }

    private void closeConnection() {
        if (connection != null) {
            try {
                connection.close();
            } catch (SQLException ignored) {
                // closing has nothing left to report
            }
            connection = null;
        }
    }
}
