package dev.cairn.testing;

import com.sun.net.httpserver.HttpServer;
import java.util.concurrent.CountDownLatch;

/**
 * An S3 endpoint on a loopback port that says its bucket exists and answers nothing else: a backend
 * opens on it (the open checks the bucket with a HEAD), and every request after that hangs, until
 * the client's read timeout or until this server closes.
 */
public final class SilentS3 implements AutoCloseable {

    private final CountDownLatch closed = new CountDownLatch(1);
    private final HttpServer server;

    public SilentS3() {
        server = LoopbackHttp.start("test-silent-s3", exchange -> {
            if (exchange.getRequestMethod().equals("HEAD")) {
                exchange.sendResponseHeaders(200, -1);
            } else {
                try {
                    closed.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            exchange.close();
        });
    }

    /** The endpoint, as the {@code s3.endpoint_url} setting takes it. */
    public String endpoint() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    @Override
    public void close() {
        closed.countDown();
        server.stop(0);
    }
}
