package dev.cairn.testing;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Predicate;

/**
 * A test server's bad day, put in front of it: forwards every HTTP request byte for byte (the Host
 * header too, so AWS signatures still hold) except those a scripted {@link #fail fault} picks, which
 * are answered with an error status before or after reaching the server, whose answer loses a
 * {@link #dropHeader header}, or whose answer is {@link #drip dripped} one byte at a time, whole or
 * {@link #dripBody after its head}. Requests go upstream as HTTP/1.0, one per connection, so answers
 * come back whole and unchunked. An answer's {@code Location} naming the server names the proxy
 * instead (a GCS upload's session URL), so that the client comes back through it.
 */
public final class FaultyHttpProxy implements AutoCloseable {

    /** A request as it arrived: method, raw path and raw query (or null). */
    public record Request(String method, String path, String query) {}

    private record Fault(Predicate<Request> which, int status, boolean afterForwarding, int[] left) {}

    private record Dropped(Predicate<Request> which, String header, int[] left) {}

    /** How an answer is sent: at once, or a byte per {@code every} (after its head, if {@code headAtOnce}). */
    private record Pace(Duration every, boolean headAtOnce) {
        static final Pace AT_ONCE = new Pace(Duration.ZERO, false);
    }

    private static final byte[] HEAD_END = "\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1);

    private static final Set<String> UNFORWARDED = Set.of("connection", "content-length", "expect", "transfer-encoding",
            "keep-alive");

    private final URI upstream;
    private final HttpServer server;
    /** Where clients connect: each connection is relayed to {@link #server}, so that its answers can be paced. */
    private final ServerSocket front;
    /** The relayed connections, by their local port towards the server (the port an exchange comes from). */
    private final Map<Integer, Relay> relays = new ConcurrentHashMap<>();
    private final List<Fault> faults = new CopyOnWriteArrayList<>();
    private final List<Dropped> dropped = new CopyOnWriteArrayList<>();
    private volatile Predicate<Request> dripped = r -> false;
    private volatile Pace dripPace = Pace.AT_ONCE;

    public FaultyHttpProxy(URI upstream) {
        this.upstream = upstream;
        server = LoopbackHttp.start("test-faulty-proxy", this::handle);
        try {
            front = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        } catch (IOException e) {
            server.stop(0);
            throw new UncheckedIOException(e);
        }
        daemon("test-faulty-proxy-accept", this::accept);
    }

    public URI endpoint() {
        return URI.create("http://127.0.0.1:" + front.getLocalPort());
    }

    /**
     * Answers the next {@code times} requests {@code which} picks with {@code status}: without
     * forwarding them, or after the server has carried them out ({@code afterForwarding}: the
     * answer was lost on its way back).
     */
    public void fail(Predicate<Request> which, int status, boolean afterForwarding, int times) {
        faults.add(new Fault(which, status, afterForwarding, new int[] {times}));
    }

    /** Answers the next {@code times} requests {@code which} picks without their answer's {@code header}. */
    public void dropHeader(Predicate<Request> which, String header, int times) {
        dropped.add(new Dropped(which, header, new int[] {times}));
    }

    /**
     * Sends the whole answer (status line, headers and body) to each request {@code which} picks
     * one byte per {@code every}: a server that keeps a connection alive, and so every read
     * timeout at bay, without ever finishing its answer.
     */
    public void drip(Predicate<Request> which, Duration every) {
        dripPace = new Pace(every, false);
        dripped = which;
    }

    /** As {@link #drip}, but the answer's head (status line and headers) is sent at once, its body dripped. */
    public void dripBody(Predicate<Request> which, Duration every) {
        dripPace = new Pace(every, true);
        dripped = which;
    }

    private Fault take(Request request, boolean afterForwarding) {
        for (Fault f : faults) {
            if (f.afterForwarding() == afterForwarding && f.which().test(request)) {
                synchronized (f.left()) {
                    if (f.left()[0] > 0) {
                        f.left()[0]--;
                        return f;
                    }
                }
            }
        }
        return null;
    }

