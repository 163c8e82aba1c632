package dev.cairn.backend.blob;

import com.google.api.client.http.javanet.ConnectionFactory;
import java.io.FilterInputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.HttpURLConnection;
import java.net.ProtocolException;
import java.net.URL;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * Opens the GCS client's java.net connections (google-http-client's {@code NetHttpTransport}) so that
 * no request outlives the request timeout: that client has a connect and a read timeout only, and a
 * server that sends its answer a byte at a time never lets the read timeout fire. Until the head of
 * the answer is in, a connection is disconnected at its deadline, which fails the blocked write or
 * read at once; the body of the answer fails its first read past the deadline instead (disconnecting
 * then would wait for the JDK stream's lock, which a read holds until its next byte comes). Whatever
 * fails once the deadline has passed fails as a {@link RequestTimeoutException}.
 */
final class DeadlineConnections implements ConnectionFactory {

    /** A request that took longer than the request timeout, which was cut there. */
    static final class RequestTimeoutException extends IOException {
        private final Duration limit;

        RequestTimeoutException(Duration limit, IOException cause) {
            super("the request took longer than " + limit.toMillis() + " ms", cause);
            this.limit = limit;
        }

        Duration limit() {
            return limit;
        }
    }

    private final Duration limit;
    private final ScheduledThreadPoolExecutor timer;

    DeadlineConnections(Duration limit) {
        this.limit = limit;
        timer = new ScheduledThreadPoolExecutor(1, runnable -> {
            Thread thread = new Thread(runnable, "cairn-gcs-deadlines");
            thread.setDaemon(true);
            return thread;
        });
        // no thread while no request is under way: nothing to close with the client
        timer.setKeepAliveTime(1, TimeUnit.SECONDS);
        timer.allowCoreThreadTimeOut(true);
        timer.setRemoveOnCancelPolicy(true);
    }

    @Override
    public HttpURLConnection openConnection(URL url) throws IOException {
        return new Deadlined((HttpURLConnection) url.openConnection());
    }

    /** What a connection does on its socket: it may fail, the more clearly once the deadline has passed. */
    private interface Io<T> {
        T run() throws IOException;
    }

    /** The connection java.net opened, with a deadline; every method the transport uses is the connection's own. */
    private final class Deadlined extends HttpURLConnection {
        private final HttpURLConnection connection;
        private final long deadline = System.nanoTime() + limit.toNanos();
        private final ScheduledFuture<?> cut;
        private boolean headIn;

        Deadlined(HttpURLConnection connection) {
            super(connection.getURL());
            this.connection = connection;
            cut = timer.schedule(this::cut, limit.toNanos(), TimeUnit.NANOSECONDS);
        }

        /** Holds the monitor while disconnecting, so that the body is not handed out (and read) meanwhile. */
        private synchronized void cut() {
            if (!headIn) {
                connection.disconnect();
            }
        }

        private synchronized void headIn() {
            headIn = true;
            cut.cancel(false);
        }

        private boolean pastDeadline() {
            return System.nanoTime() - deadline >= 0;
        }

        private <T> T timed(Io<T> io) throws IOException {
            try {
                return io.run();
            } catch (IOException e) {
                throw pastDeadline() ? new RequestTimeoutException(limit, e) : e;
            }
        }

        @Override
        public int getResponseCode() throws IOException {
            int code = timed(connection::getResponseCode);
            headIn();
            return code;
        }

        @Override
        public InputStream getInputStream() throws IOException {
            InputStream body = timed(connection::getInputStream);
            headIn();
            return new Body(body);
        }

        @Override
        public InputStream getErrorStream() {
            InputStream body = connection.getErrorStream();
            headIn();
            return body == null ? null : new Body(body);
        }

        @Override
        public OutputStream getOutputStream() throws IOException {
            return new FilterOutputStream(timed(connection::getOutputStream)) {
                @Override
                public void write(int b) throws IOException {
                    timed(() -> {
                        out.write(b);
                        return null;
                    });
                }

                @Override
                public void write(byte[] b, int off, int len) throws IOException {
                    timed(() -> {
                        out.write(b, off, len);
                        return null;
                    });
                }

                @Override
                public void flush() throws IOException {
                    timed(() -> {
                        out.flush();
                        return null;
                    });
                }
            };
        }

        @Override
        public void connect() throws IOException {
            timed(() -> {
                connection.connect();
                return null;
            });
        }

        @Override
        public void disconnect() {
            cut.cancel(false);
            connection.disconnect();
        }

        @Override
        public boolean usingProxy() {
            return connection.usingProxy();
        }

        @Override
        public String getResponseMessage() throws IOException {
            return connection.getResponseMessage();
        }

        @Override
        public String getHeaderField(int n) {
            return connection.getHeaderField(n);
        }

        @Override
        public String getHeaderFieldKey(int n) {
            return connection.getHeaderFieldKey(n);
        }

        @Override
        public String getHeaderField(String name) {
            return connection.getHeaderField(name);
        }

        @Override
        public Map<String, List<String>> getHeaderFields() {
            return connection.getHeaderFields();
        }

        @Override
        public void setRequestMethod(String method) throws ProtocolException {
            connection.setRequestMethod(method);
        }

        @Override
        public String getRequestMethod() {
            return connection.getRequestMethod();
        }

        @Override
        public void setInstanceFollowRedirects(boolean followRedirects) {
            connection.setInstanceFollowRedirects(followRedirects);
        }

        @Override
        public void addRequestProperty(String key, String value) {
            connection.addRequestProperty(key, value);
        }

        @Override
        public void setRequestProperty(String key, String value) {
            connection.setRequestProperty(key, value);
        }

        @Override
        public String getRequestProperty(String key) {
            return connection.getRequestProperty(key);
        }

        @Override
        public void setConnectTimeout(int timeout) {
            connection.setConnectTimeout(timeout);
        }

        @Override
        public void setReadTimeout(int timeout) {
            connection.setReadTimeout(timeout);
        }

        @Override
        public void setDoOutput(boolean doOutput) {
            connection.setDoOutput(doOutput);
        }

        @Override
        public void setFixedLengthStreamingMode(int length) {
            connection.setFixedLengthStreamingMode(length);
        }

        @Override
        public void setFixedLengthStreamingMode(long length) {
            connection.setFixedLengthStreamingMode(length);
        }

        @Override
        public void setChunkedStreamingMode(int chunkLength) {
            connection.setChunkedStreamingMode(chunkLength);
        }

        /** The answer's body: no read starts past the deadline. */
        private final class Body extends FilterInputStream {
            Body(InputStream in) {
                super(in);
            }

            @Override
            public int read() throws IOException {
                return timed(() -> {
                    beforeDeadline();
                    return in.read();
                });
            }

            @Override
            public int read(byte[] b, int off, int len) throws IOException {
                return timed(() -> {
                    beforeDeadline();
                    return in.read(b, off, len);
                });
            }

            private void beforeDeadline() throws IOException {
                if (pastDeadline()) {
                    throw new IOException("the answer was still coming at the deadline");
                }
            }
        }
    }
}
