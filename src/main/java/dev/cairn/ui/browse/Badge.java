package dev.cairn.ui.browse;

import dev.cairn.state.StateHealth;
import java.util.Locale;

/**
 * What the list shows next to a state ID. The first six say what a tap would get (one per ID, from
 * {@link StateHealth}); the others are flags an ID may carry on top.
 */
public enum Badge {
    HEALTHY("healthy", "✓", "Meltano passes singer_state to the tap"),
    NO_SINGER_STATE("no singer_state", "no ss", "the tap gets no state and fully syncs"),
    EMPTY("empty", "{}", "{}: the tap gets no state and fully syncs"),
    CORRUPT_JSON("corrupt JSON", "✗ JSON", "not valid JSON: Meltano fails reading it, and `state list` aborts"),
    NULL_DOCUMENT("NULL", "NULL", "a NULL document Meltano fails reading"),
    MERGE_ERROR("merge error", "✗ merge", "the partial state cannot be merged onto the completed one: Meltano fails"),
    PARTIAL_PENDING("partial pending", "partial", "partial checkpoints of an unfinished run are stored; the tap starts from them"),
    LOCKED("locked", "lock", "a running pipeline holds Meltano's lock"),
    STALE_LOCK("stale lock", "stale", "a lock was left by a pipeline that died; Meltano's next write breaks it"),
    RUNNING("running", "run", "a pipeline run of this ID is running now: a RUNNING row of the runs table with a live heartbeat"),
    STALE_RUN("stale run", "stale run", "a RUNNING row of the runs table whose heartbeat stopped: Meltano will mark it failed"),
    HIDDEN("hidden from list", "hidden", "`meltano state list` does not show this ID as is"),
    NOT_NFC("not NFC", "not NFC", "the ID is not in Unicode NFC (an accent stored as a character of its own): it looks exactly"
            + " like its NFC spelling, which a pipeline writing that spelling does not find; the ID's tooltip spells it out"),
    PARKED("parked", "parked", "a state moved aside for a full refresh (ID.parked-<UTC time>): Restore or Merge back on the"
            + " list's context menu puts it back"),
    UNREAD("…", "…", "not read yet"),
    READ_FAILED("read failed", "✗ read", "the backend could not read this state");

    private final String label;
    private final String shortLabel;
    private final String help;

    Badge(String label, String shortLabel, String help) {
        this.label = label;
        this.shortLabel = shortLabel;
        this.help = help;
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
        return dev.cairn.ui.theme.Styles.variant(dev.cairn.ui.theme.Styles.BADGE, this);
    }

    /** RUNNING or STALE_RUN for a pipeline's newest RUNNING row as of {@code now}; null without one. */
    public static Badge ofRun(dev.cairn.backend.RunRow running, java.time.Instant now) {
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
