package dev.cairn;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.stream.Stream;

/**
 * Whether the window can open: on Linux JavaFX needs an X11 (or Wayland) display, and without one
 * it exits with nothing but a warning of its own. Decided before JavaFX starts, from the
 * environment and a probe of the display's socket, so it is testable without a display.
 */
final class Display {

    private Display() {}

    /**
     * Why no window can open here, in one line; empty if one can, where the platform is not Linux,
     * or where JavaFX is told to draw without a display ({@code -Dglass.platform=Monocle}, headless:
     * the bench's start-up runs, screenshots).
     */
    static Optional<String> problem(String osName, String glassPlatform, Map<String, String> env, Predicate<String> reachable) {
        if (!osName.toLowerCase(Locale.ROOT).contains("linux") || "Monocle".equalsIgnoreCase(glassPlatform)) {
            return Optional.empty();
        }
        String x = env.get("DISPLAY");
        String wayland = env.get("WAYLAND_DISPLAY");
        if ((x == null || x.isBlank()) && (wayland == null || wayland.isBlank())) {
            return Optional.of(message("no display (DISPLAY is not set)"));
        }
        if (x != null && !x.isBlank() && !reachable.test(x) && (wayland == null || wayland.isBlank())) {
            return Optional.of(message("no display (DISPLAY=" + x + " cannot be reached)"));
        }
        return Optional.empty();
    }

    private static String message(String why) {
        return "cairn: cannot open a window: " + why + ". The command line works without one: cairn --help";
    }

    /**
     * An X11 display's socket answers: {@code :N} is {@code /tmp/.X11-unix/XN} or the abstract
     * socket of that name, {@code host:N} is TCP port 6000+N.
     */
    static boolean reachable(String display) {
        int colon = display.lastIndexOf(':');
        if (colon < 0) {
            return false;
        }
        String host = display.substring(0, colon);
        String number = display.substring(colon + 1).split("\\.", 2)[0];
        if (!number.matches("\\d+")) {
            return false;
        }
        if (host.isEmpty() || host.equals("unix")) {
            return Files.exists(Path.of("/tmp/.X11-unix/X" + number)) || listensAbstract(Path.of("/proc/net/unix"), number);
        }
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(host, 6000 + Integer.parseInt(number)), 1000);
            return true;
        } catch (IOException | IllegalArgumentException e) {
            return false;
        }
    }

    /**
     * Whether the X server listens on its abstract socket ({@code @/tmp/.X11-unix/XN}, which Xorg and
     * Xwayland open besides the file, and Xlib tries first): a container sharing the host's network
     * reaches the display through it without the host's {@code /tmp/.X11-unix}.
     */
    static boolean listensAbstract(Path procNetUnix, String number) {
        try (Stream<String> sockets = Files.lines(procNetUnix)) {
            return sockets.anyMatch(line -> line.endsWith(" @/tmp/.X11-unix/X" + number));
        } catch (IOException | UncheckedIOException e) {
            return false;
        }
    }
}
