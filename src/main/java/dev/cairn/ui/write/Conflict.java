package dev.cairn.ui.write;

import dev.cairn.backend.StoredState;
import dev.cairn.state.JsonReplay;
import dev.cairn.ui.diff.AlignedDiff;
import java.util.List;

/**
 * A write refused because the state changed after it was read: the three documents — what was read,
 * what is stored now, the change — and the diffs between them. Built off the FX thread.
 *
 * @param meanwhile what changed since the read (read → stored now)
 * @param yours the refused change (read → yours)
 * @param overwrite what a blind overwrite would do now (stored now → yours)
 * @param overlaps the places the other writer changed that your change changes too, differently:
 *     reapplying needs a pick (theirs or yours) for each
 */
public record Conflict(WritePlan attempted, StoredState current, AlignedDiff meanwhile, AlignedDiff yours,
                       AlignedDiff overwrite, List<JsonReplay.Overlap> overlaps) {

    static Conflict of(WritePlan attempted, StoredState current) {
        StoredState read = attempted.command().before();
        var readJson = StoredJson.stored(read.exists() ? read.document() : null);
        var currentJson = StoredJson.stored(current.exists() ? current.document() : null);
        var mineJson = StoredJson.stored(attempted.command().after());
        return new Conflict(attempted, current, AlignedDiff.of(readJson, currentJson), AlignedDiff.of(readJson, mineJson),
                AlignedDiff.of(currentJson, mineJson), attempted.edit().overlaps(current.document()));
    }

    public StoredState read() {
        return attempted.command().before();
    }

    /** One sentence for the top of the conflict view. */
    public String explanation() {
        String id = current.stateId();
        String now = current.exists() ? "is now at version " + current.version() : "has been deleted";
        return "Nothing was written: " + id + " changed after you read it (you read version " + read().version()
                + "; it " + now + " — a pipeline ran or someone else wrote it). " + meanwhile.summary().sentence()
                + " meanwhile." + (overlaps.isEmpty() ? "" : " You both changed " + overlaps.size()
                + (overlaps.size() == 1 ? " place" : " places") + ": pick whose value stays at each to reapply your change.");
    }
}
