package dev.cairn.backend;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.cairn.testing.LoopbackHttp;
import java.io.IOException;
import java.io.OutputStream;
import java.net.URI;
import java.net.URLDecoder;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantLock;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What the firebase-tools Cloud Storage emulator leaves out of the GCS JSON API, put back in front of
 * it: it ignores every {@code ifGenerationMatch} and creates any bucket a request names. This proxy
 * forwards every request to it unchanged, except that (1) a write or delete whose
 * {@code ifGenerationMatch} does not hold against the object's real generation is answered 412, as
 * GCS does (writes go through one at a time, each checked and forwarded under one lock, so that the
 * check is atomic with the write as in GCS); and (2) a request naming a bucket that was not {@link #createBucket created} is answered
 * 404, as GCS answers for a missing bucket. Resumable uploads carry their precondition on the request
 * that starts them; it is checked when the upload's bytes arrive, which is when GCS decides.
 */
final class GcsPreconditionProxy implements AutoCloseable {

    private static final Pattern BUCKET = Pattern.compile("^(?:/upload|/download)?/storage/v1/b/([^/?]+)(?:/o/?([^?]*))?");
    private static final Set<String> UNFORWARDED = Set.of("connection", "content-length", "expect", "host", "upgrade",
            "transfer-encoding");
    private static final ObjectMapper JSON = new ObjectMapper();

    private final URI emulator;
    private final HttpServer server;
    private final HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    private final ReentrantLock writes = new ReentrantLock();
    private final Set<String> buckets = ConcurrentHashMap.newKeySet();
    /** upload_id of a resumable upload → the object and precondition its first request named. */
    private final Map<String, Upload> uploads = new ConcurrentHashMap<>();

    private record Upload(String bucket, String object, Long ifGenerationMatch) {}

    GcsPreconditionProxy(URI emulator) {
        this.emulator = emulator;
        server = LoopbackHttp.start("test-gcs-proxy", this::handle);
    }

    String endpoint() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    void createBucket(String name) {
        buckets.add(name);
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            String method = exchange.getRequestMethod();
            URI uri = exchange.getRequestURI();
            byte[] body = exchange.getRequestBody().readAllBytes();
            Map<String, String> query = query(uri.getRawQuery());
            Matcher m = BUCKET.matcher(uri.getRawPath());
            String bucket = m.find() ? m.group(1) : null;
            String object = bucket == null || m.group(2) == null || m.group(2).isEmpty() ? null
                    : URLDecoder.decode(m.group(2), StandardCharsets.UTF_8);
            if (bucket != null && !buckets.contains(bucket)) {
                reply(exchange, 404, "The specified bucket does not exist.", "notFound");
                return;
            }
            Upload upload = null;
            if (method.equals("PUT") && query.containsKey("upload_id")) {
                upload = uploads.get(query.get("upload_id"));
            } else if (method.equals("DELETE") && object != null) {
                upload = new Upload(bucket, object, generationMatch(query));
            } else if (isOneShotUpload(method, query)) {
                upload = new Upload(bucket, query.get("name"), generationMatch(query));
            }
            if (method.equals("GET")) {
                send(exchange, forward(exchange, body));
                return;
            }
            writes.lock();
            try {
                if (upload != null && upload.ifGenerationMatch() != null
                        && generation(upload.bucket(), upload.object()) != upload.ifGenerationMatch()) {
                    reply(exchange, 412, "At least one of the pre-conditions you specified did not hold.", "conditionNotMet");
                    return;
                }
                HttpResponse<byte[]> response = forward(exchange, body);
                if (method.equals("POST") && "resumable".equals(query.get("uploadType")) && response.statusCode() == 200) {
                    remember(query, body, bucket, response);
                }
                send(exchange, response);
            } finally {
                writes.unlock();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException e) {
            e.printStackTrace();
            throw e;
        }
    }

    private static boolean isOneShotUpload(String method, Map<String, String> query) {
        return method.equals("POST") && ("media".equals(query.get("uploadType")) || "multipart".equals(query.get("uploadType")))
                && query.containsKey("name");
    }

    private void remember(Map<String, String> query, byte[] body, String bucket, HttpResponse<byte[]> response) throws IOException {
        String location = response.headers().firstValue("location").orElseThrow();
        String uploadId = query(URI.create(location).getRawQuery()).get("upload_id");
        String object = query.get("name");
        if (object == null) {
            object = JSON.readTree(body).path("name").asText();
        }
        uploads.put(uploadId, new Upload(bucket, object, generationMatch(query)));
    }

    private static Long generationMatch(Map<String, String> query) {
        String g = query.get("ifGenerationMatch");
        return g == null ? null : Long.valueOf(g);
    }

    /** The object's live generation on the emulator, 0 when there is none (GCS's "does not exist"). */
    private long generation(String bucket, String object) throws IOException, InterruptedException {
        HttpResponse<byte[]> meta = client.send(HttpRequest.newBuilder(emulator.resolve("/storage/v1/b/" + bucket + "/o/"
                + URLEncoder.encode(object, StandardCharsets.UTF_8).replace("+", "%20"))).GET().build(),
                HttpResponse.BodyHandlers.ofByteArray());
        if (meta.statusCode() == 404) {
            return 0;
        }
        JsonNode node = JSON.readTree(meta.body());
        return Long.parseLong(node.path("generation").asText());
    }

    private HttpResponse<byte[]> forward(HttpExchange exchange, byte[] body) throws IOException, InterruptedException {
        HttpRequest.Builder request = HttpRequest.newBuilder(emulator.resolve(exchange.getRequestURI().toString()))
                .method(exchange.getRequestMethod(), body.length == 0 && !exchange.getRequestMethod().equals("PUT")
                        ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofByteArray(body));
        exchange.getRequestHeaders().forEach((name, values) -> {
            if (!UNFORWARDED.contains(name.toLowerCase())) {
                values.forEach(v -> request.header(name, v));
            }
        });
        return client.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
    }

    private void send(HttpExchange exchange, HttpResponse<byte[]> response) throws IOException {
        response.headers().map().forEach((name, values) -> {
            if (!UNFORWARDED.contains(name.toLowerCase()) && !name.startsWith(":")) {
                // the emulator names itself in an upload's session URL: the client must come back through here
                values.forEach(v -> exchange.getResponseHeaders().add(name, name.equalsIgnoreCase("location")
                        ? v.replace(emulator.toString().replaceAll("/$", ""), endpoint()) : v));
            }
        });
        byte[] body = response.body();
        exchange.sendResponseHeaders(response.statusCode(), body.length == 0 ? -1 : body.length);
        if (body.length > 0) {
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        }
    }

    /** GCS's error document. */
    private static void reply(HttpExchange exchange, int status, String message, String reason) throws IOException {
        Map<String, Object> error = new HashMap<>();
        error.put("code", status);
        error.put("message", message);
        error.put("errors", List.of(Map.of("message", message, "domain", "global", "reason", reason)));
        byte[] body = JSON.writeValueAsBytes(Map.of("error", error));
        exchange.getResponseHeaders().add("Content-Type", "application/json; charset=UTF-8");
        exchange.sendResponseHeaders(status, body.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(body);
        }
    }

    private static Map<String, String> query(String raw) {
        Map<String, String> params = new HashMap<>();
        if (raw != null) {
            for (String pair : raw.split("&")) {
                int eq = pair.indexOf('=');
                String key = URLDecoder.decode(eq < 0 ? pair : pair.substring(0, eq), StandardCharsets.UTF_8);
                params.put(key, eq < 0 ? "" : URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8));
            }
        }
        return params;
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
