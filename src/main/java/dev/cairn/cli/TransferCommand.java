package dev.cairn.cli;

import dev.cairn.backend.StateBackend;
import dev.cairn.ops.EnvironmentGuard;
import dev.cairn.ops.Rename;
import dev.cairn.ops.Transfer;
import dev.cairn.ops.UserFolders;
import dev.cairn.ops.WriteCommand;
import dev.cairn.ops.plan.Plan;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code copy} and {@code move}: one ID ({@code SRC DST}) or many ({@code --pattern}, renamed with
 * {@code --rename dev:*=prod:*}), within a backend or to {@code --to-backend}. Prints one line per
 * ID as it is done (a JSON object with {@code --format json}); exit status 1 if any failed, 3 if any conflicted.
 */
abstract class TransferCommand implements Callable<Integer> {

    @Mixin
    BackendArgs backend;

    @Parameters(index = "0", arity = "0..1", paramLabel = "SRC", description = "The state ID to read (none with --pattern).")
    String sourceId;

    @Parameters(index = "1", arity = "0..1", paramLabel = "DST", description = "The state ID to write (default: SRC, then on --to-backend).")
    String targetId;

    @Option(names = "--to-backend", paramLabel = "URI", description = "Destination backend (default: the same backend).")
    String toBackend;

    @Option(names = "--pattern", paramLabel = "GLOB", description = "Transfer every ID whose whole ID matches a glob"
            + " (* ? [seq] [!seq]), the same IDs on every backend: a system database's LIKE wildcards _ and %% are plain"
            + " characters here.")
    String pattern;

    @Option(names = "--rename", paramLabel = "FROM=TO", description = "Rewrite IDs, '*' for the varying part: dev:*=prod:*.")
    String rename;

    @Option(names = "--on-conflict", defaultValue = "fail", paramLabel = "POLICY",
            description = "When the destination already holds a different state: skip, overwrite or fail (default: ${DEFAULT-VALUE}).")
    String onConflict;

    @Option(names = "--concurrency", defaultValue = "" + Transfer.DEFAULT_CONCURRENCY, paramLabel = "N",
            description = "IDs transferred at once (default: ${DEFAULT-VALUE}).")
    int concurrency;

    @Option(names = "--preserve-partial", description = "Copy both stored documents exactly as they are, a pending"
            + " partial state included (backups, migrations between backends), instead of what Meltano's copy stores:"
            + " the effective state as the completed state.")
    boolean preservePartial;

    @Option(names = "--force", description = "Do not ask for confirmation.")
    boolean force;

    @Option(names = "--dry-run", description = "Print what would happen to each ID and write nothing.")
    boolean dryRun;

    @Mixin
    FormatOption format;

    @Option(names = "--plan-out", paramLabel = "FILE", description = WriteFlags.PLAN_OUT_DESCRIPTION)
    Path planOut;

    @Mixin
    EnvironmentOption environmentGuard;

    @Spec
    CommandSpec spec;

