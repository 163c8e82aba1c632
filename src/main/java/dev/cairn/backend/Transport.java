package dev.cairn.backend;

import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.Locale;
import java.util.Optional;

/**
 * Why a server could not be reached, in words, whatever client library wrapped it: the SDKs'
 * own texts are a paragraph (AWS's "Received an UnknownHostException … your DNS cache …") or
 * nothing but a class name (Azure's bare {@code java.net.ConnectException}).
 */
public final class Transport {

    private Transport() {}

    /** The network failure somewhere in {@code error}'s causes, if there is one. */
    public static Optional<String> reason(Throwable error) {
        for (Throwable t = error; t != null; t = t.getCause()) {
            if (t instanceof UnknownHostException) {
                String host = t.getMessage() == null ? "" : t.getMessage().split(":", 2)[0].strip();
                return Optional.of(host.isEmpty() ? "unknown host" : "unknown host " + host);
            }
            if (t instanceof NoRouteToHostException) {
                return Optional.of("no route to host");
            }
            if (t instanceof ConnectException) {
                // a connection that timed out is one too: the system's ETIMEDOUT, and the JDK HttpClient's (Azure's)
                // HttpConnectTimeoutException has one as its cause
                String message = t.getMessage() == null ? "" : t.getMessage().toLowerCase(Locale.ROOT);
                return Optional.of(message.contains("timed out") ? "connection timed out" : "connection refused");
            }
        }
        return Optional.empty();
    }

    /**
     * Why a call was cut at the request timeout ({@link BackendOptions#requestTimeout}): the limit, and
     * the command line's option that raises it (the window opens backends with the default).
     */
    public static String tookLongerThan(Duration limit) {
        return "the request took longer than " + limit.toSeconds() + " s (raise " + BackendOptions.REQUEST_TIMEOUT_OPTION
                + " to allow more)";
    }

    /** The network failure in words, else the first line of the error's own message. */
    public static String reasonOrFirstLine(Throwable error) {
        return reason(error).orElseGet(() -> firstLine(error));
    }

    /** The first line of an error's message (SDK messages carry whole response bodies), or its class. */
    public static String firstLine(Throwable error) {
        String message = error.getMessage() == null ? error.getClass().getSimpleName() : error.getMessage();
        return message.lines().findFirst().orElse(message);
    }
}
