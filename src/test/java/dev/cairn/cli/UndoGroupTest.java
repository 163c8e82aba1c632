package dev.cairn.cli;

import static org.junit.jupiter.api.Assertions.*;

import dev.cairn.backend.Backends;
import dev.cairn.backend.StateBackend;
import dev.cairn.state.Json;
import dev.cairn.state.StateDocument;
import dev.cairn.testing.EmptyBackends;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** {@code cairn undo --backend B} after an operation that wrote several states: all of them undone together, or none. */
@Tag("server")
class UndoGroupTest {

    private static final String STATE = "{\"singer_state\": {\"bookmarks\": {\"orders\": {\"replication_key_value\": %d}}}}";

    @TempDir
    Path dir;
    @RegisterExtension
    final CliRun run = new CliRun();

    private static StateDocument state(int value) throws Exception {
        return StateDocument.completeWrite(Json.parseObject(String.format(STATE, value)));
    }

    /** A new backend of the family holding {@code dev:N} with value N for each N; its URI. */
    private String withStates(EmptyBackends family, int... values) throws Exception {
        String uri = family.create(dir);
        try (StateBackend b = open(family, uri)) {
            for (int v : values) {
                b.write("dev:" + v, state(v), null);
            }
        }
        return uri;
    }

    private static StateBackend open(EmptyBackends family, String uri) {
        return Backends.open(uri, family.options());
    }

    @ParameterizedTest
    @EnumSource(value = EmptyBackends.class, names = {"SQLITE", "FILE", "POSTGRES"})
    void undoAfterAMoveOfOneIdRestoresTheSourceAndRemovesTheTarget(EmptyBackends family) throws Exception {
        String uri = withStates(family, 1);
        assertEquals(0, run.cairn("move", "--backend", uri, "dev:1", "dev:moved", "--force"), run.err());

        assertEquals(0, run.cairn("undo", "--backend", uri, "--force"), run.err());
        try (StateBackend b = open(family, uri)) {
            assertEquals(state(1), b.read("dev:1").document(), run.err());
            assertFalse(b.read("dev:moved").exists(), run.err());
        }
        List<String> lines = run.err().lines().toList();
        assertEquals(2, lines.size(), run.err());
        assertTrue(lines.get(0).startsWith("Undo move to dev:moved, source cleared of dev:1 on "), lines.get(0));
        assertTrue(lines.get(1).startsWith("Undo move from dev:1 of dev:moved on "), lines.get(1));
        assertEquals(1, run.cairn("undo", "--backend", uri, "--force"), "both halves are undone: nothing is left");
    }

    @ParameterizedTest
    @EnumSource(value = EmptyBackends.class, names = {"SQLITE", "FILE"})
    void undoAfterAClearOfThreeIdsRestoresAllThree(EmptyBackends family) throws Exception {
        String uri = withStates(family, 1, 2, 3, 4);
        assertEquals(0, run.cairn("clear", "--backend", uri, "--pattern", "dev:[123]", "--force"), run.err());

        assertEquals(0, run.cairn("undo", "--backend", uri, "--dry-run"), run.err());
        assertEquals(3, run.out().lines().filter(l -> l.startsWith("Would undo clear state of dev:")).count(), run.out());
        try (StateBackend b = open(family, uri)) {
            assertFalse(b.read("dev:2").exists(), "a dry run writes nothing");
        }
        assertEquals(0, run.cairn("undo", "--backend", uri, "--force"), run.err());
        try (StateBackend b = open(family, uri)) {
            for (int v = 1; v <= 4; v++) {
                assertEquals(state(v), b.read("dev:" + v).document());
            }
        }
        assertEquals(3, run.err().lines().filter(l -> l.matches("Undo clear state of dev:[123] on \\S+: done \\(version \\S+\\)\\.")).count(),
                run.err());
    }

