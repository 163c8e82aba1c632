package dev.cairn.cli;

import dev.cairn.backend.ConflictException;
import dev.cairn.backend.Version;
import dev.cairn.ops.ConflictRetry;
import dev.cairn.ops.EditRefused;
import dev.cairn.ops.Journal;
import dev.cairn.ops.UserFolders;
import dev.cairn.ops.WriteCommand;
import java.io.BufferedReader;
import java.io.Console;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.function.Consumer;

/**
 * Runs planned writes as the command line does: {@code --dry-run} prints each diff and writes
 * nothing; otherwise a confirmation is asked on the terminal unless {@code --force}, and each write
 * is journalled and compare-and-set, a conflict retried as {@code --retries} says.
 */
final class Writes {

    private final PrintWriter out;
    private final PrintWriter log;
    private final Journal journal;
    private final ConflictRetry retry;

    /** Previews go to {@code out}; what was done goes to {@code log} (stderr, as Meltano logs). A conflict ends a write. */
    Writes(PrintWriter out, PrintWriter log) {
        this(out, log, ConflictRetry.NONE);
    }

    /** {@link #Writes(PrintWriter, PrintWriter)}, a conflict retried as {@code retry} says, with a line on {@code log} per retry. */
    Writes(PrintWriter out, PrintWriter log, ConflictRetry retry) {
        this.out = out;
        this.log = log;
        this.journal = UserFolders.fromEnvironment().journal();
        this.retry = retry;
    }

    Journal journal() {
        return journal;
    }

    /**
     * Runs planned writes as the flags say: a dry run previews them; otherwise {@code question} (if
     * any) is confirmed and they are executed. Returns how many changed something (none on a dry run).
     */
    int apply(List<WriteCommand> commands, WriteFlags flags, String question) throws EditRefused {
        if (flags.dryRun) {
            preview(commands);
            return 0;
        }
        if (question != null) {
            confirm(question, flags.force);
        }
        return execute(commands);
    }

    /** Prints what the commands would change. */
    private void preview(List<WriteCommand> commands) {
        for (WriteCommand c : commands) {
            out.println("Would " + lowerFirst(c.description()) + (c.changesNothing() ? " (no change)" : ":"));
            if (!c.changesNothing()) {
                DiffPrinter diff = new DiffPrinter(out);
                diff.printStates(c.before().exists() ? c.before().document() : null, c.after());
                diff.printEffective(c.before().exists() ? c.before().document() : null, c.after());
            }
        }
        out.println("Dry run: nothing was written.");
        out.flush();
    }

    /** Asks before a write Meltano also asks about; refuses when there is no terminal to ask on. */
    static void confirm(String question, boolean force) {
        if (force) {
            return;
        }
        Console console = System.console();
        if (console == null) {
            throw new UserError(question + " Refusing without confirmation: pass --force, or run it on a terminal.");
        }
        console.printf("%s [y/N] ", question);
        console.flush();
        String answer;
        try {
            answer = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8)).readLine();
        } catch (IOException e) {
            answer = null;
        }
        if (answer == null || !(answer.trim().equalsIgnoreCase("y") || answer.trim().equalsIgnoreCase("yes"))) {
            throw new UserError("Aborted: nothing was written.");
        }
    }

    /**
     * Executes the commands in order, each conflict retried as far as allowed; a conflict left
     * stops the run with what was done so far reported.
     */
    private int execute(List<WriteCommand> commands) throws EditRefused {
        ProgressLine progress = ProgressLine.on(log);
        int changed = 0;
        try {
            for (int i = 0; i < commands.size(); i++) {
                if (execute(commands.get(i), line -> {
                    progress.clear(); // the command's lines go over the progress line, which is drawn again after them
                    log.println(line);
                    log.flush();
                })) {
                    changed++;
                }
                progress.update(i + 1, commands.size());
            }
        } finally {
            progress.clear();
            log.flush();
        }
        return changed;
    }

    /** Executes one command, saying what it did on {@code say}; whether it changed the state. */
    private boolean execute(WriteCommand c, Consumer<String> say) throws EditRefused {
        if (c.changesNothing()) {
            say.accept(c.description() + ": no change.");
            return false;
        }
        ConflictRetry.Outcome outcome = retry.execute(c, journal, r ->
                say.accept("conflict: " + r.conflict().getMessage() + "; retrying (" + r.retry() + " of " + r.retries() + ")"));
        String retried = outcome.retried() == 0 ? ""
                : " after " + outcome.retried() + (outcome.retried() == 1 ? " retry" : " retries");
        if (outcome.command().written() == null) {
            say.accept(c.description() + ": nothing left to change" + retried + ".");
            return false;
        }
        say.accept(c.description() + ": done (version " + outcome.command().written() + ")" + retried + ".");
        outcome.command().runsRowNote().ifPresent(say);
        return true;
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
