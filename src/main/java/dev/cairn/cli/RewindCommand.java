package dev.cairn.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.cairn.backend.ListedState;
import dev.cairn.backend.StateBackend;
import dev.cairn.backend.StoredState;
import dev.cairn.ops.Edit;
import dev.cairn.ops.EditRefused;
import dev.cairn.ops.WriteCommand;
import dev.cairn.state.Glob;
import dev.cairn.state.PythonJson;
import dev.cairn.state.Rewind;
import dev.cairn.state.StateError;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code cairn rewind}: moves the bookmarks of one state, or of every state a pattern names, back
 * to a moment, by a duration or by a number, never forward; previewed per ID and stream, asked once,
 * and written as one journal group, so that {@code undo} takes the whole rewind back.
 */
@Command(name = "rewind", description = "Move bookmarks back (never forward): timestamps to a moment or by a"
        + " duration, numbers by an amount; each stream and SDK partition on its own, an interrupted run's markers"
        + " dropped. One operation: `cairn undo` takes all of it back.")
final class RewindCommand implements Callable<Integer> {

    @Mixin
    BackendArgs backend;

    static final class Selection {
        @Parameters(paramLabel = "ID", arity = "1", description = "The state to rewind.")
        String stateId;

        @Option(names = "--pattern", required = true, paramLabel = "GLOB", description = "The states whose whole ID"
                + " matches a glob (* ? [seq] [!seq]), the same IDs on every backend.")
        String pattern;
    }

    @ArgGroup(exclusive = true, multiplicity = "1")
    Selection selection;

    @Option(names = "--stream", paramLabel = "S", description = "Rewind only this stream (repeatable); default: every stream.")
    List<String> streams = new ArrayList<>();

    static final class Target {
        @Option(names = "--to-datetime", required = true, paramLabel = "T", description = "Set each timestamp bookmark"
                + " later than T to T (ISO 8601: 2024-05-01T00:00:00Z, 2024-05-01; no offset means UTC).")
        String toDatetime;

        @Option(names = "--by-duration", required = true, paramLabel = "D", description = "Move each timestamp bookmark"
                + " back by D (ISO 8601: P1D, PT6H, P1DT12H).")
        String byDuration;

        @Option(names = "--shift-by", required = true, paramLabel = "N", description = "Move each numeric bookmark by"
                + " N, a negative number (as kafka-consumer-groups --shift-by).")
        Long shiftBy;
    }

    @ArgGroup(exclusive = true, multiplicity = "1")
    Target target;

    @Mixin
    WriteFlags flags;

    @Mixin
    RetryOption retries;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws EditRefused {
        Rewind rewind = new Rewind(target(), Set.copyOf(streams));
        PrintWriter out = spec.commandLine().getOut();
        Writes writes = new Writes(out, spec.commandLine().getErr(), retries.retry(null));
        try (StateBackend b = backend.open()) {
            List<String> ids = new ArrayList<>();
            if (selection.stateId != null) {
                ids.add(selection.stateId);
            } else {
                b.listMatching(Glob.compile(selection.pattern)).stream().map(ListedState::stateId).forEach(ids::add);
            }
            if (ids.isEmpty()) {
                spec.commandLine().getErr().println("No state IDs matched.");
                return 0;
            }
            List<WriteCommand> commands = new ArrayList<>();
            for (String id : ids) {
                StoredState stored = b.read(id);
                List<Rewind.Step> steps = steps(rewind, stored, b, selection.stateId != null);
                if (steps == null) {
                    continue;
                }
                boolean rewinds = steps.stream().anyMatch(Rewind.Step::rewinds);
                out.println((rewinds ? "Rewind " : "Nothing to rewind in ") + PrintableId.of(id) + " "
                        + rewind.target().text() + (rewinds ? ":" : "."));
                steps.forEach(step -> out.println("  " + line(step)));
                if (rewinds) {
                    commands.add(WriteCommand.plan(b, Edit.rewind(rewind), stored));
                }
            }
            out.flush();
            if (commands.isEmpty()) {
                spec.commandLine().getErr().println("Nothing was rewound: no bookmark to move back.");
                return 0;
            }
            List<String> rewound = commands.stream().map(WriteCommand::stateId).toList();
            String question = commands.size() == 1 ? commands.get(0).description() + " " + rewind.target().text() + "?"
                    : "Rewind " + commands.size() + " states on " + b.displayUri() + " " + rewind.target().text()
                            + " (" + PrintableId.first(rewound, 10) + ")?";
            writes.apply(commands, flags, question);
        }
        return 0;
    }

    private Rewind.Target target() {
        try {
            return target.toDatetime != null ? Rewind.toMoment(target.toDatetime)
                    : target.byDuration != null ? Rewind.backBy(target.byDuration)
                    : Rewind.shiftBy(target.shiftBy);
        } catch (IllegalArgumentException e) {
            throw new UsageError(e.getMessage());
        }
    }

    /**
     * What the rewind does to each bookmark of the stored state; null, with a line saying why,
     * where there is no state or Meltano cannot read it (an error when it is the only ID).
     */
    private List<Rewind.Step> steps(Rewind rewind, StoredState stored, StateBackend b, boolean only) {
        String problem;
        if (!stored.exists()) {
            problem = "there is no state " + PrintableId.of(stored.stateId()) + " on " + b.displayUri();
        } else {
            try {
                return rewind.plan(stored.document().effective());
            } catch (StateError e) {
                problem = "cannot rewind " + PrintableId.of(stored.stateId()) + ": " + e.getMessage();
            }
        }
        if (only) {
            throw new UserError(problem);
        }
        spec.commandLine().getOut().println("Not rewound: " + problem + ".");
        return null;
    }

    /** One bookmark's line of the preview. */
    private static String line(Rewind.Step step) {
        String what = (step.context() == null ? "stream " : "partition " + PythonJson.write(step.context(), PythonJson.Style.COMPACT)
                + " of stream ") + step.stream();
        switch (step.kind()) {
            case REWOUND:
                return what + ": " + json(step.from()) + " -> " + json(step.to())
                        + (step.markersDropped() ? " (markers of an interrupted run dropped: a resume from them would skip data)" : "");
            case ALREADY_BEFORE:
                return what + ": " + json(step.from()) + " (" + step.why() + ")";
            case LEFT_ALONE:
                return "left alone: " + what + ": " + step.why();
            default:
                return what + ": " + step.why();
        }
    }

    private static String json(JsonNode value) {
        return PythonJson.write(value, PythonJson.Style.COMPACT);
    }
}
