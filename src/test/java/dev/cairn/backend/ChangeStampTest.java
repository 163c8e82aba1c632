package dev.cairn.backend;

import static org.junit.jupiter.api.Assertions.*;

import dev.cairn.state.Json;
import dev.cairn.state.StateDocument;
import dev.cairn.testing.EmptyBackends;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** {@link StateBackend#changeStamp} on every backend family: the same while a state stays, new with each write. */
@Tag("server")
class ChangeStampTest {

    private static final String ID = "dev:tap-x-to-y";

    @TempDir
    Path dir;

    @ParameterizedTest
    @EnumSource(EmptyBackends.class)
    void theStampChangesWithEveryWriteAndOnlyThen(EmptyBackends family) throws Exception {
        try (StateBackend backend = family.open(dir)) {
            assertEquals("absent", backend.changeStamp(ID));
            Set<String> seen = new HashSet<>(Set.of("absent"));
            // documents of one length: a stamp of sizes alone would miss the second and third
            for (String value : new String[] {"\"a\"", "\"b\"", "\"c\""}) {
                backend.write(ID, StateDocument.completeWrite(Json.parseObject("{\"singer_state\": {\"v\": " + value + "}}")), null);
                String stamp = backend.changeStamp(ID);
                assertTrue(seen.add(stamp), "a new stamp after writing " + value + ": " + stamp);
                assertEquals(stamp, backend.changeStamp(ID), "unchanged, the same stamp");
            }
            backend.delete(ID, null);
            assertEquals("absent", backend.changeStamp(ID));
        }
    }
}