    abstract Transfer.Mode mode();

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        Transfer.OnConflict policy = policy();
        try (StateBackend source = backend.open();
             StateBackend target = toBackend == null ? null : backend.open(toBackend)) {
            StateBackend destination = target == null ? source : target;
            Transfer transfer = new Transfer(source, destination, mode(), policy,
                    preservePartial ? Transfer.Content.AS_STORED : Transfer.Content.EFFECTIVE,
                    UserFolders.fromEnvironment().journal());
            List<Transfer.Item> items = items(transfer);
            if (items.isEmpty()) {
                err.println("No state IDs matched.");
                return 0;
            }
            // the environment of the connection written to: the project's, or for another URI the one its IDs all name
            String environment = target == null ? backend.environment() : EnvironmentGuard.ofStored(target).orElse(null);
            environmentGuard.check(spec, environment, items.stream().map(Transfer.Item::targetId).toList(),
                    dryRun || planOut != null);
            if (dryRun) {
                return dryRun(transfer, items, out);
            }
            if (planOut != null) {
                return savePlan(transfer, items, environment, out, err);
            }
            String verb = mode() == Transfer.Mode.MOVE ? "Move" : "Copy";
            String what = items.size() == 1
                    ? verb + " " + items.get(0).sourceId() + " on " + source.displayUri() + " to " + items.get(0).targetId()
                            + " on " + destination.displayUri()
                    : verb + " " + items.size() + " states from " + source.displayUri() + " to " + destination.displayUri();
            Writes.confirm(((Cli) spec.root().userObject()).invocation().terminal(), what + "?"
                    + (mode() == Transfer.Mode.MOVE ? " The source states will be cleared." : ""), force,
                    screen -> printPlans(transfer, items, screen));
            ProgressLine progress = ProgressLine.on(err);
            List<Transfer.Result> results;
            try {
                results = transfer.run(items, concurrency, (done, total, result) -> {
                    // Each ID's line goes out as soon as it is done, so a copy killed midway has said what it did.
                    synchronized (out) {
                        progress.clear();
                        if (format.json()) {
                            FormatOption.print(out, FormatOption.result(result.item().sourceId(), result.item().targetId(),
                                    result.outcome().name().toLowerCase(Locale.ROOT), result.detail()));
                        } else {
                            out.println(line(result));
                        }
                        out.flush();
                        progress.update(done, total);
                    }
                });
            } finally {
                progress.clear();
            }
            int status = report(results, err);
            transfer.runsRowNote().ifPresent(err::println);
            return status;
        }
    }

    private Transfer.OnConflict policy() {
        try {
            return Transfer.OnConflict.valueOf(onConflict.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new UsageError("--on-conflict takes skip, overwrite or fail, not " + onConflict);
        }
    }

    private List<Transfer.Item> items(Transfer transfer) {
        if (pattern != null) {
            if (sourceId != null || targetId != null) {
                throw new UsageError("give either SRC DST or --pattern, not both");
            }
            try {
                return transfer.select(pattern, rename == null ? Rename.identity() : Rename.parse(rename));
            } catch (IllegalArgumentException e) {
                throw new UserError(e.getMessage());
            }
        }
        if (sourceId == null || (targetId == null && toBackend == null)) {
            throw new UsageError("give SRC and DST (DST may be left out with --to-backend), or --pattern");
        }
        if (rename != null) {
            throw new UsageError("--rename goes with --pattern");
        }
        List<Transfer.Item> items = List.of(new Transfer.Item(sourceId, targetId == null ? sourceId : targetId));
        try {
            transfer.requireDisjoint(items);
        } catch (IllegalArgumentException e) {
            throw new UserError(e.getMessage());
        }
        return items;
    }

    /** What {@code --dry-run} prints: what would happen to each item, and one item's diff. */
    static int dryRun(Transfer transfer, List<Transfer.Item> items, PrintWriter out) {
        printPlans(transfer, items, out);
        out.println("Dry run: nothing was written.");
        out.flush();
        return 0;
    }

    /** What each item would become, a line each, and for one item the diff of the destination. */
    static void printPlans(Transfer transfer, List<Transfer.Item> items, PrintWriter to) {
        for (Transfer.Item item : items) {
            Transfer.Planned planned = transfer.plan(item);
            to.println(wouldBe(item, planned));
            if (items.size() == 1 && planned.copy() != null) {
                WriteCommand copy = planned.copy();
                TerminalWriter.diffText(to).printStates(copy.before().exists() ? copy.before().document() : null, copy.after());
            }
        }
    }

    /**
     * {@code --plan-out}: the copies (and a move's deletions of its sources, each made only if its
     * copy lands) saved as a plan; an ID that would be skipped, fail or conflict is said so and left out.
     */
    private int savePlan(Transfer transfer, List<Transfer.Item> items, String environment, PrintWriter out, PrintWriter err) {
        Plan.Builder plan = new Plan.Builder();
        int leftOut = 0;
        for (Transfer.Planned planned : plan.addTransfer(transfer, items)) {
            out.println(wouldBe(planned.item(), planned) + ": left out of the plan");
            leftOut += planned.expected() == Transfer.Outcome.SKIPPED ? 0 : 1;
        }
        PlanOut.save(planOut, plan, environment, out);
        if (leftOut > 0) {
            ((Cli) spec.root().userObject()).warn(leftOut + (leftOut == 1 ? " ID is" : " IDs are")
                    + " not in the plan: they would fail or conflict (see above)");
        }
        return 0;
    }

    /** "would be copied: SRC -> DST (detail)". */
    private static String wouldBe(Transfer.Item item, Transfer.Planned planned) {
        return "would be " + planned.expected().name().toLowerCase(Locale.ROOT) + ": "
                + PrintableId.of(item.sourceId()) + " -> " + PrintableId.of(item.targetId()) + " (" + planned.detail() + ")";
    }

    private static String line(Transfer.Result r) {
        return r.outcome().name().toLowerCase(Locale.ROOT) + "\t" + PrintableId.of(r.item().sourceId()) + "\t"
                + PrintableId.of(r.item().targetId()) + "\t" + r.detail();
    }

    /** The summary line; the per-ID lines went out as each ID finished. */
    private static int report(List<Transfer.Result> results, PrintWriter err) {
        int failed = 0;
        int conflicts = 0;
        Map<Transfer.Outcome, Integer> counts = new EnumMap<>(Transfer.Outcome.class);
        for (Transfer.Result r : results) {
            counts.merge(r.outcome(), 1, Integer::sum);
            failed += r.outcome() == Transfer.Outcome.FAILED || r.outcome() == Transfer.Outcome.CANCELLED ? 1 : 0;
            conflicts += r.outcome() == Transfer.Outcome.CONFLICT ? 1 : 0;
        }
        StringBuilder summary = new StringBuilder();
        counts.forEach((outcome, n) -> summary.append(summary.length() == 0 ? "" : ", ")
                .append(n).append(' ').append(outcome.name().toLowerCase(Locale.ROOT)));
        err.println(summary);
        return failed > 0 ? Cli.FAILED : conflicts > 0 ? Cli.CONFLICT : 0;
    }

    @Command(name = "copy", description = "Copy states, within a backend or to another one, as `meltano state copy`"
            + " does: each source's effective state becomes the destination's completed state.")
    static final class Copy extends TransferCommand {
        @Override
        Transfer.Mode mode() {
            return Transfer.Mode.COPY;
        }
    }

    @Command(name = "move", description = "Move states: copy, then clear each source if it is still the version copied.")
    static final class Move extends TransferCommand {
        @Override
        Transfer.Mode mode() {
            return Transfer.Mode.MOVE;
        }
    }
}
