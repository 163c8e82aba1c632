package dev.cairn.testing;

import com.sun.net.httpserver.HttpHandler;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.util.concurrent.Executors;

/** An HTTP server on a free loopback port, for the proxies tests put in front of their servers. */
public final class LoopbackHttp {

    private LoopbackHttp() {}

    /**
     * Starts a server that hands every request to {@code handler}, each on a daemon thread named
     * {@code threadName} (so that a test's end never waits for one); {@code stop(0)} it when done.
     */
    public static HttpServer start(String threadName, HttpHandler handler) {
        HttpServer server;
        try {
            server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        server.setExecutor(Executors.newCachedThreadPool(r -> {
            Thread t = new Thread(r, threadName);
            t.setDaemon(true);
            return t;
        }));
        server.createContext("/", handler);
        server.start();
        return server;
    }
}
