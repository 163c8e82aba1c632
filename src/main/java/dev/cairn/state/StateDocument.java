package dev.cairn.state;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.util.Objects;

/**
 * A Meltano state: the completed document and the partial one (checkpoints of a run that has not
 * finished). What a tap starts from is {@link #effective()}, the partial merged onto the completed.
 */
public final class StateDocument {

    /** What Meltano reports for an ID it has no state for. */
    public static final StateDocument EMPTY = new StateDocument(StatePart.emptyObject(), StatePart.emptyObject());

    /** Parts shorter than this (in chars) parse in less time than a thread of their own takes to matter. */
    private static final int PARALLEL_PARSE_CHARS = 256 * 1024;

    private final StatePart completed;
    private final StatePart partial;
    /** The merge, done once per document: the inspector, the diff and the bookmarks of a selection share it. */
    private volatile Effective effective;

    /** What merging gave: the value (which may be {@code null}, Python's None) or why Meltano fails. */
    private record Effective(JsonNode value, StateError error) { }

    public StateDocument(StatePart completed, StatePart partial) {
        this.completed = Objects.requireNonNull(completed);
        this.partial = Objects.requireNonNull(partial);
    }

    public static StateDocument of(JsonNode completed, JsonNode partial) {
        return new StateDocument(StatePart.of(completed), StatePart.of(partial));
    }

    /** What {@code meltano state set} stores: the new document as completed, an empty partial. */
    public static StateDocument completeWrite(ObjectNode completed) {
        return of(completed, Json.object());
    }

    public StatePart completed() {
        return completed;
    }

    public StatePart partial() {
        return partial;
    }

    public boolean isCorrupt() {
        return completed.isCorrupt() || partial.isCorrupt();
    }

    /** Partial checkpoints are stored that a later complete write has not replaced yet. */
    public boolean hasPendingPartial() {
        return partial.isNonEmptyObject();
    }

    /**
     * Parses whatever part is still text now, the partial on a second thread while this one parses
     * the completed where both are big and the machine has a second core: parsing is most of the
     * time a single read of a big state takes (a command-line {@code get} or {@code diff}), and the
     * two parts are independent. A reader whose completed part may never need a tree (the system
     * DB's: the health scan, and the merge, which reads past what the partial replaces) does not call
     * this: its parts are parsed when asked for.
     */
    public void parseParts() {
        Thread second = null;
        if (unparsedLength(completed) >= PARALLEL_PARSE_CHARS && unparsedLength(partial) >= PARALLEL_PARSE_CHARS
                && Runtime.getRuntime().availableProcessors() > 1) {
            second = new Thread(partial::value, "cairn-parse-partial");
            second.setDaemon(true);
            second.start();
        }
        completed.value();
        if (second != null) {
            try {
                second.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt(); // a cancelled read: the second thread ends on its own
                return;
            }
        }
        partial.value(); // parsed already, unless the second thread failed or was not started
    }

    private static int unparsedLength(StatePart part) {
        String text = part.unparsedText();
        return text == null ? 0 : text.length();
    }

    /**
     * The state Meltano hands on (what {@code meltano state get} prints): Meltano's merge of the
     * partial onto the completed. {@code null} stands for Python's {@code None} (printed as
     * {@code null}: a NULL completed with an empty partial).
     *
     * Computed once; the value is shared, so callers must not change it (the merge already shares
     * the completed document's subtrees).
     *
     * @throws StateError where Meltano fails to read this state
     */
    public JsonNode effective() throws StateError {
        Effective known = effective;
        if (known == null) {
            // two threads may both merge the first time: they compute equal values, and either is kept
            try {
                known = new Effective(merge(), null);
            } catch (StateError e) {
                known = new Effective(null, e);
            }
            effective = known;
        }
        if (known.error() != null) {
            StateError e = known.error();
            throw new StateError(e.kind(), e.getMessage(), e.path());
        }
        return known.value();
    }

    private JsonNode merge() throws StateError {
        // parsed before the checks below: a shape scan of text about to be parsed would be a wasted
        // pass. Not the completed part: where it is still text, the merge reads it past what the
        // partial replaces (completedForMerge), and a big one is never a tree.
        partial.value();
        if (completed.isCorrupt()) {
            throw StateError.corrupt("completed", completed.syntaxError());
        }
        if (partial.isCorrupt()) {
            throw StateError.corrupt("partial", partial.syntaxError());
        }
        if (partial.isNull()) {
            throw new StateError(StateError.Kind.NULL_DOCUMENT,
                    "the partial state is NULL; Meltano fails reading it"
                            + " (AttributeError: 'NoneType' object has no attribute 'items')", "");
        }
        try {
            return Merge.merge(partial.value(), completedForMerge());
        } catch (MergeError e) {
            StateError.Kind kind = completed.isNull() ? StateError.Kind.NULL_DOCUMENT : StateError.Kind.MERGE;
            String what = completed.isNull()
                    ? "the completed state is NULL and the partial state is not empty; Meltano fails reading it"
                    : "the partial state cannot be merged onto the completed state as Meltano does: " + e.getMessage();
            throw new StateError(kind, what, e.path());
        }
    }

    /**
     * The completed value as the merge reads it. A completed part still held as stored text is read
     * without the subtrees the partial replaces, and not kept: a big state's completed tree (often
     * five times its text) need not be held beside the partial's for the merge.
     */
    private JsonNode completedForMerge() {
        String text = completed.unparsedText();
        JsonNode src = partial.value();
        if (text != null && src.isObject() && completed.isNonEmptyObject()) {
            JsonNode value = Json.parseForMerge(text, (ObjectNode) src);
            if (value != null) {
                return value;
            }
        }
        return completed.value();
    }

    /**
     * {@code {"completed": …, "partial": …}} as stored, a corrupt part as its raw text and NULL as
     * {@code null}: one value for both parts, in which even a repair of unreadable JSON is a change.
     */
    public ObjectNode storedJson() {
        ObjectNode out = Json.object();
        out.set("completed", storedJson(completed));
        out.set("partial", storedJson(partial));
        return out;
    }

    static JsonNode storedJson(StatePart part) {
        if (part.isCorrupt()) {
            return TextNode.valueOf(part.rawText());
        }
        return part.valueOrJsonNull();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof StateDocument
                && completed.equals(((StateDocument) o).completed)
                && partial.equals(((StateDocument) o).partial);
    }

    @Override
    public int hashCode() {
        return Objects.hash(completed, partial);
    }

    @Override
    public String toString() {
        return "StateDocument{completed=" + completed + ", partial=" + partial + "}";
    }
}