    @Test
    void aConfirmationNamesEachIdWithWhatItsUndoDoes() throws Exception {
        String uri = withStates(EmptyBackends.SQLITE, 1, 2);
        assertEquals(0, run.cairn("clear", "--backend", uri, "--pattern", "dev:*", "--force"), run.err());
        assertEquals(1, run.cairn("undo", "--backend", uri), "no terminal to ask on");
        assertTrue(run.err().matches("cairn: Undo the 2 writes of one operation on \\S+ \\(made \\S+\\):"
                + " dev:2 \\(absent -> state\\), dev:1 \\(absent -> state\\)\\? Refusing without confirmation: pass --force,"
                + " or run it on a terminal\\.\\n"), run.err());
    }

    @ParameterizedTest
    @EnumSource(value = EmptyBackends.class, names = {"SQLITE", "FILE"})
    void aGroupOneOfWhoseStatesChangedIsRefusedWhole(EmptyBackends family) throws Exception {
        String uri = withStates(family, 1, 2, 3);
        assertEquals(0, run.cairn("clear", "--backend", uri, "--pattern", "dev:*", "--force"), run.err());
        try (StateBackend b = open(family, uri)) {
            b.write("dev:2", state(20), b.read("dev:2").version());
        }

        assertEquals(3, run.cairn("undo", "--backend", uri, "--force"));
        assertEquals("cairn: state dev:2 has changed since the operation that wrote these 3 states, so none of its writes"
                + " was undone; nothing was written\n", run.err());
        try (StateBackend b = open(family, uri)) {
            assertFalse(b.read("dev:1").exists());
            assertFalse(b.read("dev:3").exists());
            assertEquals(state(20), b.read("dev:2").document());
        }
    }

    @Test
    void undoOfOneIdTakesBackOnlyItsWriteAndTheRestOfTheGroupStaysUndoable() throws Exception {
        String uri = withStates(EmptyBackends.FILE, 1, 2);
        assertEquals(0, run.cairn("clear", "--backend", uri, "--pattern", "dev:*", "--force"), run.err());
        assertEquals(0, run.cairn("undo", "--backend", uri, "dev:1", "--force"), run.err());
        try (StateBackend b = open(EmptyBackends.FILE, uri)) {
            assertTrue(b.read("dev:1").exists());
            assertFalse(b.read("dev:2").exists());
        }
        assertEquals(0, run.cairn("undo", "--backend", uri, "--force"), run.err());
        assertEquals(1, run.err().lines().count(), run.err());
        try (StateBackend b = open(EmptyBackends.FILE, uri)) {
            assertEquals(state(2), b.read("dev:2").document());
        }
    }

    @Test
    void aMoveAcrossBackendsIsUndoneOnEachAndTheFirstNamesTheOther() throws Exception {
        String source = withStates(EmptyBackends.FILE, 1);
        String target = EmptyBackends.SQLITE.create(dir);
        assertEquals(0, run.cairn("move", "--backend", source, "dev:1", "--to-backend", target, "--force"), run.err());

        assertEquals(0, run.cairn("undo", "--backend", target, "--force"), run.err());
        String sourceUri;
        try (StateBackend b = open(EmptyBackends.FILE, source)) {
            sourceUri = b.displayUri();
            assertFalse(b.read("dev:1").exists(), "the source's half is left for its own undo");
        }
        assertTrue(run.err().endsWith("The same operation also wrote to " + sourceUri + "; undo it there with `cairn undo"
                + " --backend " + ShellWord.of(sourceUri) + "`.\n"), run.err());
        try (StateBackend b = open(EmptyBackends.SQLITE, target)) {
            assertFalse(b.read("dev:1").exists());
        }

        assertEquals(0, run.cairn("undo", "--backend", source, "--force"), run.err());
        assertFalse(run.err().contains("also wrote to"), "the target's half is undone already");
        try (StateBackend b = open(EmptyBackends.FILE, source)) {
            assertEquals(state(1), b.read("dev:1").document());
        }
    }
}
