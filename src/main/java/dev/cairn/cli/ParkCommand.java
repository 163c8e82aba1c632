package dev.cairn.cli;

import dev.cairn.backend.StateBackend;
import dev.cairn.ops.Park;
import dev.cairn.ops.Transfer;
import dev.cairn.ops.UserFolders;
import java.io.PrintWriter;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(name = "park", description = "Move a state aside to a parked ID (default ID.parked-<UTC time>) so that its"
        + " pipeline's next run starts from scratch (a full refresh); `cairn unpark` puts it back. A move as `cairn move`"
        + " makes it; refused while a pipeline runs on the ID.")
final class ParkCommand implements Callable<Integer> {

    @Mixin
    BackendArgs backend;

    @Parameters(paramLabel = "ID", description = "The state to park.")
    String stateId;

    @Option(names = "--as", paramLabel = "ID2", description = "The parked ID (default: ID.parked-<UTC time>).")
    String parkedId;

    @Mixin
    WriteFlags flags;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        try (StateBackend b = backend.open()) {
            if (!b.read(stateId).exists()) {
                throw new UserError("there is no state " + PrintableId.of(stateId) + " on " + b.displayUri() + " to park");
            }
            Park.requireIdle(b, stateId);
            String target = parkedId != null ? parkedId : Park.parkedId(stateId, Instant.now());
            Transfer transfer = Park.transfer(b, UserFolders.fromEnvironment().journal());
            List<Transfer.Item> items = List.of(new Transfer.Item(stateId, target));
            try {
                transfer.requireDisjoint(items);
            } catch (IllegalArgumentException e) {
                throw new UserError(e.getMessage());
            }
            if (flags.dryRun) {
                return TransferCommand.dryRun(transfer, items, out);
            }
            Writes.confirm(((Cli) spec.root().userObject()).invocation().terminal(), "Park " + PrintableId.of(stateId) + " on "
                    + b.displayUri() + " as " + PrintableId.of(target) + "? Its pipeline's next run starts from scratch.", flags.force,
                    screen -> TransferCommand.printPlans(transfer, items, screen));
            Transfer.Result result = transfer.run(items, 1, (done, total, r) -> { }).get(0);
            if (result.outcome() == Transfer.Outcome.MOVED) {
                err.println("Parked " + PrintableId.of(stateId) + " on " + b.displayUri() + " as " + PrintableId.of(target)
                        + ": its next run starts from scratch; `cairn unpark` with --restore or --merge puts it back.");
                transfer.runsRowNote().ifPresent(err::println);
                return 0;
            }
            err.println("cairn: cannot park " + PrintableId.of(stateId) + ": " + result.detail());
            return result.outcome() == Transfer.Outcome.CONFLICT ? Cli.CONFLICT : Cli.FAILED;
        }
    }
}
