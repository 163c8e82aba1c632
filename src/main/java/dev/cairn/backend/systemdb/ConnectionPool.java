package dev.cairn.backend.systemdb;

import dev.cairn.backend.BackendException;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;

/** A few reusable connections, so that concurrent bulk work does not open one per state. */
final class ConnectionPool implements AutoCloseable {

    /** Opens one connection. */
    interface Opener {
        Connection open() throws SQLException;
    }

    private final Opener opener;
    private final BlockingQueue<Connection> idle;
    private final List<Connection> all = new ArrayList<>();
    private final int size;
    private boolean closed;

    ConnectionPool(Opener opener, int size) {
        this.opener = opener;
        this.size = size;
        this.idle = new ArrayBlockingQueue<>(size);
    }

    Connection borrow() throws SQLException {
        Connection c = idle.poll();
        if (c != null) {
            return c;
        }
        synchronized (this) {
            if (closed) {
                throw new BackendException("the backend is closed");
            }
            if (all.size() < size) {
                Connection fresh = opener.open();
                all.add(fresh);
                return fresh;
            }
        }
        try {
            c = idle.poll(5, TimeUnit.MINUTES);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new BackendException("interrupted while waiting for a database connection");
        }
        if (c == null) {
            throw new BackendException("no database connection came free in 5 minutes");
        }
        return c;
    }

    /** Returns a connection; one whose last use broke it is closed and replaced later. */
    void release(Connection c, boolean broken) {
        if (broken) {
            synchronized (this) {
                all.remove(c);
            }
            closeQuietly(c);
        } else if (!idle.offer(c)) {
            closeQuietly(c);
        }
    }

    @Override
    public synchronized void close() {
        closed = true;
        all.forEach(ConnectionPool::closeQuietly);
        all.clear();
        idle.clear();
    }

    private static void closeQuietly(Connection c) {
        try {
            c.close();
        } catch (SQLException ignored) {
            // closing a broken connection has nothing left to report
        }
    }
}
