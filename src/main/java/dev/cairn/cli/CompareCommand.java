package dev.cairn.cli;

import dev.cairn.backend.BackendException;
import dev.cairn.backend.StateBackend;
import dev.cairn.ops.Rename;
import dev.cairn.ops.compare.Comparison;
import java.io.PrintWriter;
import java.util.Objects;
import java.util.concurrent.Callable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code compare}: every state ID of two backends (or of two environments) once, with how it
 * stands — only-here, only-there, same, same-effective, different, unreadable. Exit status as
 * {@code diff(1)}: 0 when the sides agree, 1 when they differ, 2 for bad usage or a side that
 * cannot be read at all.
 */
@Command(name = "compare", description = "Compare every state of one backend or environment with another's:"
        + " only-here, only-there, same, same-effective (a tap resumes alike), different (which side is ahead),"
        + " unreadable. Exit status 0 when the sides agree, 1 when they differ, 2 on trouble.")
final class CompareCommand implements Callable<Integer> {

    static final int DIFFERENT = 1;
    static final int TROUBLE = 2;

    private static final Logger LOG = LoggerFactory.getLogger(CompareCommand.class);

    @Mixin
    BackendArgs backend;

    @Mixin
    AgainstBackendArgs against;

    @Option(names = "--pattern", paramLabel = "GLOB", description = "Compare the IDs matching the pattern (this side's names).")
    String pattern;

    @Option(names = "--rename", paramLabel = "FROM=TO",
            description = "Compare this side's IDs with the other side's under a rewrite, '*' for the varying part: dev:*=prod:*.")
    String rename;

    @Option(names = "--format", defaultValue = "text", paramLabel = "FORMAT",
            description = "text (aligned, for a terminal) or json (one object per ID and line, for scripts); default: ${DEFAULT-VALUE}.")
    String format;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        Rename rewrite = rewrite();
        ComparisonPrinter printer = printer(out, rewrite != null);
        BackendArgs other = otherSide(rewrite);
        backend.readOnly = true;
        other.readOnly = true;
        try (StateBackend here = backend.open(); StateBackend there = other.open()) {
            if (rewrite == null && Comparison.sameStorage(here, there)) {
                throw new ParameterException(spec.commandLine(), "both sides are the same storage ("
                        + here.displayUri() + "): give another --against-… side, or --rename");
            }
            Comparison comparison = new Comparison(here, there, pattern, rewrite);
            Comparison.Totals totals = comparison.run(printer.withProgress(err));
            printer.finish(totals);
            out.flush();
            return totals.agree() ? 0 : DIFFERENT;
        } catch (BackendException | UserError e) {
            // diff(1)'s "trouble": a side that cannot be opened or listed is no answer either way
            LOG.error("Compare failed: {}", e.getMessage(), e);
            out.flush();
            err.println("cairn: " + e.getMessage());
            return TROUBLE;
        }
    }

    private Rename rewrite() {
        if (rename == null) {
            return null;
        }
        try {
            return Rename.parse(rename);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), "--rename: " + e.getMessage());
        }
    }

    private ComparisonPrinter printer(PrintWriter out, boolean renamed) {
        switch (format) {
            case "text": return ComparisonPrinter.text(out, renamed);
            case "json": return ComparisonPrinter.json(out);
            default: throw new ParameterException(spec.commandLine(), "--format is text or json (got '" + format + "')");
        }
    }

    /**
     * The other side: as given, or where only its environment (or nothing but a rename) is, this
     * side's project (given, or found from the working directory as every verb finds it) or backend.
     */
    private BackendArgs otherSide(Rename rewrite) {
        BackendArgs other = against.args;
        if (other.uri != null || other.project != null) {
            return other;
        }
        if (backend.project != null || backend.uri == null && (other.environment != null || rewrite != null)) {
            other.project = backend.project; // null: found from the working directory again, as this side's is
            if (other.environment == null) {
                other.environment = backend.environment; // only a rename: this side's backend
            }
            if (rewrite == null && Objects.equals(other.environment, backend.environment)) {
                throw new ParameterException(spec.commandLine(),
                        "both sides are the same project and environment: give --against-environment, --against-project,"
                                + " --against-backend or --rename");
            }
            return other;
        }
        if (backend.uri != null && other.environment == null) {
            other.uri = backend.uri;
            if (rewrite == null) {
                throw new ParameterException(spec.commandLine(),
                        "nothing to compare " + backend.uri + " with: give --against-backend, --against-project or --rename");
            }
            return other;
        }
        throw new ParameterException(spec.commandLine(), backend.uri != null
                ? "--against-environment needs a project: give --project or --against-project"
                : "give both sides: --backend URI or --project DIR, and --against-backend URI, --against-project DIR"
                        + " or --against-environment ENV");
    }
}
