package dev.cairn.state;

import com.fasterxml.jackson.databind.JsonNode;

/** What a tap would get from a stored state, in the terms of {@code meltano state list}'s colours. */
public enum StateHealth {
    /** The effective state has {@code singer_state} (Meltano lists it green). */
    HEALTHY("healthy"),
    /** Not empty, but without {@code singer_state}: the tap gets no state and fully syncs (red). */
    NO_SINGER_STATE("no singer_state"),
    /** {@code {}}: the tap gets no state (yellow). */
    EMPTY("empty"),
    /** A document is not valid JSON; Meltano fails on it. */
    CORRUPT_JSON("corrupt JSON"),
    /** A NULL document Meltano fails on. */
    NULL_DOCUMENT("NULL document"),
    /** The partial cannot be merged onto the completed; Meltano fails on it. */
    MERGE_ERROR("merge error");

    private final String label;

    StateHealth(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }

    /**
     * The state's health. Where the partial is {@code {}} (most states) the effective state is the
     * completed one as stored, so the parts' shapes tell it without building a tree; only a pending
     * partial needs the merge.
     */
    public static StateHealth of(StateDocument state) {
        StatePart.Shape completed = state.completed().shape();
        StatePart.Shape partial = state.partial().shape();
        if (completed == StatePart.Shape.CORRUPT || partial == StatePart.Shape.CORRUPT) {
            return CORRUPT_JSON;
        }
        if (partial == StatePart.Shape.NULL) {
            return NULL_DOCUMENT;
        }
        if (partial == StatePart.Shape.EMPTY_OBJECT) {
            return completed.health();
        }
        return ofMerged(state);
    }

    private static StateHealth ofMerged(StateDocument state) {
        JsonNode effective;
        try {
            effective = state.effective();
        } catch (StateError e) {
            switch (e.kind()) {
                case CORRUPT_JSON: return CORRUPT_JSON;
                case NULL_DOCUMENT: return NULL_DOCUMENT;
                default: return MERGE_ERROR;
            }
        }
        return ofEffective(effective);
    }

    /** Classifies an effective state as {@code meltano state list} colours it. */
    public static StateHealth ofEffective(JsonNode effective) {
        if (effective != null && effective.isObject() && effective.has("singer_state")) {
            return HEALTHY;
        }
        if (effective == null || effective.isNull() || (effective.isContainerNode() && effective.isEmpty())) {
            return EMPTY;
        }
        return NO_SINGER_STATE;
    }
}
