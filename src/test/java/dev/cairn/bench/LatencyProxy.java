package dev.cairn.bench;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A TCP proxy on loopback that delays every byte by a fixed time in each direction, as the network
 * between a user and a cloud S3 or PostgreSQL does: a request and its answer cost one round trip
 * (twice the delay) more than on loopback, while bytes keep flowing (a chunk read is forwarded
 * when its own delay is up, not after the previous one's), so concurrent requests overlap their
 * round trips as on a real network. Bounded: at most {@link #MAX_CONNECTIONS} connections at once,
 * each direction holding at most {@link #MAX_CHUNKS_IN_FLIGHT} chunks (the reader waits when full);
 * everything stops on {@link #close}. Listens on 127.0.0.1 only.
 */
final class LatencyProxy implements AutoCloseable {

    static final int MAX_CONNECTIONS = 256;
    static final int MAX_CHUNKS_IN_FLIGHT = 256;

    /** A chunk read from one side, to be written to the other at {@code dueNanos}; an empty one is the end of the stream. */
    private record Chunk(long dueNanos, byte[] bytes) {}

    private static final byte[] END = new byte[0];

    private final ServerSocket server;
    private final int upstreamPort;
    private final long delayNanos;
    private final List<Connection> open = new CopyOnWriteArrayList<>();
    private final AtomicInteger threads = new AtomicInteger();
    private volatile boolean closed;

    /** Starts forwarding a free loopback port to {@code 127.0.0.1:upstreamPort}, {@code oneWay} late each way. */
    LatencyProxy(int upstreamPort, Duration oneWay) throws IOException {
        this.upstreamPort = upstreamPort;
        this.delayNanos = oneWay.toNanos();
        this.server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        thread("accept", this::accept).start();
    }

    /** The port to connect to instead of the upstream one. */
    int port() {
        return server.getLocalPort();
    }

    /** A client's connection and the proxy's own to the upstream; closed once both directions have ended. */
    private final class Connection {
        final Socket client;
        final Socket upstream;
        final AtomicInteger ended = new AtomicInteger();

        Connection(Socket client, Socket upstream) {
            this.client = client;
            this.upstream = upstream;
        }

        void directionEnded() {
            if (ended.incrementAndGet() == 2) {
                close();
            }
        }

        void close() {
            closeQuietly(client);
            closeQuietly(upstream);
            open.remove(this);
        }
    }

    private void accept() {
        while (!closed) {
            Socket client;
            try {
                client = server.accept();
            } catch (IOException e) {
                return; // closed
            }
            if (open.size() >= MAX_CONNECTIONS) {
                closeQuietly(client); // over the bound: refused, as a full server would
                continue;
            }
            try {
                Socket upstream = new Socket();
                upstream.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), upstreamPort), 10_000);
                client.setTcpNoDelay(true);
                upstream.setTcpNoDelay(true);
                Connection connection = new Connection(client, upstream);
                open.add(connection);
                forward(connection, client, upstream);
                forward(connection, upstream, client);
            } catch (IOException e) {
                closeQuietly(client);
            }
        }
    }

    /** One direction: a reader stamps each chunk with its due time, a writer sends it when due. */
    private void forward(Connection connection, Socket from, Socket to) throws IOException {
        BlockingQueue<Chunk> inFlight = new ArrayBlockingQueue<>(MAX_CHUNKS_IN_FLIGHT);
        InputStream in = from.getInputStream();
        OutputStream out = to.getOutputStream();
        thread("read", () -> {
            byte[] buffer = new byte[64 * 1024];
            try {
                int n;
                while ((n = in.read(buffer)) > 0 && enqueue(inFlight, Arrays.copyOf(buffer, n), from)) {
                    // forwarded by the writer when due
                }
            } catch (IOException e) {
                // the connection or the proxy closed: end this direction
            }
            enqueue(inFlight, END, from);
        }).start();
        thread("write", () -> {
            try {
                while (true) {
                    Chunk chunk = inFlight.poll(100, TimeUnit.MILLISECONDS);
                    if (chunk == null) {
                        if (to.isClosed()) {
                            return;
                        }
                        continue;
                    }
                    long wait = chunk.dueNanos() - System.nanoTime();
                    if (wait > 0) {
                        TimeUnit.NANOSECONDS.sleep(wait);
                    }
                    if (chunk.bytes() == END) {
                        break;
                    }
                    out.write(chunk.bytes());
                    out.flush();
                }
                to.shutdownOutput(); // the other side's end of stream, passed on as late as its bytes
                connection.directionEnded();
            } catch (IOException | InterruptedException e) {
                connection.close(); // the other direction's reader then ends too
            }
        }).start();
    }

    /** Queues a chunk, waiting while the queue is full; false once the connection closed meanwhile. */
    private boolean enqueue(BlockingQueue<Chunk> inFlight, byte[] bytes, Socket from) {
        Chunk chunk = new Chunk(System.nanoTime() + delayNanos, bytes);
        try {
            while (!inFlight.offer(chunk, 100, TimeUnit.MILLISECONDS)) {
                if (from.isClosed()) {
                    return false;
                }
            }
            return true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    private Thread thread(String role, Runnable body) {
        Thread t = new Thread(body, "latency-proxy-" + role + "-" + threads.incrementAndGet());
        t.setDaemon(true);
        return t;
    }

    @Override
    public void close() {
        closed = true;
        closeQuietly(server);
        open.forEach(Connection::close);
    }

    private static void closeQuietly(AutoCloseable closeable) {
        try {
            closeable.close();
        } catch (Exception e) {
            // closing: nothing left to do with it
        }
    }
}
