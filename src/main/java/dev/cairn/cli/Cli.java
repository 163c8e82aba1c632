package dev.cairn.cli;

import dev.cairn.backend.BackendException;
import dev.cairn.backend.ConflictException;
import dev.cairn.backend.LockedException;
import dev.cairn.meltano.UnknownEnvironment;
import dev.cairn.ops.EditRefused;
import dev.cairn.ops.logging.Logs;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ScopeType;

/**
 * The command line: the verbs of {@code meltano state} on any backend, plus diff, history, undo and the journal's export.
 * Exit status: 0 done, 1 failed (one line on stderr says why), 2 bad usage (one line, and where
 * {@code --help} tells more), 3 the state changed since it was read (nothing written), 4 a running
 * pipeline holds the state's lock (nothing written). Every write, and every warning or failure, is logged (docs/cli.md "Logs"); {@code --verbose} and
 * {@code --debug}, on every verb, also print the log's lines on stderr.
 */
@Command(name = "cairn", mixinStandardHelpOptions = true, versionProvider = Cli.Version.class,
        description = "Inspect and edit Meltano state in any state backend.")
public final class Cli implements Runnable {

    /** The verbs, in the order {@code cairn --help} lists them. */
    private static final List<Class<?>> VERBS = List.of(
            ListCommand.class, GetCommand.class, SetCommand.class, MergeCommand.class, ClearCommand.class,
            RewindCommand.class, TransferCommand.Copy.class, TransferCommand.Move.class, DiffCommand.class, CompareCommand.class, ExportCommand.class,
            ImportCommand.class, ParkCommand.class, UnparkCommand.class, HistoryCommand.class, UndoCommand.class, JournalCommand.class, LogCommand.class,
            RestoreCommand.class, CheckCommand.class, ApplyCommand.class, CompletionCommand.class, CompleteCommand.class);

    /**
     * The verbs that only read. A call of one leaves no line in the log unless it warns or fails, or
     * {@code --verbose}/{@code --debug} asks for the log's lines: then its command line is logged
     * first. So a {@code list} or {@code get} initialises no logging at all (a quarter or more of such a
     * call's CPU time here); every other verb, a new one included, logs its command line at the start.
     */
    private static final Set<Class<?>> READS = Set.of(ListCommand.class, GetCommand.class, DiffCommand.class,
            CompareCommand.class, ExportCommand.class, HistoryCommand.class, LogCommand.class, CheckCommand.class,
            CompletionCommand.class);

    public static final int FAILED = 1;
    public static final int USAGE = CommandLine.ExitCode.USAGE;
    public static final int CONFLICT = 3;
    public static final int LOCKED = 4;


    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    /** The stream under picocli's {@code getOut()} writer, for verbs that print large ASCII texts as bytes. */
    private final PrintStream stdout;

    @Option(names = "--verbose", scope = ScopeType.INHERIT, description = "Also print the log's lines (INFO and above) on stderr.")
    boolean verbose;

    @Option(names = "--debug", scope = ScopeType.INHERIT,
            description = "Also print Cairn's DEBUG lines on stderr (the log file keeps INFO and above).")
    boolean debug;

    @Option(names = "--cwd", paramLabel = "DIR", scope = ScopeType.INHERIT,
            description = "Run as if started in this folder (as `meltano --cwd`): the Meltano project is found from it.")
    Path cwd;

    private final Invocation invocation;
    private final PrintStream stderr;
    /** The command line as given, once it runs; null before, and where nothing is to be logged (help, completion). */
    private String[] commandLine;
    private boolean commandLineLogged;

    public static int run(String... args) {
        return run(new PrintStream(System.out, true, StandardCharsets.UTF_8),
                new PrintStream(System.err, true, StandardCharsets.UTF_8), args);
    }

    /** Runs one command line with the given output streams; returns the exit status. */
    public static int run(PrintStream out, PrintStream err, String... args) {
        return run(out, err, Invocation.ofProcess(), args);
    }

