package dev.cairn.ops;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.cairn.backend.MeltanoRun;
import dev.cairn.state.BookmarkEdits;
import dev.cairn.state.Json;
import dev.cairn.state.JsonReplay;
import dev.cairn.state.Merge;
import dev.cairn.state.MergeError;
import dev.cairn.state.PythonJson;
import dev.cairn.state.Rewind;
import dev.cairn.state.StateError;
import dev.cairn.state.StateDocument;
import dev.cairn.state.StatePart;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A change to one state, as a function of what is stored: Meltano's complete write ({@code state
 * set}), partial write ({@code state merge}), clears, and restoring a saved document. Applying it
 * to the current document gives the document to store, or {@code null} to delete the state.
 */
public interface Edit {

    /** What the edit does, in the words of a confirmation: "Set state", "Clear partial state". */
    String verb();

    /**
     * What the edit does in a few words, for the button that confirms it: "Rewind 1 stream" where
     * {@link #verb} names the stream and the value; the verb itself where it is short already.
     */
    default String shortVerb() {
        return verb();
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
     * A document edited by hand: {@code whole} (which stores the typed document) applied to the
     * state as read. On that state it stores exactly that; on a state another writer changed since,
     * it replays only what the editing changed (the structural difference from what was read) onto
     * it, so the other writer's changes elsewhere stay; where both changed the same place, it needs
     * a pick there ({@link #overlaps}).
     */
    static Edit edited(Edit whole, StateDocument read) throws EditRefused {
        StateDocument mine = Objects.requireNonNull(whole.apply(read), "an edited document is never a delete");
        return edited(whole, read, mine, Map.of());
    }

    private static Edit edited(Edit whole, StateDocument read, StateDocument mine, Map<String, JsonReplay.Pick> picks) {
        return new Edit() {
            @Override
            public String verb() {
                return whole.verb();
            }

            @Override
            public String shortVerb() {
                return whole.shortVerb();
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
                return edited(whole, read, mine, Map.copyOf(chosen));
            }
        };
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
     * {@code meltano state set}: the document becomes the completed state and the partial is emptied.
     * As in Meltano, a write whose document is {@code {}} counts as partial and changes nothing.
     */
    static Edit set(ObjectNode document) {
        return completeWrite(document, "Set state", "Set state");
    }

    /**
     * What {@code meltano state copy} and {@code move} write to the destination: a {@link #set} of
     * the source's effective state (Meltano's {@code set_state(dst, json.dumps(get_state(src)))}).
     */
    static Edit copyOf(ObjectNode effective, String sourceId, boolean move) {
        return completeWrite(effective, (move ? "Move from " : "Copy from ") + sourceId, move ? "Move state" : "Copy state");
    }

    /**
     * Writes back the state a run's checkpoint left (from Meltano's {@code runs} history) as a
     * complete write, with its own {@code runs} row as {@code meltano state set} leaves one.
     */
    static Edit restoreCheckpoint(ObjectNode state, String runId) {
        return completeWrite(state, "Restore the checkpoint of run " + runId + " in state", "Restore checkpoint");
    }

    private static Edit completeWrite(ObjectNode document, String verb, String shortVerb) {
        return new Edit() {
            @Override
            public String verb() {
                return verb;
            }

            @Override
            public String shortVerb() {
                return shortVerb;
            }

            @Override
            public MeltanoRun.Payload runPayload(StateDocument after) {
                return MeltanoRun.Payload.complete(document);
            }

            @Override
            public StateDocument apply(StateDocument current) throws EditRefused {
                if (document.isEmpty()) {
                    return merge(document).apply(current);
                }
                return StateDocument.completeWrite(document.deepCopy());
            }
        };
    }

    /**
     * Replaces the partial document, keeping the completed one as stored: what saving an edited
     * partial state writes (the editor's counterpart of {@link #set} for the other part).
     */
    static Edit setPartial(ObjectNode document) {
        return new Edit() {
            @Override
            public String verb() {
                return "Set partial state";
            }

            @Override
            public StateDocument apply(StateDocument current) {
                return new StateDocument(current.completed(), StatePart.of(document.deepCopy()));
            }
        };
    }

    /** {@code meltano state merge}: the document is merged into the partial state; the completed is kept. */
    static Edit merge(ObjectNode document) {
        return new Edit() {
            @Override
            public String verb() {
                return "Merge into state";
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
        };
    }

    /** Empties the partial state only: the effective state becomes the completed one. */
    static Edit clearPartial() {
        return new Edit() {
            @Override
            public String verb() {
                return "Clear partial state";
            }

            @Override
            public StateDocument apply(StateDocument current) {
                return new StateDocument(current.completed(), StatePart.of(Json.object()));
            }
        };
    }

    /** {@code meltano state clear}: the state is deleted. */
    static Edit clear() {
        return deletion("Clear state", "Clear state");
    }

    /** The second half of a move: the source is deleted, and the journal says where it went. */
    static Edit movedTo(String targetId) {
        return deletion("Move to " + targetId + ", source cleared", "Clear source");
    }

    /** The second half of an unpark: the parked copy is deleted, and the journal says where it went. */
    static Edit unparkedTo(String stateId) {
        return deletion("Unpark to " + stateId + ", parked state cleared", "Clear parked state");
    }

    private static Edit deletion(String verb, String shortVerb) {
        return new Edit() {
            @Override
            public String verb() {
                return verb;
            }

            @Override
            public String shortVerb() {
                return shortVerb;
            }

            @Override
            public StateDocument apply(StateDocument current) {
                return null;
            }
        };
    }

    /** Removes one stream's bookmark (or one partition's, when {@code context} is not null). */
    static Edit clearBookmark(String stream, JsonNode context) {
        String what = bookmarkName(stream, context);
        return new Edit() {
            @Override
            public String verb() {
                return "Clear bookmark of " + what + " in state";
            }

            @Override
            public String shortVerb() {
                return "Clear 1 bookmark";
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
        };
    }

    /** Sets a stream's (or partition's) replication value, dropping an interrupted run's markers there. */
    static Edit rewind(String stream, JsonNode context, JsonNode value) {
        String what = bookmarkName(stream, context);
        return new Edit() {
            @Override
            public String verb() {
                return "Rewind " + what + " to " + PythonJson.write(value, PythonJson.Style.COMPACT) + " in state";
            }

            @Override
            public String shortVerb() {
                return context == null ? "Rewind 1 stream" : "Rewind 1 partition";
            }

            @Override
            public StateDocument apply(StateDocument current) throws EditRefused {
                try {
                    return BookmarkEdits.rewound(current, stream, context, value);
                } catch (StateError e) {
                    throw new EditRefused(e.getMessage());
                }
            }
        };
    }

    /**
     * Moves bookmarks back as the rewind says ({@link Rewind}), each new value computed from the
     * document the edit is applied to: planned again on a state changed since (a retry after a
     * conflict), it moves that state's bookmarks, never forward.
     */
    static Edit rewind(Rewind rewind) {
        return new Edit() {
            @Override
            public String verb() {
                return "Rewind state";
            }

            @Override
            public StateDocument apply(StateDocument current) throws EditRefused {
                try {
                    return rewind.apply(current);
                } catch (StateError e) {
                    throw new EditRefused(e.getMessage());
                }
            }
        };
    }

    /**
     * An unpark's merge: the parked effective state merged under the current one with Meltano's
     * merge ({@code merge(current, parked)}), so what the current state has wins and what only the
     * parked one has comes back, stored as {@code meltano state set} stores a document.
     */
    static Edit mergeUnder(JsonNode parkedEffective, String parkedId) {
        return new Edit() {
            @Override
            public String verb() {
                return "Merge parked " + parkedId + " under state";
            }

            @Override
            public String shortVerb() {
                return "Merge back";
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
        };
    }

    /** Puts back a document exactly as it was stored (undo, restore from history, copy); {@code null} deletes. */
    static Edit restore(StateDocument document, String verb, String shortVerb) {
        return storing(verb, shortVerb, document, null);
    }

    /**
     * A write planned earlier and saved in a plan file: stores {@code after} ({@code null} deletes)
     * whatever is stored now, so it is applied only to the state it was planned on, with the
     * {@code runs} row ({@code runPayload}, or none) of the verb it was planned as.
     */
    static Edit planned(String verb, String shortVerb, StateDocument after, MeltanoRun.Payload runPayload) {
        return storing(verb, shortVerb, after, runPayload);
    }

    /** Stores {@code document} ({@code null} deletes) whatever is stored now, with that {@code runs} row or none. */
    private static Edit storing(String verb, String shortVerb, StateDocument document, MeltanoRun.Payload runPayload) {
        return new Edit() {
            @Override
            public String verb() {
                return verb;
            }

            @Override
            public String shortVerb() {
                return shortVerb;
            }

            @Override
            public MeltanoRun.Payload runPayload(StateDocument stored) {
                return runPayload;
            }

            @Override
            public StateDocument apply(StateDocument current) {
                return document;
            }
        };
    }

    /** "stream orders", or "partition {"org":"x"} of stream issues". */
    private static String bookmarkName(String stream, JsonNode context) {
        return context == null ? "stream " + stream
                : "partition " + PythonJson.write(context, PythonJson.Style.COMPACT) + " of stream " + stream;
    }
}
