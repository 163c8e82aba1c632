package dev.cairn.backend;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.UnknownHostException;
import java.net.http.HttpConnectTimeoutException;
import java.util.Optional;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** A network failure in words, wherever in the causes a client library put it. */
@Tag("unit")
class TransportTest {

    private static Optional<String> wrapped(Throwable cause) {
        return Transport.reason(new RuntimeException("the SDK's paragraph", new IllegalStateException(cause)));
    }

    @Test
    void eachNetworkFailureIsNamed() {
        assertEquals(Optional.of("unknown host nohost.example"),
                wrapped(new UnknownHostException("nohost.example: Name or service not known")));
        assertEquals(Optional.of("no route to host"), wrapped(new NoRouteToHostException("No route to host")));
        assertEquals(Optional.of("connection refused"), wrapped(new ConnectException("Connection refused")));
        assertEquals(Optional.of("connection refused"), wrapped(new ConnectException()));
        assertEquals(Optional.empty(), wrapped(new IllegalArgumentException("not the network")));
    }

    @Test
    void aConnectionThatTimedOutIsNotCalledRefused() {
        assertEquals(Optional.of("connection timed out"), wrapped(new ConnectException("Connection timed out")));
        // the JDK HttpClient's, which the Azure SDK runs on here
        HttpConnectTimeoutException jdk = new HttpConnectTimeoutException("HTTP connect timed out");
        jdk.initCause(new ConnectException("HTTP connect timed out"));
        assertEquals(Optional.of("connection timed out"), wrapped(jdk));
    }
}
