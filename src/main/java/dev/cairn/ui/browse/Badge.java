package dev.cairn.ui.browse;

import dev.cairn.backend.RunRow;
import dev.cairn.state.StateHealth;
import dev.cairn.ui.Texts;
import dev.cairn.ui.theme.Styles;
import java.time.Instant;

/**
 * What the list shows next to a state ID. The first six say what a tap would get (one per ID, from
 * {@link StateHealth}); the others are flags an ID may carry on top.
 */
public enum Badge {
    HEALTHY("badge.healthy"),
    NO_SINGER_STATE("badge.noSingerState"),
    EMPTY("badge.empty"),
    CORRUPT_JSON("badge.corruptJson"),
    NULL_DOCUMENT("badge.nullDocument"),
    MERGE_ERROR("badge.mergeError"),
    PARTIAL_PENDING("badge.partialPending"),
    LOCKED("badge.locked"),
    STALE_LOCK("badge.staleLock"),
    RUNNING("badge.running"),
    STALE_RUN("badge.staleRun"),
    HIDDEN("badge.hidden"),
    NOT_NFC("badge.notNfc"),
    PARKED("badge.parked"),
    UNREAD("badge.unread"),
    READ_FAILED("badge.readFailed");

    private final String label;
    private final String shortLabel;
    private final String help;

    Badge(String key) {
        this.label = Texts.get(key);
        this.shortLabel = Texts.get(key + ".short");
        this.help = Texts.get(key + ".help");
    }

    public String label() {
        return label;
    }

    /** The badge where space is short (a narrow ID list); {@link #label} and {@link #help} on hover. */
    public String shortLabel() {
        return shortLabel;
    }

    public String help() {
        return help;
    }

    /** The style class painting this badge: {@code badge-healthy}, {@code badge-corrupt-json}, … */
    public String styleClass() {
        return Styles.variant(Styles.BADGE, this);
    }

    /** RUNNING or STALE_RUN for a pipeline's newest RUNNING row as of {@code now}; null without one. */
    public static Badge ofRun(RunRow running, Instant now) {
        return running == null ? null : running.isStale(now) ? STALE_RUN : RUNNING;
    }

    public static Badge of(StateHealth health) {
        switch (health) {
            case HEALTHY: return HEALTHY;
            case NO_SINGER_STATE: return NO_SINGER_STATE;
            case EMPTY: return EMPTY;
            case CORRUPT_JSON: return CORRUPT_JSON;
            case NULL_DOCUMENT: return NULL_DOCUMENT;
            default: return MERGE_ERROR;
        }
    }
}
