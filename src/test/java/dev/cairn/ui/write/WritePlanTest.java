package dev.cairn.ui.write;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cairn.backend.BackendOptions;
import dev.cairn.backend.Backends;
import dev.cairn.backend.StateBackend;
import dev.cairn.ops.Edit;
import dev.cairn.ops.WriteCommand;
import dev.cairn.state.Json;
import dev.cairn.state.StateDocument;
import dev.cairn.testing.BigSystemDb;
import dev.cairn.testing.EmptyBackends;
import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What a write's preview says when Meltano cannot read the state on one side of it. */
@Tag("server")
class WritePlanTest {

    private static final String ID = "dev:tap-x-to-target-y";

    /** A partial that Meltano's merge cannot put over its completed state: a dict over a string. */
    private static final String BROKEN_COMPLETED = "{\"singer_state\": \"lost\"}";
    private static final String PARTIAL = "{\"singer_state\": {\"bookmarks\": {\"a\": {\"replication_key_value\": 2}}}}";

    @TempDir
    Path dir;

    private WritePlan plan(String completed, String partial, Edit edit) throws Exception {
        try (StateBackend backend = EmptyBackends.FILE.open(dir)) {
            backend.write(ID, StateDocument.of(Json.parseObject(completed), Json.parseObject(partial)), null);
            return WritePlan.of(WriteCommand.plan(backend, ID, edit), edit, null, null);
        }
    }

    @Test
    void clearingACorruptStateSaysTheNextRunStartsFromScratch() throws Exception {
        WritePlan plan = plan(BROKEN_COMPLETED, PARTIAL, Edit.clear());
        assertNull(plan.effective());
        assertEquals("Meltano cannot read the stored state (" + reason() + "); this write replaces it, so the next run gets no state"
                + " and syncs every stream from scratch.", plan.effectiveNote());
    }

    @Test
    void clearingOnlyThePartialOfACorruptStateMakesItReadable() throws Exception {
        WritePlan plan = plan(BROKEN_COMPLETED, PARTIAL, Edit.clearPartial());
        assertEquals("Meltano cannot read the stored state (" + reason() + "); this write replaces it, so the next run starts"
                + " from the state written.", plan.effectiveNote());
    }

    @Test
    void aWriteThatBreaksAReadableStateSaysTheRunWouldStop() throws Exception {
        WritePlan plan = plan(BROKEN_COMPLETED, "{}", Edit.setPartial(Json.parseObject(PARTIAL)));
        assertEquals("Meltano cannot read the state this write stores (" + reason() + "): its next run would stop before the"
                + " tap starts. The stored documents show what changes.", plan.effectiveNote());
    }

    /** A RUNNING row of a system DB is one run: one note, saying the write is refused at once (there is no lock to wait for). */
    @Test
    void aRunningPipelineOnASystemDbIsOneNoteSayingTheWriteIsRefusedAtOnce() throws Exception {
        String uri = BigSystemDb.sqlite(dir, 1);
        try (StateBackend backend = Backends.open(uri, BackendOptions.defaults())) {
            String running = BigSystemDb.id(0);
            Edit edit = Edit.clearPartial();
            WritePlan plan = WritePlan.read(WriteCommand.plan(backend, running, edit), edit, backend);
            assertNull(plan.lockNote());
            assertTrue(plan.runningNote().startsWith("A pipeline is running on " + running + " now — running: "), plan.runningNote());
            assertTrue(plan.runningNote().endsWith(". The write is refused at once, with nothing written, until the run ends."),
                    plan.runningNote());
        }
    }

    private static String reason() {
        try {
            StateDocument.of(Json.parseObject(BROKEN_COMPLETED), Json.parseObject(PARTIAL)).effective();
            throw new AssertionError("the merge should fail");
        } catch (Exception e) {
            return e.getMessage();
        }
    }
}
