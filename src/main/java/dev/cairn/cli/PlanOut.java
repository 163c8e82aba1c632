package dev.cairn.cli;

import dev.cairn.ops.WriteCommand;
import dev.cairn.ops.plan.Plan;
import dev.cairn.ops.plan.PlanFile;
import dev.cairn.ops.plan.PlannedWrite;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;

/**
 * {@code --plan-out FILE}: the planned writes saved as a plan file instead of written, each
 * previewed as {@code --dry-run} previews it; and that preview again for {@code cairn apply}.
 */
final class PlanOut {

    private PlanOut() {}

    /** Saves the commands that change something as a plan for {@code environment} (null: as their IDs name it). */
    static void save(Path file, List<WriteCommand> commands, String environment, PrintWriter out) {
        Plan.Builder plan = new Plan.Builder();
        for (WriteCommand c : plan.addChanging(commands)) {
            out.println("Would " + Writes.lowerFirst(c.description()) + " (no change): left out of the plan.");
        }
        save(file, plan, environment, out);
    }

    /** Previews the plan's writes and saves it; an empty plan is not saved. */
    static void save(Path file, Plan.Builder builder, String environment, PrintWriter out) {
        Plan plan;
        try {
            plan = PlanFile.save(file, builder, environment).orElse(null);
        } catch (IOException e) {
            throw new UserError("cannot write the plan " + file + ": " + e.getMessage());
        }
        if (plan == null) {
            out.println("Nothing to write: no plan was saved.");
            out.flush();
            return;
        }
        plan.writes().forEach(w -> preview(w, out));
        int n = plan.writes().size();
        out.println("Saved a plan of " + n + (n == 1 ? " write" : " writes")
                + (plan.environment() == null ? "" : " for environment " + plan.environment()) + " to " + file
                + "; nothing was written. Apply it with: cairn apply " + ShellWord.of(file.toString()));
        out.flush();
    }

    /** A planned write as {@code --dry-run} shows it: what it does, where, and its diff. */
    static void preview(PlannedWrite write, PrintWriter out) {
        out.println("Would " + Writes.lowerFirst(write.description()) + ":");
        out.print(write.diff());
    }
}
