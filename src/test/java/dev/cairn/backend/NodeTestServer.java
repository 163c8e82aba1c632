package dev.cairn.backend;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Starts one of the Node.js test servers installed in {@code src/test/node} (by {@code npm ci}, as
 * .ci/run does) on a free port, and stops it when the JVM exits.
 */
final class NodeTestServer {

    private NodeTestServer() {}

    /** A server started: its URL and its process. */
    record Started(String url, Process process) {
        /** Stops it and waits until it is gone. */
        void stop() {
            process.destroy();
            try {
                process.waitFor(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /**
     * @param listening a pattern whose first group is the server's URL, in the line it prints once it accepts
     */
    static Started start(String name, List<String> command, Pattern listening) {
        long start = System.nanoTime();
        Process process;
        try {
            process = new ProcessBuilder(command).redirectErrorStream(true).start();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start " + name + " (" + String.join(" ", command) + ")", e);
        }
        Runtime.getRuntime().addShutdownHook(new Thread(process::destroy, "stop-test-" + name));
        CompletableFuture<String> endpoint = new CompletableFuture<>();
        List<String> output = Collections.synchronizedList(new ArrayList<>());
        Thread reader = new Thread(() -> {
            try (BufferedReader lines = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                for (String line; (line = lines.readLine()) != null; ) {
                    Matcher m = listening.matcher(line);
                    if (m.find()) {
                        endpoint.complete(m.group(1));
                    } else if (!endpoint.isDone()) {
                        output.add(line);
                    }
                }
            } catch (IOException e) {
                endpoint.completeExceptionally(e);
            }
            endpoint.completeExceptionally(new IllegalStateException(name + " exited: " + String.join("\n", List.copyOf(output))));
        }, "test-" + name + "-output");
        reader.setDaemon(true);
        reader.start();
        try {
            String url = endpoint.get(60, TimeUnit.SECONDS);
            System.err.printf("test %s started at %s in %d ms%n", name, url, (System.nanoTime() - start) / 1_000_000);
            return new Started(url, process);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while " + name + " starts", e);
        } catch (ExecutionException | TimeoutException e) {
            process.destroy();
            throw new IllegalStateException(name + " did not start (is it installed? `npm ci --prefix src/test/node`): "
                    + String.join("\n", List.copyOf(output)), e);
        }
    }
}
