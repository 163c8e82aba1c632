package dev.cairn.ops;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.cairn.backend.MeltanoRun;
import dev.cairn.state.BookmarkEdits;
import dev.cairn.state.Json;
import dev.cairn.state.JsonReplay;
import dev.cairn.state.Merge;
import dev.cairn.state.MergeError;
import dev.cairn.state.PythonJson;
import dev.cairn.state.Rewind;
import dev.cairn.state.StateDocument;
import dev.cairn.state.StateError;
import dev.cairn.state.StatePart;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A change to one state, as a function of what is stored: Meltano's complete write ({@code state
 * set}), partial write ({@code state merge}), clears, and restoring a saved document. Applying it
 * to the current document gives the document to store, or {@code null} to delete the state. One
 * record per kind of change, its parameters as fields: the journal stores its {@link #kind} and
 * {@link #parameters}, and the words it is shown in come from the record.
 */
public sealed interface Edit {

    /** What the edit does, in the words of a confirmation: "Set state", "Clear partial state". */
    String verb();

    /**
     * What the edit does in a few words, for the button that confirms it: "Rewind 1 stream" where
     * {@link #verb} names the stream and the value; the verb itself where it is short already.
     */
    default String shortVerb() {
        return verb();
    }

    /** The kind of change, as the journal records it. */
    WriteKind kind();

    /**
     * What the journal records of the edit besides its kind: the values it was made with (a stream,
     * a source ID, a run ID), never the state's documents, which the journal holds as before and after.
     */
    default ObjectNode parameters() {
        return Json.object();
    }

    /** The document to store instead of {@code current}, or {@code null} to delete the state. */
    StateDocument apply(StateDocument current) throws EditRefused;

    /**
     * The places where {@code current} (stored since this edit was planned) changed what this edit
     * changes, differently: re-planned onto {@code current}, the edit needs a pick for each. Edits that
     * re-plan as they are (clear, merge, rewind …) have none.
     */
    default List<JsonReplay.Overlap> overlaps(StateDocument current) {
        return List.of();
    }

    /** This edit with, for each overlap (by pointer), whose value stays. */
    default Edit picking(Map<String, JsonReplay.Pick> picks) {
        return this;
    }

    /**
     * The payload of the {@code runs} row that Meltano's own command for this edit adds ({@code set},
     * {@code merge}, {@code copy}, {@code move}); null for edits no Meltano command makes, which
     * Meltano's history has no row for (clears, like {@code meltano state clear}; undo; import).
     * {@code after} is the document this edit stores.
     */
    default MeltanoRun.Payload runPayload(StateDocument after) {
        return null;
    }

    /**
     * A document edited by hand: {@code whole} (which stores the typed document) applied to the
     * state as read. On that state it stores exactly that; on a state another writer changed since,
     * it replays only what the editing changed (the structural difference from what was read) onto
     * it, so the other writer's changes elsewhere stay; where both changed the same place, it needs
     * a pick there ({@link #overlaps}).
     */
    static Edit edited(Edit whole, StateDocument read) throws EditRefused {
        StateDocument mine = Objects.requireNonNull(whole.apply(read), "an edited document is never a delete");
        return new Edited(whole, read, mine, Map.of());
    }

    /**
     * {@code meltano state set}: the document becomes the completed state and the partial is emptied.
     * As in Meltano, a write whose document is {@code {}} counts as partial and changes nothing.
     */
    static Edit set(ObjectNode document) {
        return new Set(document);
    }

    /**
     * What {@code meltano state copy} and {@code move} write to the destination: a {@link #set} of
     * the source's effective state (Meltano's {@code set_state(dst, json.dumps(get_state(src)))}).
     */
    static Edit copyOf(ObjectNode effective, String sourceId, boolean move) {
        return new Copy(effective, sourceId, move);
    }

    /**
     * Writes back the state a run's checkpoint left (from Meltano's {@code runs} history) as a
     * complete write, with its own {@code runs} row as {@code meltano state set} leaves one.
     */
    static Edit restoreCheckpoint(ObjectNode state, String runId) {
        return new RestoreCheckpoint(state, runId);
    }

    /**
     * Replaces the partial document, keeping the completed one as stored: what saving an edited
     * partial state writes (the editor's counterpart of {@link #set} for the other part).
     */
    static Edit setPartial(ObjectNode document) {
        return new SetPartial(document);
    }

    /** {@code meltano state merge}: the document is merged into the partial state; the completed is kept. */
    static Edit merge(ObjectNode document) {
        return new MergeInto(document);
    }

    /** Empties the partial state only: the effective state becomes the completed one. */
    static Edit clearPartial() {
        return new ClearPartial();
    }

    /** {@code meltano state clear}: the state is deleted. */
    static Edit clear() {
        return new Clear();
    }

    /** The second half of a move: the source is deleted, and the journal says where it went. */
    static Edit movedTo(String targetId) {
        return new MovedTo(targetId);
    }

    /** The second half of an unpark: the parked copy is deleted, and the journal says where it went. */
    static Edit unparkedTo(String stateId) {
        return new UnparkedTo(stateId);
    }

    /** Removes one stream's bookmark (or one partition's, when {@code context} is not null). */
    static Edit clearBookmark(String stream, JsonNode context) {
        return new ClearBookmark(stream, context);
    }

    /** Sets a stream's (or partition's) replication value, dropping an interrupted run's markers there. */
    static Edit rewind(String stream, JsonNode context, JsonNode value) {
        return new RewindBookmark(stream, context, value);
    }

    /**
     * Moves bookmarks back as the rewind says ({@link Rewind}), each new value computed from the
     * document the edit is applied to: planned again on a state changed since (a retry after a
     * conflict), it moves that state's bookmarks, never forward.
     */
    static Edit rewind(Rewind rewind) {
        return new RewindState(rewind);
    }

    /**
     * An unpark's merge: the parked effective state merged under the current one with Meltano's
     * merge ({@code merge(current, parked)}), so what the current state has wins and what only the
     * parked one has comes back, stored as {@code meltano state set} stores a document.
     */
    static Edit mergeUnder(JsonNode parkedEffective, String parkedId) {
        return new MergeUnder(parkedEffective, parkedId);
    }

    /** A copy or move ({@link Transfer.Content#AS_STORED}): the source's documents exactly as stored, with no {@code runs} row. */
    static Edit copyAsStored(StateDocument document, String sourceId, boolean move) {
        return new CopyAsStored(document, sourceId, move);
    }

    /** An unpark's restore: the parked state's documents put back exactly as they were stored. */
    static Edit restoreParked(StateDocument document, String parkedId) {
        return new RestoreParked(document, parkedId);
    }

    /**
     * The state as it was before a journalled write ({@code entry}'s before; {@code null} deletes),
     * put back whatever is stored now; {@code when} is the write's time as the history lists it.
     */
    static Edit restoreBefore(Journal.Entry entry, String when) {
        return new RestoreBefore(entry.before(), entry.id(), when);
    }

    /** {@code meltano state import}: the document as the import file gives it (a key left out is NULL). */
    static Edit imported(StateDocument document) {
        return new Imported(document);
    }

    /** Puts back a document exactly as it was stored (an undo planned again); {@code null} deletes. */
    static Edit restore(StateDocument document, String verb, String shortVerb) {
        return new Restore(document, verb, shortVerb);
    }

    /**
     * A write planned earlier and saved in a plan file: stores {@code after} ({@code null} deletes)
     * whatever is stored now, so it is applied only to the state it was planned on, with the
     * {@code runs} row ({@code runPayload}, or none) of the verb it was planned as.
     */
    static Edit planned(String verb, String shortVerb, StateDocument after, MeltanoRun.Payload runPayload) {
        return new Planned(verb, shortVerb, after, runPayload);
    }

    // ---- complete writes: the document becomes the completed state -------------------------------

    /**
     * Meltano's complete write ({@code state set}) of {@link #document}, with the {@code runs} row it
     * leaves; as in Meltano, a document {@code {}} counts as partial and changes nothing.
     */
    sealed interface CompleteWrite extends Edit {

        ObjectNode document();

        @Override
        default MeltanoRun.Payload runPayload(StateDocument after) {
            return MeltanoRun.Payload.complete(document());
        }

        @Override
        default StateDocument apply(StateDocument current) throws EditRefused {
            if (document().isEmpty()) {
                return new MergeInto(document()).apply(current);
            }
            return StateDocument.completeWrite(document().deepCopy());
        }
    }

    /** {@link #set}. */
    record Set(ObjectNode document) implements CompleteWrite {
        @Override
        public String verb() {
            return "Set state";
        }

        @Override
        public WriteKind kind() {
            return WriteKind.SET;
        }
    }

    /** {@link #copyOf}. */
    record Copy(ObjectNode document, String sourceId, boolean move) implements CompleteWrite {
        @Override
        public String verb() {
            return (move ? "Move from " : "Copy from ") + sourceId;
        }

        @Override
        public String shortVerb() {
            return move ? "Move state" : "Copy state";
        }

        @Override
        public WriteKind kind() {
            return move ? WriteKind.MOVE : WriteKind.COPY;
        }

        @Override
        public ObjectNode parameters() {
            return Json.object().put("source", sourceId);
        }
    }

    /** {@link #restoreCheckpoint}. */
    record RestoreCheckpoint(ObjectNode document, String runId) implements CompleteWrite {
        @Override
        public String verb() {
            return "Restore the checkpoint of run " + runId + " in state";
        }

        @Override
        public String shortVerb() {
            return "Restore checkpoint";
        }

        @Override
        public WriteKind kind() {
            return WriteKind.RESTORE_CHECKPOINT;
        }

        @Override
        public ObjectNode parameters() {
            return Json.object().put("run", runId);
        }
    }

    // ---- the partial state ------------------------------------------------------------------------

    /** {@link #setPartial}. */
    record SetPartial(ObjectNode document) implements Edit {
        @Override
        public String verb() {
            return "Set partial state";
        }

        @Override
        public WriteKind kind() {
            return WriteKind.SET_PARTIAL;
        }

        @Override
        public StateDocument apply(StateDocument current) {
            return new StateDocument(current.completed(), StatePart.of(document.deepCopy()));
        }
    }

    /** {@link #merge}. */
    record MergeInto(ObjectNode document) implements Edit {
        @Override
        public String verb() {
            return "Merge into state";
        }

        @Override
        public WriteKind kind() {
            return WriteKind.MERGE;
        }

        /** The document merged in: the after-state alone does not tell what it was. */
        @Override
        public ObjectNode parameters() {
            ObjectNode parameters = Json.object();
            parameters.set("document", document.deepCopy());
            return parameters;
        }

        @Override
        public MeltanoRun.Payload runPayload(StateDocument after) {
            return MeltanoRun.Payload.incomplete(document);
        }

        @Override
        public StateDocument apply(StateDocument current) throws EditRefused {
            if (current.partial().isCorrupt()) {
                throw new EditRefused("the stored partial state is not valid JSON, so nothing can be merged into it");
            }
            try {
                JsonNode merged = Merge.merge(document, current.partial().value());
                return new StateDocument(current.completed(), StatePart.of(merged));
            } catch (MergeError e) {
                throw new EditRefused("Meltano's merge would fail: " + e.getMessage());
            }
        }
    }

    /** {@link #clearPartial}. */
    record ClearPartial() implements Edit {
        @Override
        public String verb() {
            return "Clear partial state";
        }

        @Override
        public WriteKind kind() {
            return WriteKind.CLEAR_PARTIAL;
        }

        @Override
        public StateDocument apply(StateDocument current) {
            return new StateDocument(current.completed(), StatePart.of(Json.object()));
        }
    }

    // ---- deletions --------------------------------------------------------------------------------

    /** The state is deleted, whatever it holds. */
    sealed interface Deletion extends Edit {
        @Override
        default StateDocument apply(StateDocument current) {
            return null;
        }
    }

    /** {@link #clear}. */
    record Clear() implements Deletion {
        @Override
        public String verb() {
            return "Clear state";
        }

        @Override
        public WriteKind kind() {
            return WriteKind.CLEAR;
        }
    }

    /** {@link #movedTo}. */
    record MovedTo(String targetId) implements Deletion {
        @Override
        public String verb() {
            return "Move to " + targetId + ", source cleared";
        }

        @Override
        public String shortVerb() {
            return "Clear source";
        }

        @Override
        public WriteKind kind() {
            return WriteKind.MOVED_TO;
        }

        @Override
        public ObjectNode parameters() {
            return Json.object().put("target", targetId);
        }
    }

    /** {@link #unparkedTo}. */
    record UnparkedTo(String stateId) implements Deletion {
        @Override
        public String verb() {
            return "Unpark to " + stateId + ", parked state cleared";
        }

        @Override
        public String shortVerb() {
            return "Clear parked state";
        }

        @Override
        public WriteKind kind() {
            return WriteKind.UNPARKED_TO;
        }

        @Override
        public ObjectNode parameters() {
            return Json.object().put("target", stateId);
        }
    }

    // ---- bookmarks --------------------------------------------------------------------------------

    /** {@link #clearBookmark}. */
    record ClearBookmark(String stream, JsonNode context) implements Edit {
        @Override
        public String verb() {
            return "Clear bookmark of " + bookmarkName(stream, context) + " in state";
        }

        @Override
        public String shortVerb() {
            return "Clear 1 bookmark";
        }

        @Override
        public WriteKind kind() {
            return WriteKind.CLEAR_BOOKMARK;
        }

        @Override
        public ObjectNode parameters() {
            return bookmark(stream, context);
        }

        @Override
        public StateDocument apply(StateDocument current) throws EditRefused {
            try {
                return context == null
                        ? BookmarkEdits.withoutStream(current, stream)
                        : BookmarkEdits.withoutPartition(current, stream, context);
            } catch (StateError e) {
                throw new EditRefused(e.getMessage());
            }
        }
    }

    /** {@link #rewind(String, JsonNode, JsonNode)}. */
    record RewindBookmark(String stream, JsonNode context, JsonNode value) implements Edit {
        @Override
        public String verb() {
            return "Rewind " + bookmarkName(stream, context) + " to " + PythonJson.write(value, PythonJson.Style.COMPACT)
                    + " in state";
        }

        @Override
        public String shortVerb() {
            return context == null ? "Rewind 1 stream" : "Rewind 1 partition";
        }

        @Override
        public WriteKind kind() {
            return WriteKind.REWIND_BOOKMARK;
        }

        @Override
        public ObjectNode parameters() {
            ObjectNode parameters = bookmark(stream, context);
            parameters.set("value", value.deepCopy());
            return parameters;
        }

        @Override
        public StateDocument apply(StateDocument current) throws EditRefused {
            try {
                return BookmarkEdits.rewound(current, stream, context, value);
            } catch (StateError e) {
                throw new EditRefused(e.getMessage());
            }
        }
    }

    /** {@link #rewind(Rewind)}. */
    record RewindState(Rewind rewind) implements Edit {
        @Override
        public String verb() {
            return "Rewind state";
        }

        @Override
        public WriteKind kind() {
            return WriteKind.REWIND;
        }

        /** The target as the user gave it ("back by P1D") and the streams asked for (none: every stream). */
        @Override
        public ObjectNode parameters() {
            ObjectNode parameters = Json.object().put("target", rewind.target().text());
            ArrayNode streams = parameters.putArray("streams");
            rewind.streams().stream().sorted().forEach(streams::add);
            return parameters;
        }

        @Override
        public StateDocument apply(StateDocument current) throws EditRefused {
            try {
                return rewind.apply(current);
            } catch (StateError e) {
                throw new EditRefused(e.getMessage());
            }
        }
    }

    /** "stream orders", or "partition {"org":"x"} of stream issues". */
    private static String bookmarkName(String stream, JsonNode context) {
        return context == null ? "stream " + stream
                : "partition " + PythonJson.write(context, PythonJson.Style.COMPACT) + " of stream " + stream;
    }

    /** A bookmark's place as parameters: its stream, and its partition's context (null for the stream's own). */
    private static ObjectNode bookmark(String stream, JsonNode context) {
        ObjectNode parameters = Json.object().put("stream", stream);
        parameters.set("context", context == null ? parameters.nullNode() : context.deepCopy());
        return parameters;
    }

    // ---- merging a parked state back ---------------------------------------------------------------

    /** {@link #mergeUnder}. */
    record MergeUnder(JsonNode parkedEffective, String parkedId) implements Edit {
        @Override
        public String verb() {
            return "Merge parked " + parkedId + " under state";
        }

        @Override
        public String shortVerb() {
            return "Merge back";
        }

        @Override
        public WriteKind kind() {
            return WriteKind.MERGE_UNDER;
        }

        @Override
        public ObjectNode parameters() {
            return Json.object().put("parked", parkedId);
        }

        @Override
        public MeltanoRun.Payload runPayload(StateDocument after) {
            return MeltanoRun.Payload.complete(after.completed().value());
        }

        @Override
        public StateDocument apply(StateDocument current) throws EditRefused {
            try {
                JsonNode merged = Merge.merge(current.effective(), parkedEffective);
                if (!(merged instanceof ObjectNode document)) {
                    throw new EditRefused("the merged state is not a JSON object");
                }
                return StateDocument.completeWrite(document.deepCopy());
            } catch (StateError e) {
                throw new EditRefused("the current state cannot be read: " + e.getMessage());
            } catch (MergeError e) {
                throw new EditRefused("Meltano's merge of the two states fails: " + e.getMessage());
            }
        }
    }

    // ---- storing a document whatever is stored now --------------------------------------------------

    /** Stores {@link #document} ({@code null} deletes) exactly, whatever is stored now. */
    sealed interface Storing extends Edit {

        StateDocument document();

        @Override
        default StateDocument apply(StateDocument current) {
            return document();
        }
    }

    /** {@link #copyAsStored}. */
    record CopyAsStored(StateDocument document, String sourceId, boolean move) implements Storing {
        @Override
        public String verb() {
            return (move ? "Move from " : "Copy from ") + sourceId + " as stored";
        }

        @Override
        public String shortVerb() {
            return move ? "Move state" : "Copy state";
        }

        @Override
        public WriteKind kind() {
            return move ? WriteKind.MOVE : WriteKind.COPY;
        }

        @Override
        public ObjectNode parameters() {
            return Json.object().put("source", sourceId).put("as_stored", true);
        }
    }

    /** {@link #restoreParked}. */
    record RestoreParked(StateDocument document, String parkedId) implements Storing {
        @Override
        public String verb() {
            return "Restore parked " + parkedId + " into state";
        }

        @Override
        public String shortVerb() {
            return "Restore";
        }

        @Override
        public WriteKind kind() {
            return WriteKind.RESTORE_PARKED;
        }

        @Override
        public ObjectNode parameters() {
            return Json.object().put("parked", parkedId);
        }
    }

    /** {@link #restoreBefore}: {@code journalId} names the write whose before is put back. */
    record RestoreBefore(StateDocument document, String journalId, String when) implements Storing {
        @Override
        public String verb() {
            return "Restore the state saved before the write of " + when;
        }

        @Override
        public String shortVerb() {
            return "Restore";
        }

        @Override
        public WriteKind kind() {
            return WriteKind.RESTORE_BEFORE;
        }

        @Override
        public ObjectNode parameters() {
            return Json.object().put("before", journalId);
        }
    }

    /** {@link #imported}. */
    record Imported(StateDocument document) implements Storing {
        @Override
        public String verb() {
            return "Import state";
        }

        @Override
        public WriteKind kind() {
            return WriteKind.IMPORT;
        }
    }

    /** {@link #restore}: {@code document} ({@code null} deletes) with no {@code runs} row. */
    record Restore(StateDocument document, String verb, String shortVerb) implements Storing {
        @Override
        public WriteKind kind() {
            return WriteKind.RESTORE;
        }
    }

    /** {@link #planned}. */
    record Planned(String verb, String shortVerb, StateDocument document, MeltanoRun.Payload runPayload) implements Storing {
        @Override
        public WriteKind kind() {
            return WriteKind.PLANNED;
        }

        @Override
        public MeltanoRun.Payload runPayload(StateDocument stored) {
            return runPayload;
        }
    }

    // ---- a document edited by hand -------------------------------------------------------------------

    /**
     * {@link #edited}: {@code mine} (what {@code whole} stores on {@code read}), replayed onto a state
     * changed since with {@code picks} where both changed the same place. Journalled as {@code whole}.
     */
    record Edited(Edit whole, StateDocument read, StateDocument mine, Map<String, JsonReplay.Pick> picks) implements Edit {
        @Override
        public String verb() {
            return whole.verb();
        }

        @Override
        public String shortVerb() {
            return whole.shortVerb();
        }

        @Override
        public WriteKind kind() {
            return whole.kind();
        }

        @Override
        public ObjectNode parameters() {
            return whole.parameters();
        }

        @Override
        public StateDocument apply(StateDocument current) throws EditRefused {
            if (current.equals(read)) {
                return mine;
            }
            try {
                return JsonReplay.replay(read, current, mine, picks);
            } catch (IllegalArgumentException e) {
                throw new EditRefused("your change cannot be reapplied: " + e.getMessage());
            }
        }

        @Override
        public MeltanoRun.Payload runPayload(StateDocument after) {
            // A reapplied complete write stores the replayed document: that is what `state set` wrote.
            MeltanoRun.Payload typed = whole.runPayload(mine);
            return typed == null || typed.flags() != MeltanoRun.Payload.STATE
                    ? typed : MeltanoRun.Payload.complete(after.completed().value());
        }

        @Override
        public List<JsonReplay.Overlap> overlaps(StateDocument current) {
            return JsonReplay.overlaps(read, current, mine);
        }

        @Override
        public Edit picking(Map<String, JsonReplay.Pick> chosen) {
            return new Edited(whole, read, mine, Map.copyOf(chosen));
        }
    }
}
