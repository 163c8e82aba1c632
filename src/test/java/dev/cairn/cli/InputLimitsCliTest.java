package dev.cairn.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cairn.state.Json;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Input Meltano cannot read is refused in one line: JSON nested deeper than the limit (by every verb;
 * anything up to it works), and bytes that are not UTF-8.
 */
@Tag("unit")
class InputLimitsCliTest {

    @TempDir
    Path dir;
    @RegisterExtension
    final CliRun run = new CliRun();

    private int cairn(String... args) {
        return run.cairn(args);
    }

    /** A state whose whole document is {@code depth} levels deep. */
    private static String nested(int depth) {
        return "{\"singer_state\": " + "[".repeat(depth - 1) + "]".repeat(depth - 1) + "}";
    }

    private String backend(String name) throws Exception {
        return "file://" + Files.createDirectories(dir.resolve(name));
    }

    private void assertOneLineNamingTheLimit() {
        String text = run.err();
        assertEquals(1, text.strip().lines().count(), text.length() > 2000 ? text.substring(0, 2000) : text);
        assertTrue(text.contains("more than " + Json.MAX_DEPTH + " levels deep"), text);
    }

    @Test
    void setAndMergeRefuseDeeperThanTheLimitInOneLine() throws Exception {
        String files = backend("files");
        Path input = Files.writeString(dir.resolve("deep.json"), nested(3_000));
        for (String verb : new String[] {"set", "merge"}) {
            assertEquals(1, cairn(verb, "--backend", files, "--force", "dev:deep", "--input-file", input.toString()), verb);
            assertOneLineNamingTheLimit();
        }
        Path limit = Files.writeString(dir.resolve("limit.json"), nested(Json.MAX_DEPTH));
        for (String verb : new String[] {"set", "merge"}) {
            assertEquals(0, cairn(verb, "--backend", files, "--force", "dev:limit", "--input-file", limit.toString()),
                    run.err());
        }
    }

    @Test
    void copyOfAStoredStateDeeperThanTheLimitFailsThatIdInOneLine() throws Exception {
        String files = backend("files");
        Path stored = Files.createDirectories(dir.resolve("files/dev:deep"));
        Files.writeString(stored.resolve("state.json"), "{\"completed\": " + nested(5_000) + ", \"partial\": {}}");
        assertEquals(1, cairn("copy", "--backend", files, "--to-backend", backend("to"), "--force", "dev:deep"));
        String text = run.err();
        assertTrue(text.lines().count() <= 2, text.length() > 2000 ? text.substring(0, 2000) : text);
        assertEquals(1, cairn("get", "--backend", files, "dev:deep"));
        assertOneLineNamingTheLimit();
    }

    @Test
    void inputThatIsNotUtf8IsRefusedWithItsByteOffset() throws Exception {
        String files = backend("files");
        byte[] latin1 = "{\"singer_state\": {\"city\": \"M\u00fcnchen\"}}".getBytes(StandardCharsets.ISO_8859_1);
        Path input = Files.write(dir.resolve("latin1.json"), latin1);
        for (String verb : new String[] {"set", "merge"}) {
            assertEquals(1, cairn(verb, "--backend", files, "--force", "dev:a", "--input-file", input.toString()), verb);
            String text = run.err();
            assertEquals(1, text.strip().lines().count(), text);
            assertTrue(text.contains("not valid UTF-8: byte offset 28 (0xfc)"), text);
        }
        assertTrue(Files.notExists(dir.resolve("files/dev:a")), "nothing was stored");
        assertEquals(1, cairn("import", "--backend", files, "--force", input.toString()));
        assertTrue(run.err().contains("byte offset"), run.err());
    }
}