    /** The headers (lower case) to leave out of the answer to this request. */
    private List<String> dropped(Request request) {
        List<String> headers = new ArrayList<>();
        for (Dropped d : dropped) {
            if (d.which().test(request)) {
                synchronized (d.left()) {
                    if (d.left()[0] > 0) {
                        d.left()[0]--;
                        headers.add(d.header().toLowerCase(Locale.ROOT));
                    }
                }
            }
        }
        return headers;
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            Request request = new Request(exchange.getRequestMethod(), exchange.getRequestURI().getRawPath(),
                    exchange.getRequestURI().getRawQuery());
            byte[] body = exchange.getRequestBody().readAllBytes();
            // set once the request is read: an interim "100 Continue" is not part of the answer
            relays.get(exchange.getRemoteAddress().getPort()).pace(dripped.test(request) ? dripPace : Pace.AT_ONCE);
            Fault before = take(request, false);
            if (before != null) {
                exchange.sendResponseHeaders(before.status(), -1);
                return;
            }
            Answer answer = forward(exchange, body);
            Fault after = take(request, true);
            if (after != null) {
                exchange.sendResponseHeaders(after.status(), -1);
                return;
            }
            List<String> drop = dropped(request);
            answer.headers().stream().filter(h -> !drop.contains(h[0].toLowerCase(Locale.ROOT)))
                    .forEach(h -> exchange.getResponseHeaders().add(h[0], h[0].equalsIgnoreCase("location")
                            ? h[1].replace(upstream.toString(), endpoint().toString()) : h[1]));
            boolean noBody = request.method().equals("HEAD") || answer.body().length == 0;
            exchange.sendResponseHeaders(answer.status(), noBody ? -1 : answer.body().length);
            if (!noBody) {
                exchange.getResponseBody().write(answer.body());
            }
        } catch (IOException | RuntimeException e) {
            // the client gave up: nothing more to say to it
        }
    }

    private record Answer(int status, List<String[]> headers, byte[] body) {}

    private Answer forward(HttpExchange exchange, byte[] body) throws IOException {
        StringBuilder head = new StringBuilder();
        URI uri = exchange.getRequestURI();
        head.append(exchange.getRequestMethod()).append(' ').append(uri.getRawPath())
                .append(uri.getRawQuery() == null ? "" : "?" + uri.getRawQuery()).append(" HTTP/1.0\r\n");
        exchange.getRequestHeaders().forEach((name, values) -> {
            if (!UNFORWARDED.contains(name.toLowerCase(Locale.ROOT))) {
                values.forEach(v -> head.append(name).append(": ").append(v).append("\r\n"));
            }
        });
        head.append("Content-Length: ").append(body.length).append("\r\n\r\n");
        try (Socket socket = new Socket(upstream.getHost(), upstream.getPort())) {
            OutputStream out = socket.getOutputStream();
            out.write(head.toString().getBytes(StandardCharsets.ISO_8859_1));
            out.write(body);
            out.flush();
            return answer(socket.getInputStream(), exchange.getRequestMethod().equals("HEAD"));
        }
    }

    private static Answer answer(InputStream in, boolean head) throws IOException {
        String status = line(in);
        List<String[]> headers = new ArrayList<>();
        long length = -1;
        for (String line; !(line = line(in)).isEmpty(); ) {
            int colon = line.indexOf(':');
            String name = line.substring(0, colon).trim();
            String value = line.substring(colon + 1).trim();
            String lower = name.toLowerCase(Locale.ROOT);
            if (lower.equals("content-length")) {
                length = Long.parseLong(value);
            } else if (!UNFORWARDED.contains(lower) && !lower.equals("date") && !lower.equals("server")) {
                headers.add(new String[] {name, value});
            }
        }
        byte[] body = head ? new byte[0] : length >= 0 ? in.readNBytes((int) length) : in.readAllBytes();
        return new Answer(Integer.parseInt(status.split(" ")[1]), headers, body);
    }

    private static String line(InputStream in) throws IOException {
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        for (int b; (b = in.read()) != -1 && b != '\n'; ) {
            if (b != '\r') {
                line.write(b);
            }
        }
        return line.toString(StandardCharsets.ISO_8859_1);
    }

    private void accept() {
        try {
            while (true) {
                Socket client = front.accept();
                Socket toServer = new Socket(InetAddress.getLoopbackAddress(), server.getAddress().getPort());
                Relay relay = new Relay(client, toServer);
                relays.put(toServer.getLocalPort(), relay);
                daemon("test-faulty-proxy-request", () -> relay.copy(client, toServer, false));
                daemon("test-faulty-proxy-answer", () -> relay.copy(toServer, client, true));
            }
        } catch (IOException closed) {
            // the proxy was closed: the test is over
        }
    }

    /** One client connection and its connection to the server, the answers sent on at the pace asked. */
    private final class Relay {
        private final Socket client;
        private final Socket toServer;
        /** The pace of the answer the server sends next, set for each exchange (which {@link #exchanges} counts). */
        private volatile Pace next = Pace.AT_ONCE;
        private final AtomicInteger exchanges = new AtomicInteger();

        Relay(Socket client, Socket toServer) {
            this.client = client;
            this.toServer = toServer;
        }

        void pace(Pace pace) {
            next = pace;
            exchanges.incrementAndGet();
        }

        void copy(Socket from, Socket to, boolean paced) {
            byte[] buffer = new byte[8192];
            Pace pace = Pace.AT_ONCE;
            int exchange = 0;
            int headEndSeen = 0;
            try {
                InputStream in = from.getInputStream();
                OutputStream out = to.getOutputStream();
                for (int n; (n = in.read(buffer)) != -1; ) {
                    if (paced && exchanges.get() != exchange) {
                        exchange = exchanges.get();
                        pace = next;
                        headEndSeen = 0;
                    }
                    if (!paced || pace.every().isZero()) {
                        out.write(buffer, 0, n);
                        continue;
                    }
                    for (int i = 0; i < n; i++) {
                        out.write(buffer[i]);
                        if (pace.headAtOnce() && headEndSeen < HEAD_END.length) {
                            headEndSeen = buffer[i] == HEAD_END[headEndSeen] ? headEndSeen + 1 : buffer[i] == '\r' ? 1 : 0;
                        } else {
                            Thread.sleep(pace.every().toMillis());
                        }
                    }
                }
            } catch (IOException | InterruptedException e) {
                // one side hung up (a client giving up on a dripped answer): so does the other
            } finally {
                close();
            }
        }

        void close() {
            relays.remove(toServer.getLocalPort());
            try (client; toServer) {
                // both closed
            } catch (IOException e) {
                // already closed
            }
        }
    }

    private static void daemon(String name, Runnable work) {
        Thread thread = new Thread(work, name);
        thread.setDaemon(true);
        thread.start();
    }

    @Override
    public void close() {
        try {
            front.close();
        } catch (IOException e) {
            // already closed
        }
        relays.values().forEach(Relay::close);
        server.stop(0);
    }
}
