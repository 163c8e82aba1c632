package dev.cairn.backend.extension;

import java.sql.Connection;
import java.sql.DriverManager;

/**
 * A second process holding a DuckDB file open, as a running pipeline does: opens the file named by
 * its argument, prints {@code ready}, and keeps it until its standard input closes.
 */
public final class DuckDbHolder {

    private DuckDbHolder() {}

    public static void main(String[] args) throws Exception {
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:" + args[0])) {
            c.createStatement().execute("SELECT 1");
            System.out.println("ready");
            System.out.flush();
            while (System.in.read() >= 0) {
                // held until the test closes our input
            }
        }
    }
}
