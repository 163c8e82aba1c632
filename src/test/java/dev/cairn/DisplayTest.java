package dev.cairn;

import static org.junit.jupiter.api.Assertions.*;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@Tag("unit")
class DisplayTest {

    @Test
    void withoutADisplayTheLauncherSaysSoInOneLine() {
        assertEquals(Optional.of("cairn: cannot open a window: no display (DISPLAY is not set)."
                + " The command line works without one: cairn --help"), Display.problem("Linux", null, Map.of(), d -> true));
        assertEquals(Optional.of("cairn: cannot open a window: no display (DISPLAY=:99 cannot be reached)."
                + " The command line works without one: cairn --help"), Display.problem("Linux", null, Map.of("DISPLAY", ":99"), d -> false));
    }

    @Test
    void aReachableDisplayOrWaylandOrAnotherSystemOpensTheWindow() {
        assertEquals(Optional.empty(), Display.problem("Linux", null, Map.of("DISPLAY", ":0"), d -> d.equals(":0")));
        assertEquals(Optional.empty(), Display.problem("Linux", null, Map.of("WAYLAND_DISPLAY", "wayland-0"), d -> false));
        assertEquals(Optional.empty(), Display.problem("Mac OS X", null, Map.of(), d -> false));
        assertEquals(Optional.empty(), Display.problem("Linux", "Monocle", Map.of(), d -> false), "headless JavaFX needs no display");
        assertEquals(Optional.empty(), Display.problem("Windows 11", null, Map.of(), d -> false));
    }

    @Test
    void aLocalDisplayIsItsSocketAndAMalformedOneIsUnreachable() {
        assertFalse(Display.reachable(":4242"), "no X server 4242 here");
        assertFalse(Display.reachable("nonsense"));
        assertFalse(Display.reachable(":x"));
    }

    @Test
    void aLocalDisplayListeningOnlyOnItsAbstractSocketIsReachable(@TempDir Path dir) throws Exception {
        Path sockets = Files.writeString(dir.resolve("unix"), "Num       RefCount Protocol Flags    Type St Inode Path\n"
                + "0000000000000000: 00000002 00000000 00010000 0001 01 35141 @/tmp/.X11-unix/X0\n"
                + "0000000000000000: 00000002 00000000 00010000 0001 01 35142 /tmp/.X11-unix/X1\n");
        assertTrue(Display.listensAbstract(sockets, "0"));
        assertFalse(Display.listensAbstract(sockets, "1"), "X1 has its file socket only");
        assertFalse(Display.listensAbstract(dir.resolve("missing"), "0"), "no /proc: no abstract socket seen");
    }
}
