package dev.cairn.testing;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** A loopback port for timeout tests: it accepts connections and then never says a word, or hangs up at once. */
public final class LoopbackServer implements AutoCloseable {

    private final ServerSocket socket;
    private final List<Socket> clients = new CopyOnWriteArrayList<>();

    private LoopbackServer(boolean hangUp) throws IOException {
        socket = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        Thread acceptor = new Thread(() -> {
            try {
                while (true) {
                    Socket client = socket.accept();
                    if (hangUp) {
                        client.close();
                    } else {
                        clients.add(client);
                    }
                }
            } catch (IOException closed) {
                // the server was closed: the test is over
            }
        }, "loopback-server");
        acceptor.setDaemon(true);
        acceptor.start();
    }

    /** Accepts, and never answers. */
    public static LoopbackServer silent() throws IOException {
        return new LoopbackServer(false);
    }

    /** Accepts, and closes the connection at once. */
    public static LoopbackServer hangingUp() throws IOException {
        return new LoopbackServer(true);
    }

    /** A loopback port with nothing listening on it. */
    public static int closedPort() throws IOException {
        try (ServerSocket free = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return free.getLocalPort();
        }
    }

    public int port() {
        return socket.getLocalPort();
    }

    /** How many connections a silent server has accepted (and holds open) so far. */
    public int accepted() {
        return clients.size();
    }

    @Override
    public void close() throws IOException {
        socket.close();
        for (Socket client : clients) {
            client.close();
        }
    }
}
