package dev.cairn.ops;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.cairn.backend.BackendOptions;
import dev.cairn.backend.Backends;
import dev.cairn.backend.ConflictException;
import dev.cairn.backend.StateBackend;
import dev.cairn.backend.StoredState;
import dev.cairn.state.Json;
import dev.cairn.state.JsonReplay;
import dev.cairn.state.JsonSyntaxError;
import dev.cairn.state.StateDocument;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** An edit typed in the editor, written on a file backend while another writer changes the same state. */
@Tag("unit")
class EditedDocumentTest {

    private static final String ID = "dev:tap-hubspot-to-target-postgres";
    private static final String ORDERS = "/singer_state/bookmarks/orders/replication_key_value";

    @TempDir
    Path dir;

    private static StateDocument streams(String orders, String users) throws JsonSyntaxError {
        return StateDocument.completeWrite(Json.parseObject("{\"singer_state\": {\"bookmarks\": {\"orders\":"
                + " {\"replication_key_value\": \"" + orders + "\"}, \"users\": {\"replication_key_value\": \"" + users + "\"}}}}"));
    }

    private static Edit set(StateDocument document) {
        return Edit.set((ObjectNode) document.completed().value());
    }

    @Test
    void reappliedOntoAnotherWritersStateItChangesOnlyWhatWasEdited() throws Exception {
        Journal journal = new Journal(dir.resolve("journal"));
        try (StateBackend backend = Backends.open("file://" + Files.createDirectories(dir.resolve("states")),
                BackendOptions.defaults())) {
            backend.write(ID, streams("2024-01-01", "2024-01-01"), null);
            StoredState read = backend.read(ID);
            Edit mine = Edit.edited(set(streams("2023-01-01", "2024-01-01")), read.document());
            WriteCommand planned = WriteCommand.plan(backend, mine, read);
            assertEquals(streams("2023-01-01", "2024-01-01"), planned.after(), "on the state as read, what was typed");

            // Meanwhile `cairn set --force` sets the other stream.
            WriteCommand.plan(backend, ID, set(streams("2024-01-01", "2024-06-01"))).execute(journal);
            assertThrows(ConflictException.class, () -> planned.execute(journal));

            StoredState current = backend.read(ID);
            assertEquals(List.of(), mine.overlaps(current.document()));
            WriteCommand.plan(backend, mine, current).execute(journal);
            assertEquals(streams("2023-01-01", "2024-06-01"), backend.read(ID).document());
        }
    }

    @Test
    void bothChangingTheSameBookmarkNeedsAPick() throws Exception {
        StateDocument read = streams("2024-01-01", "2024-01-01");
        StateDocument theirs = streams("2024-06-01", "2024-01-01");
        Edit mine = Edit.edited(set(streams("2023-01-01", "2024-01-01")), read);
        List<JsonReplay.Overlap> overlaps = mine.overlaps(theirs);
        assertEquals(List.of("/completed" + ORDERS), overlaps.stream().map(JsonReplay.Overlap::pointer).toList());
        assertThrows(EditRefused.class, () -> mine.apply(theirs));
        assertEquals(streams("2023-01-01", "2024-01-01"),
                mine.picking(Map.of("/completed" + ORDERS, JsonReplay.Pick.MINE)).apply(theirs));
        assertEquals(theirs, mine.picking(Map.of("/completed" + ORDERS, JsonReplay.Pick.THEIRS)).apply(theirs));
    }
}
