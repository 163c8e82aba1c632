package dev.cairn.ui.browse;

import dev.cairn.state.Glob;
import java.util.Locale;

/**
 * What the filter field means: text with {@code *}, {@code ?} or {@code [} is a Meltano pattern
 * matched against the whole ID, as {@code meltano state list --pattern} does (case-sensitive);
 * anything else is a case-insensitive substring.
 */
public final class IdFilter {

    private final String text;
    private final Glob glob;
    private final String needle;

    private IdFilter(String text) {
        this.text = text == null ? "" : text.strip();
        this.glob = Glob.hasMagic(this.text) ? Glob.compile(this.text) : null;
        this.needle = this.text.toLowerCase(Locale.ROOT);
    }

    public static IdFilter of(String text) {
        return new IdFilter(text);
    }

    public boolean isEmpty() {
        return text.isEmpty();
    }

    public boolean isPattern() {
        return glob != null;
    }

    public String text() {
        return text;
    }

    /** Whether the filter lets this ID through (its lower-cased form is made here; the list keeps its own). */
    public boolean matches(String id) {
        if (glob != null) {
            return glob.matches(id);
        }
        return needle.isEmpty() || id.toLowerCase(Locale.ROOT).contains(needle);
    }

    boolean matches(StateIdEntry entry) {
        if (glob != null) {
            return glob.matches(entry.stateId());
        }
        return needle.isEmpty() || entry.lowerCaseId().contains(needle);
    }

    /**
     * Whether every ID this filter accepts is also accepted by {@code previous}, so filtering can
     * start from the previous result (typing more of a substring narrows it).
     */
    boolean narrows(IdFilter previous) {
        return previous != null && glob == null && previous.glob == null && needle.contains(previous.needle);
    }
}
