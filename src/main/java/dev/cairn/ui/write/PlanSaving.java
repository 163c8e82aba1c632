package dev.cairn.ui.write;

import dev.cairn.ops.plan.Plan;
import dev.cairn.ops.plan.PlanFile;
import dev.cairn.ui.Texts;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Save as plan… of the window's previews (the write sheet, the copy form, a group's writes): the
 * writes saved through the command line's own plan file ({@link PlanFile#save}), nothing written to
 * the backend, and the sentence the preview says of it.
 */
public final class PlanSaving {

    /** The name the file chooser suggests. */
    public static final String FILE_NAME = "cairn-plan.json";

    private PlanSaving() {}

    /** Saves what {@code builder} holds (blocking: off the FX thread); the sentence saying what was saved, or why nothing was. */
    public static String save(Path file, Plan.Builder builder, String environment) throws IOException {
        Optional<Plan> saved = PlanFile.save(file, builder, environment);
        return saved.map(plan -> Texts.get("plan.saved", plan.writes().size(), file,
                        plan.environment() == null ? "" : Texts.get("plan.saved.environment", plan.environment())))
                .orElse(Texts.get("plan.nothing"));
    }

    /** The sentence of a save that failed. */
    public static String failed(Path file, String why) {
        return Texts.get("plan.saveFailed", file, why);
    }
}
