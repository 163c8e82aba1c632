package dev.cairn.cli;

import dev.cairn.backend.StateBackend;
import dev.cairn.backend.StateStorage;
import dev.cairn.ops.UserFolders;
import dev.cairn.ops.plan.NotAPlan;
import dev.cairn.ops.plan.Plan;
import dev.cairn.ops.plan.PlanFile;
import dev.cairn.ops.plan.PlanRun;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code apply FILE}: writes a plan saved with {@code --plan-out}, each write compare-and-set on the
 * state it was planned on. Exit status 1 if a write failed, 3 if one was refused because its state
 * changed since the plan was made.
 */
@Command(name = "apply", description = "Write a plan saved with --plan-out: each write only if its state is still the"
        + " one the plan was made on (otherwise a conflict, exit 3), journalled and undoable as the verb's own write.")
final class ApplyCommand implements Callable<Integer> {

    @Mixin
    BackendArgs backend;

    @Parameters(paramLabel = "FILE", description = "The plan file.")
    Path file;

    @Option(names = "--dry-run", description = "Print the plan's writes, and which states changed since, and write nothing.")
    boolean dryRun;

    @Option(names = "--force", description = "Do not ask for confirmation.")
    boolean force;

    @Option(names = "--all-or-nothing", description = "Write nothing if any state changed since the plan was made.")
    boolean allOrNothing;

    @Mixin
    EnvironmentOption environmentGuard;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        Plan plan = read();
        List<StateBackend> opened = new ArrayList<>();
        try {
            Map<String, StateBackend> backends = open(plan, opened);
            String environment = environment(plan);
            PlanRun run = new PlanRun(plan, backends, UserFolders.fromEnvironment().journal());
            List<PlanRun.Check> checks = run.check();
            for (PlanRun.Check check : checks) {
                PlanOut.preview(check.write(), out);
                if (check.movedOn()) {
                    out.println("note: " + PrintableId.of(check.write().stateId()) + " changed since the plan was made (read"
                            + " at version " + check.write().versionRead() + ", now at " + check.now().version()
                            + "): it will not be written");
                }
            }
            out.flush();
            environmentGuard.check(spec, environment, plan.storedIds(), dryRun);
            if (dryRun) {
                out.println("Dry run: nothing was written.");
                return 0;
            }
            int n = plan.writes().size();
            // the plan's diffs are on stdout above, as a dry run prints them
            Writes.confirm(((Cli) spec.root().userObject()).invocation().terminal(), "Apply the plan " + file + ": " + n
                    + (n == 1 ? " write" : " writes") + " to " + String.join(" and ", plan.backends()) + "?", force, screen -> { });
            return report(run.run(checks, allOrNothing), err);
        } finally {
            opened.forEach(StateBackend::close);
        }
    }

    private Plan read() {
        try {
            return PlanFile.read(file);
        } catch (NotAPlan e) {
            throw new UserError(e.getMessage());
        } catch (IOException e) {
            throw new UserError("cannot read the plan " + file + ": " + e.getMessage());
        }
    }

    /**
     * A backend for each URI the plan names. The command line's backend options apply to each; a
     * backend it names ({@code --backend}, {@code --project}) stands for the plan's URI of the same
     * storage (with the credentials the plan leaves out), and must be one of them.
     */
    private Map<String, StateBackend> open(Plan plan, List<StateBackend> opened) {
        StateBackend given = null;
        if (backend.named()) {
            given = backend.open();
            opened.add(given);
        }
        Map<String, StateBackend> byUri = new LinkedHashMap<>();
        for (String uri : plan.backends()) {
            if (given != null && given.displayUri().equals(uri)) {
                byUri.put(uri, given);
                continue;
            }
            StateBackend named = backend.open(uri);
            opened.add(named);
            byUri.put(uri, given != null && StateStorage.shared(given, named) ? given : named);
        }
        if (given != null && !byUri.containsValue(given)) {
            throw new UserError(given.displayUri() + " is not a backend the plan writes to (" + String.join(", ", plan.backends())
                    + "); nothing was written");
        }
        return byUri;
    }

    /**
     * The environment written to: the one the command line opened ({@code --project}, {@code
     * --environment}), which must be the plan's; else the plan's.
     */
    private String environment(Plan plan) {
        String opened = backend.environment();
        if (opened == null) {
            return plan.environment();
        }
        if (plan.environment() != null && !plan.environment().equals(opened)) {
            throw new UserError("the plan " + file + " was made for environment " + plan.environment() + ", not " + opened
                    + "; nothing was written");
        }
        return opened;
    }

    /**
     * A line per write as it ended (stderr, as Meltano logs); the exit status: 1 if any failed, else
     * 4 if a pipeline's lock kept any from being written, else 3 if any conflicted.
     */
    private static int report(List<PlanRun.Result> results, PrintWriter err) {
        int failed = 0;
        int locked = 0;
        int conflicts = 0;
        for (PlanRun.Result r : results) {
            err.println(r.write().description() + ": " + r.detail() + (r.detail().endsWith(")") ? "." : ""));
            if (r.command() != null) {
                r.command().runsRowNote().ifPresent(err::println);
            }
            failed += r.outcome() == PlanRun.Outcome.FAILED ? 1 : 0;
            locked += r.outcome() == PlanRun.Outcome.LOCKED ? 1 : 0;
            conflicts += r.outcome() == PlanRun.Outcome.CONFLICT ? 1 : 0;
        }
        err.flush();
        return failed > 0 ? Cli.FAILED : locked > 0 ? Cli.LOCKED : conflicts > 0 ? Cli.CONFLICT : 0;
    }
}