    /**
     * Runs one command line with the given output streams, process environment and working
     * directory; returns the exit status. Every line on {@code err} is redacted as the log is.
     */
    public static int run(PrintStream out, PrintStream err, Invocation invocation, String... args) {
        PrintStream redactedErr = Redacting.stream(err);
        Cli root = new Cli(out, redactedErr, invocation);
        CommandLine cli = commandLine(root, verbsFor(args));
        cli.setExecutionStrategy(parseResult -> executeLogged(parseResult, root, redactedErr, args));
        cli.setParameterExceptionHandler(UsageErrors::handle);
        cli.setExecutionExceptionHandler((e, commandLine, parseResult) -> {
            if (isUsage(e)) {
                return UsageErrors.print(commandLine, message(e));
            }
            redactedErr.println(TerminalWriter.colours(commandLine.getErr()).paint(Colours.Role.ERROR, "cairn:") + " " + message(e));
            if (!(e instanceof BackendException || e instanceof EditRefused || e instanceof UserError)) {
                e.printStackTrace(redactedErr);
            }
            return e instanceof LockedException ? LOCKED : e instanceof ConflictException ? CONFLICT : FAILED;
        });
        return cli.execute(args);
    }

    private Cli(PrintStream stdout, PrintStream stderr, Invocation invocation) {
        this.stdout = stdout;
        this.stderr = stderr;
        this.invocation = invocation;
    }

    /** The command line with these verbs (and {@code help}), printing on the root's streams. */
    private static CommandLine commandLine(Cli root, List<Class<?>> verbs) {
        CommandLine cli = new CommandLine(root);
        verbs.forEach(cli::addSubcommand);
        cli.addSubcommand(CommandLine.HelpCommand.class);
        cli.setOut(new TerminalWriter(root.stdout, root.invocation));
        cli.setErr(new TerminalWriter(root.stderr, root.invocation));
        withHelpOptions(cli);
        HelpLayout.apply(cli);
        return cli;
    }

    /** Every verb, and every verb of a verb, answers --help (and --version) as `cairn --help` does, with exit status 0. */
    private static void withHelpOptions(CommandLine command) {
        command.getCommandSpec().mixinStandardHelpOptions(true);
        command.getSubcommands().values().forEach(Cli::withHelpOptions);
    }

    /**
     * A command line with every verb, to be read rather than run (completion scripts, man pages) or
     * to parse a partial command line with: on the process's streams, environment and working directory.
     */
    static CommandLine everyVerb() {
        return everyVerb(Invocation.ofProcess());
    }

    /** {@link #everyVerb()} in this environment and working directory. */
    static CommandLine everyVerb(Invocation invocation) {
        return commandLine(new Cli(System.out, System.err, invocation), VERBS);
    }

    /** The verbs a user may call, in the order {@code cairn --help} lists them (hidden ones left out). */
    static List<Class<?>> verbs() {
        return VERBS.stream().filter(verb -> !verb.getAnnotation(Command.class).hidden()).toList();
    }

    /** The environment and working directory the verbs see, {@code --cwd} applied. */
    Invocation invocation() {
        return invocation.in(cwd);
    }

    /**
     * The log's logger, made at its first use: a call that logs nothing initialises no logging
     * (logback's configuration, its appender and the file).
     */
    private static Logger log() {
        return LoggerFactory.getLogger(Cli.class);
    }

    /** Logs the command line, once, before the run's first line in the log. */
    private void logCommandLine() {
        if (commandLine != null && !commandLineLogged) {
            commandLineLogged = true;
            log().info("cairn {}", String.join(" ", commandLine));
        }
    }

    /**
     * A line of the run's log at INFO ("Opened …"): written where the command line is (a verb that
     * writes, {@code --verbose}); a read's is left out, as its command line is unless it warns or fails.
     */
    void info(Class<?> from, String format, Object... arguments) {
        if (commandLineLogged) {
            LoggerFactory.getLogger(from).info(format, arguments);
        }
    }

    /** A warning on stderr, and in the log. */
    void warn(String line) {
        logCommandLine();
        log().warn(line);
        if (!verbose && !debug) {
            stderr.println(new Colours(invocation.colour()).paint(Colours.Role.WARNING, "cairn: warning:") + " " + line);
        }
    }

