package dev.cairn.cli;

import dev.cairn.backend.ConflictException;
import dev.cairn.backend.Version;
import dev.cairn.ops.ConflictRetry;
import dev.cairn.ops.DiffText;
import dev.cairn.ops.EditRefused;
import dev.cairn.ops.UserFolders;
import dev.cairn.ops.WriteCommand;
import dev.cairn.ops.WriteService;
import java.io.PrintWriter;
import java.util.List;
import java.util.function.Consumer;

/**
 * Runs planned writes as the command line does: {@code --dry-run} prints each diff and writes
 * nothing; otherwise a confirmation is asked on the terminal unless {@code --force}, after the diff
 * (one ID) or a line per ID of what changes (many), and each write
 * is journalled and compare-and-set, a conflict retried as {@code --retries} says.
 */
final class Writes {

    private final PrintWriter out;
    private final PrintWriter log;
    private final WriteService service;
    private Result results = (command, written) -> { };

    /** Told what became of each executed write: the version it wrote, or null where it changed nothing. */
    interface Result {
        void of(WriteCommand command, Version written);
    }

    /** Previews go to {@code out}; what was done goes to {@code log} (stderr, as Meltano logs). A conflict ends a write. */
    Writes(PrintWriter out, PrintWriter log) {
        this(out, log, ConflictRetry.NONE);
    }

    /** {@link #Writes(PrintWriter, PrintWriter)}, a conflict retried as {@code retry} says, with a line on {@code log} per retry. */
    Writes(PrintWriter out, PrintWriter log, ConflictRetry retry) {
        this.out = out;
        this.log = log;
        this.service = new WriteService(UserFolders.fromEnvironment().journal(), retry);
    }

    WriteService service() {
        return service;
    }

    /** Tells {@code results} what became of each write, for a line of {@code --format json} per ID. */
    Writes reportingTo(Result results) {
        this.results = results;
        return this;
    }

    /**
     * Runs planned writes as the flags say: a dry run previews them; otherwise {@code question} (if
     * any) is confirmed, after what they will change, and they are executed. Returns how many changed
     * something (none on a dry run).
     */
    int apply(List<WriteCommand> commands, WriteFlags flags, String question) throws EditRefused {
        if (flags.dryRun) {
            printDiffs(commands, out);
            out.println("Dry run: nothing was written.");
            out.flush();
            return 0;
        }
        if (flags.planOut != null) {
            PlanOut.save(flags.planOut, commands, flags.targetEnvironment(), out);
            return 0;
        }
        if (question != null) {
            confirm(flags.terminal(), question, flags.force, screen -> {
                if (commands.size() == 1) {
                    printDiffs(commands, screen);
                } else {
                    commands.forEach(c -> screen.println(PrintableId.of(c.stateId()) + ": " + DiffText.summary(c)));
                }
            });
        }
        return execute(commands);
    }

    /** Prints what the commands would change, each one's whole diff. */
    private static void printDiffs(List<WriteCommand> commands, PrintWriter to) {
        for (WriteCommand c : commands) {
            to.println("Would " + lowerFirst(c.description()) + (c.changesNothing() ? " (no change)" : ":"));
            if (!c.changesNothing()) {
                TerminalWriter.diffText(to).printWrite(c);
            }
        }
    }

    /**
     * Asks before a write Meltano also asks about, after {@code preview} has printed on the terminal
     * what it will change; refuses when there is no terminal to ask on. Asks nothing with {@code --force}.
     */
    static void confirm(Terminal terminal, String question, boolean force, Consumer<PrintWriter> preview) {
        if (force) {
            return;
        }
        if (terminal != null) {
            preview.accept(terminal.writer());
        }
        String answer = ask(terminal, question + " [y/N]",
                question + " Refusing without confirmation: pass --force, or run it on a terminal.");
        if (answer == null || !(answer.trim().equalsIgnoreCase("y") || answer.trim().equalsIgnoreCase("yes"))) {
            throw new UserError("Aborted: nothing was written.");
        }
    }

    /**
     * The line typed on {@code terminal} after {@code prompt}, or null where the input ended; refused
     * with {@code withoutTerminal} where there is no terminal to ask on.
     */
    static String ask(Terminal terminal, String prompt, String withoutTerminal) {
        if (terminal == null) {
            throw new UserError(withoutTerminal);
        }
        PrintWriter asking = terminal.writer();
        asking.print(prompt + " ");
        asking.flush();
        return terminal.readLine();
    }

    /**
     * Executes the commands as {@link WriteService#execute} does, a line on {@code log} per command
     * (and per retry) over the progress line; a refusal left stops the run, what was done so far
     * reported, and is thrown as it came.
     */
    private int execute(List<WriteCommand> commands) throws EditRefused {
        ProgressLine progress = ProgressLine.on(log);
        Consumer<String> say = line -> {
            progress.clear(); // the command's lines go over the progress line, which is drawn again after them
            log.println(line);
            log.flush();
        };
        WriteService.Run run;
        try {
            run = service.execute(commands, new WriteService.Listener() {
                @Override
                public void retrying(WriteCommand command, ConflictRetry.Retry r) {
                    say.accept("conflict: " + r.conflict().getMessage() + "; retrying (" + r.retry() + " of " + r.retries() + ")");
                }

                @Override
                public void executed(WriteService.Outcome outcome, int done, int total) {
                    report(outcome, say);
                    progress.update(done, total);
                }
            });
        } finally {
            progress.clear();
            log.flush();
        }
        if (run.stopped() != null) {
            run.stopped().rethrow();
        }
        return (int) run.outcomes().stream().filter(WriteService.Written.class::isInstance).count();
    }

    /** Says what a command that went through did, on {@code say}, and tells the results. */
    private void report(WriteService.Outcome outcome, Consumer<String> say) {
        WriteCommand c = outcome.planned();
        if (outcome instanceof WriteService.Written w) {
            say.accept(c.description() + ": done (version " + w.landed().written() + ")" + retried(w.retried()) + ".");
            results.of(c, w.landed().written());
            w.landed().runsRowNote().ifPresent(say);
        } else if (outcome instanceof WriteService.NoChange n) {
            say.accept(c.description() + (n.retried() == 0 ? ": no change." : ": nothing left to change" + retried(n.retried()) + "."));
            results.of(c, null);
        }
    }

    private static String retried(int retried) {
        return retried == 0 ? "" : " after " + retried + (retried == 1 ? " retry" : " retries");
    }

    /** {@code --if-version}: the state must still be at the version the caller read earlier. */
    static void requireVersion(WriteCommand command, String ifVersion) {
        if (ifVersion != null && !Version.of(ifVersion).equals(command.before().version())) {
            throw new ConflictException(command.before(), Version.of(ifVersion));
        }
    }

    static String lowerFirst(String s) {
        return s.isEmpty() ? s : Character.toLowerCase(s.charAt(0)) + s.substring(1);
    }
}