    /** A line on stderr the user should see without {@code --verbose} (which prints the log's copy instead). */
    void announce(String line) {
        info(Cli.class, "Using {}", line);
        if (!verbose && !debug) {
            stderr.println("cairn: using " + line);
        }
    }

    /**
     * The verb the command line names, or every verb where it names none (usage, a misspelt verb
     * picocli suggests a near one for). picocli reads a verb's options by reflection, loading the
     * types they hold: for all fifteen verbs that was about 200 ms of every call's 450 ms here.
     * Of the root's own options only {@code --cwd} takes a value, so the first other argument that
     * is not an option is the verb.
     */
    private static List<Class<?>> verbsFor(String[] args) {
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            if (arg.equals("--cwd")) {
                i++;
            } else if (!arg.startsWith("-")) {
                return VERBS.stream().filter(verb -> verb.getAnnotation(Command.class).name().equals(arg)).findFirst()
                        .map(List::<Class<?>>of).orElse(VERBS);
            }
        }
        return VERBS;
    }

    /** Runs the verb with its command line logged, and its refusal or failure logged while the copy on stderr is open. */
    private static int executeLogged(CommandLine.ParseResult parseResult, Cli root, PrintStream err, String[] args) {
        AutoCloseable console = root.verbose || root.debug ? Logs.toConsole(err, root.debug) : () -> { };
        try (console) {
            if (!isUnlogged(parseResult)) {
                root.commandLine = args;
                if (root.verbose || root.debug || !onlyReads(parseResult)) {
                    root.logCommandLine();
                }
            }
            try {
                return new CommandLine.RunLast().execute(parseResult);
            } catch (CommandLine.ExecutionException e) {
                Throwable cause = e.getCause() == null ? e : e.getCause();
                root.logCommandLine();
                if (isUsage(cause)) {
                    log().warn("Usage: {}", cause.getMessage());
                } else if (cause instanceof ConflictException || cause instanceof LockedException
                        || cause instanceof EditRefused || cause instanceof UserError) {
                    log().warn("Refused: {}", cause.getMessage());
                } else {
                    log().error("Failed: {}", cause.getMessage(), cause);
                }
                throw e;
            }
        } catch (RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalStateException("could not close the log's copy on stderr", e);
        }
    }

    /** Whether the verb called is one that only reads ({@link #READS}). */
    private static boolean onlyReads(CommandLine.ParseResult parseResult) {
        CommandLine.ParseResult verb = parseResult.subcommand();
        return verb != null && READS.contains(verb.commandSpec().userObject().getClass());
    }

    /** The command line is wrong, as a verb found out: exit status 2 and a pointer to its {@code --help}, logged as usage. */
    private static boolean isUsage(Throwable e) {
        return e instanceof UsageError || e instanceof UnknownEnvironment;
    }

    /**
     * {@code --help}, {@code --version} or {@code help}: nothing is done, so nothing is logged; nor is
     * a shell's completion ({@link CompleteCommand}), which runs at every TAB and is no user's action.
     */
    private static boolean isUnlogged(CommandLine.ParseResult parseResult) {
        for (CommandLine.ParseResult p = parseResult; p != null; p = p.subcommand()) {
            if (p.isUsageHelpRequested() || p.isVersionHelpRequested()
                    || p.commandSpec().userObject() instanceof CommandLine.HelpCommand
                    || p.commandSpec().userObject() instanceof CompleteCommand) {
                return true;
            }
        }
        return false;
    }

    PrintStream stdout() {
        return stdout;
    }

    /**
     * The error's message on one line: a server's message may run over several (PostgreSQL adds
     * its "Position:" and "Where:" lines), which are joined with "; ".
     */
    static String message(Exception e) {
        return (e.getMessage() == null ? e.toString() : e.getMessage()).strip().replaceAll("\\s*\\R\\s*", "; ");
    }

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            String v = Cli.class.getPackage().getImplementationVersion();
            return new String[] {"cairn " + (v == null ? "(development build)" : v)};
        }
    }
}
