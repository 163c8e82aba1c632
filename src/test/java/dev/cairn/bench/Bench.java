package dev.cairn.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.cairn.backend.BackendOptions;
import dev.cairn.backend.Backends;
import dev.cairn.backend.ListedState;
import dev.cairn.backend.PipelinedScan;
import dev.cairn.backend.RunLog;
import dev.cairn.backend.RunRow;
import dev.cairn.backend.StateBackend;
import dev.cairn.backend.StoredState;
import dev.cairn.backend.TestS3;
import dev.cairn.backend.blob.S3Connection;
import dev.cairn.backend.systemdb.PostgresUri;
import dev.cairn.bench.BenchData.BigState;
import dev.cairn.bench.BenchData.Row;
import dev.cairn.bench.Runner.Spec;
import dev.cairn.cli.Cli;
import dev.cairn.ops.CheckUp;
import dev.cairn.ops.Journal;
import dev.cairn.ops.Polling;
import dev.cairn.ops.Rename;
import dev.cairn.ops.Transfer;
import dev.cairn.ops.Watch;
import dev.cairn.state.Change;
import dev.cairn.state.Json;
import dev.cairn.state.JsonDiff;
import dev.cairn.state.PrettyText;
import dev.cairn.state.PythonJson;
import dev.cairn.state.StateDocument;
import dev.cairn.state.StateHealth;
import dev.cairn.testing.BigSystemDb;
import dev.cairn.testing.EmptyBackends;
import dev.cairn.ui.DiskStates;
import dev.cairn.ui.FakeUiThread;
import dev.cairn.ui.browse.StateIdEntry;
import dev.cairn.ui.browse.StateListViewModel;
import dev.cairn.ui.diff.DiffViewModel;
import dev.cairn.ui.inspect.InspectorViewModel;
import dev.cairn.ui.inspect.OpenForBench;
import dev.cairn.ui.inspect.SelectionModel;
import dev.cairn.ui.task.TaskExecutor;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import javafx.beans.Observable;
import software.amazon.awssdk.services.s3.S3Client;

/**
 * Cairn's performance benchmark: builds its datasets from a fixed seed, puts them into real
 * backends (SQLite files, the test PostgreSQL and S3 servers, a file tree), times every scenario
 * with warm-up and repeated runs, and writes {@code target/bench/results.json} and a table with the
 * targets, each a ratio to a floor measured in the same run where the machine's speed matters.
 *
 * <p>Run it with {@code mvn -q -Pbench verify} ({@code -Dbench.args=--quick} for the short run);
 * see docs/performance.md. {@code --tiny} is the seconds-long run the test suite makes so the harness cannot rot.
 */
public final class Bench {

    static final long SEED = 20240601L;

    /** How big the datasets are and how often each scenario runs. */
    enum Scale {
        TINY(new int[] {30, 60, 200}, 200, 16, 8, new double[] {0.02, 0.05, 0.1}, 2_000, 0.02, 0, 1, 1, 0.5),
        QUICK(new int[] {1_000, 10_000, 100_000}, 10_000, 500, 160, new double[] {1, 10, 50}, 100_000, 1, 1, 3, 2, 20),
        FULL(new int[] {1_000, 10_000, 100_000}, 10_000, 10_000, 1_000, new double[] {1, 10, 50}, 100_000, 10, 2, 7, 4, 60);

        /** State IDs of the datasets named 1k, 10k and 100k. */
        final int[] ids;
        /**
         * State IDs of the S3 dataset named 100k. Seeding is quick (objects go straight into the
         * server's store, ~11 s for 100,000), but S3Proxy answers every page of a listing by walking
         * and sorting every key under the prefix: a listing costs pages × keys, ~8 s for 10,000 keys
         * and ~25 s for 20,000 on the shared machine, minutes for 100,000 — too long even for the full run.
         */
        final int s3Ids;
        /** State IDs of the copy datasets named 10k. */
        final int copyIds;
        /** State IDs of the copy datasets named 1k, copied over a network's latency. */
        final int latencyCopyIds;
        /** Megabytes of the states named 1mb, 10mb and 50mb. */
        final double[] megabytes;
        /** Rows of the runs table named 100k-runs. */
        final int runRows;
        /** Megabytes of the big payloads in it (10 in the full run; less in the quick one, to build it in seconds). */
        final double runMegabytes;
        final int warmups;
        final int runs;
        /** Runs of scenarios on the 50 MB state. */
        final int bigRuns;
        /** Seconds each run of the idle watch watches. */
        final double watchSeconds;

        Scale(int[] ids, int s3Ids, int copyIds, int latencyCopyIds, double[] megabytes, int runRows, double runMegabytes, int warmups,
              int runs, int bigRuns, double watchSeconds) {
            this.ids = ids;
            this.s3Ids = s3Ids;
            this.copyIds = copyIds;
            this.latencyCopyIds = latencyCopyIds;
            this.megabytes = megabytes;
            this.runRows = runRows;
            this.runMegabytes = runMegabytes;
            this.warmups = warmups;
            this.runs = runs;
            this.bigRuns = bigRuns;
            this.watchSeconds = watchSeconds;
        }
    }

    static final String[] ID_LABELS = {"1k", "10k", "100k"};
    static final String[] SIZE_LABELS = {"1mb", "10mb", "50mb"};

    /** Jackson as it comes, for the floors. */
    private static final ObjectMapper PLAIN = new ObjectMapper();

    private final Scale scale;
    private final Path out;
    private final Path work;
    private final Runner runner;
    /**
     * Groups of scenarios to run (documents, systemdb, runs, s3, copy, compare — or its parts
     * compare-db, compare-blob and compare-pg —, rewind, ui, cli, watch); empty: all.
     */
    private final List<String> only;

    Bench(Scale scale, Path out) throws IOException {
        this(scale, out, List.of());
    }

    Bench(Scale scale, Path out, List<String> only) throws IOException {
        this.only = only;
        this.scale = scale;
        this.out = Files.createDirectories(out);
        this.work = Files.createTempDirectory("cairn-bench-");
        this.runner = new Runner(scale.warmups, scale.runs);
    }

    public static void main(String[] args) throws Exception {
        Scale scale = Scale.FULL;
        Path out = Paths.get("target", "bench");
        List<String> only = List.of();
        // Maven's exec plugin passes -Dbench.args="--quick --only ui" as one argument
        args = String.join(" ", args).strip().split("\\s+");
        for (int i = 0; i < args.length; i++) {
            String arg = args[i].strip();
            if (arg.isEmpty()) {
                continue;
            }
            switch (arg) {
                case "--quick": scale = Scale.QUICK; break;
                case "--tiny": scale = Scale.TINY; break;
                case "--full": scale = Scale.FULL; break;
                case "--out": out = Paths.get(args[++i]); break;
                case "--only": only = List.of(args[++i].split(",")); break;
                default:
                    System.err.println("usage: Bench [--quick | --tiny | --full] [--out DIR] [--only GROUP,…]");
                    System.exit(2);
            }
        }
        new Bench(scale, out, only).run();
        // the embedded PostgreSQL and S3 servers stop in shutdown hooks
        System.exit(0);
    }

    /** Runs every scenario and writes the results; returns them. */
    List<Measurement> run() throws Exception {
        long start = System.nanoTime();
        System.err.printf("Cairn benchmark, %s scale, %d cores, max heap %d MB%n", scale.name().toLowerCase(Locale.ROOT),
                Runtime.getRuntime().availableProcessors(), Runtime.getRuntime().maxMemory() >> 20);
        if (selected("documents")) {
            documents();
        }
        if (selected("systemdb") || selected("s3")) {
            System.err.printf("generating %,d states …%n", scale.ids[2]);
            List<Row> many = BenchData.states(SEED, scale.ids[2]);
            if (selected("systemdb")) {
                systemDatabases(many);
            }
            if (selected("s3")) {
                s3(many);
            }
        }
        if (selected("runs")) {
            bigSqliteWithRuns();
            timeline(BenchData.states(SEED, Math.min(300, scale.ids[2])));
        }
        if (selected("ui")) {
            filter(BenchData.stateIds(SEED, scale.ids[2]));
            busySelection();
            startup();
        }
        if (selected("copy")) {
            copy();
        }
        if (selected("compare") || selected("compare-db") || selected("compare-blob") || selected("compare-pg")) {
            boolean whole = selected("compare");
            if (whole || selected("compare-db")) {
                // a run is a third of a second: warmed up as long as the other short scenarios (timeline),
                // so that the 948 differing pairs' parsing is compiled code, as in a window open for a while
                new CompareBench(runner, work, scale.ids[1], ID_LABELS[1], scale.warmups * 5, scale.runs).databases();
            }
            if (whole || selected("compare-blob")) {
                new CompareBench(runner, work, scale.ids[1], ID_LABELS[1], Math.min(1, scale.warmups), Math.min(3, scale.runs))
                        .blobs();
            }
            if (whole || selected("compare-pg")) {
                new CompareBench(runner, work, scale.ids[2], ID_LABELS[2], Math.min(1, scale.warmups), Math.min(3, scale.runs))
                        .postgresPair();
            }
        }
        if (selected("rewind")) {
            rewind();
        }
        if (selected("cli")) {
            System.err.println("generating the command line's states …");
            new CliProcesses(runner, work).run(BenchData.states(SEED, 20), BenchData.bigState(SEED + 1, scale.megabytes[1]),
                    SIZE_LABELS[1]);
        }
        if (selected("watch")) {
            watchIdle();
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        List<Measurement> results = runner.results();
        List<Target.Verdict> verdicts = Target.check(results);
        Report.write(out.resolve("results.json"), results, verdicts, scale.name().toLowerCase(Locale.ROOT), seconds);
        Report.print(System.out, results, verdicts, seconds);
        deleteQuietly(work);
        return results;
    }

    private boolean selected(String group) {
        return only.isEmpty() || only.contains(group);
    }

    // --- single big states ---------------------------------------------------------------------

    private void documents() throws Exception {
        for (int i = 0; i < SIZE_LABELS.length; i++) {
            String label = SIZE_LABELS[i];
            System.err.printf("generating the %s state …%n", label);
            BigState state = BenchData.bigState(SEED + i, scale.megabytes[i]);
            String dataset = String.format(Locale.ROOT, "%.1f MB completed + %.1f MB partial", state.megabytes(),
                    state.partialText().length() / 1e6);
            boolean big = i == 2;
            int runs = big ? scale.bigRuns : scale.runs;
            int warmups = big ? 1 : scale.warmups;
            String text = state.completedText();
            String partialText = state.partialText();
            JsonNode completed = Json.parse(text);
            JsonNode partial = Json.parse(state.partialText());

            if (i > 0) {
                runner.time(warmups, runs,
                        Spec.of("parse-floor-" + label, dataset, () -> PLAIN.readTree(text)),
                        Spec.of("open-" + label, dataset, () -> open(text, partialText)));
                runner.time(warmups, runs, Spec.of("diff-" + label, dataset, () -> diff(completed, partial)));
            }
            if (i == 1) {
                // a fresh document each run: StateDocument keeps its merge, so timing one instance times a field read
                runner.time(Spec.of("merge-" + label, dataset, () -> StateDocument.of(completed, partial).effective()),
                        Spec.of("write-bytes-" + label, dataset,
                                () -> PythonJson.dumps(completed).getBytes(StandardCharsets.US_ASCII)),
                        Spec.of("write-floor-" + label, dataset, () -> PLAIN.writeValueAsBytes(completed)));
            }
        }
    }

    /**
     * What watching a state that does not change costs ({@code cairn get --watch} beside an idle
     * pipeline): the CPU time of the watching thread per minute watched, at the default interval, on
     * a 10 MB state in a SQLite system database. Counted from the watch's start on, after its first
     * read (the state {@code get} prints), for {@link Scale#watchSeconds} a run; "ms" are CPU
     * milliseconds per minute here.
     */
    private void watchIdle() throws Exception {
        BigState state = BenchData.bigState(SEED + 1, scale.megabytes[1]);
        String dataset = String.format(Locale.ROOT, "%.1f MB completed + %.1f MB partial, SQLite, unchanged, %s s watched",
                state.megabytes(), state.partialText().length() / 1e6, scale.watchSeconds);
        String uri = Seed.sqlite(work, "watch", List.of(new Row("dev:tap-big-to-target", state.completedText(),
                state.partialText())));
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        int runs = Math.max(1, scale.runs);
        double[] cpuMsPerMinute = new double[runs];
        try (StateBackend backend = Backends.open(uri, BackendOptions.defaults())) {
            for (int r = 0; r < runs; r++) {
                Watch watch = new Watch(backend, "dev:tap-big-to-target", Polling.DEFAULT_INTERVAL);
                CountDownLatch started = new CountDownLatch(1);
                long[] cpu = new long[2];
                Thread watching = new Thread(() -> {
                    watch.run(new Watch.Listener() {
                        @Override
                        public void started(StoredState first, RunRow run) {
                            cpu[0] = threads.getCurrentThreadCpuTime();
                            started.countDown();
                        }

                        @Override
                        public void changed(Watch.Change change) {
                            throw new IllegalStateException("the benchmark's state changed: " + change.summary());
                        }
                    });
                    cpu[1] = threads.getCurrentThreadCpuTime();
                }, "bench-watch");
                watching.start();
                started.await();
                long from = System.nanoTime();
                Thread.sleep((long) (scale.watchSeconds * 1000)); // the span measured, not a wait for something
                watch.stop();
                watching.join();
                double minutes = (System.nanoTime() - from) / 60e9;
                cpuMsPerMinute[r] = (cpu[1] - cpu[0]) / 1e6 / minutes;
            }
        }
        runner.record(new Measurement("watch-10mb-idle", dataset, cpuMsPerMinute, 0));
    }

    /**
     * Opening a state in the inspector, everything before the FX thread paints it: parse both stored
     * parts, merge, pretty-print the effective document into rows, tokenize the first screen.
     */
    private static Object open(String completedText, String partialText) {
        return OpenForBench.open("prod:tap-github-to-target-postgres", completedText, partialText);
    }

    /** The structural diff and, for every change, its lines on both sides. */
    private static Object diff(JsonNode before, JsonNode after) {
        List<Change> changes = JsonDiff.diff(before, after);
        PrettyText left = PrettyText.of(before);
        PrettyText right = PrettyText.of(after);
        int mapped = 0;
        for (Change change : changes) {
            if (change.kind() != Change.Kind.ADDED && left.lines(change.beforePointer()).isPresent()) {
                mapped++;
            }
            if (change.kind() != Change.Kind.REMOVED && right.lines(change.pointer()).isPresent()) {
                mapped++;
            }
        }
        return new Object[] {changes, left, right, mapped};
    }

    // --- system databases ----------------------------------------------------------------------

    private void systemDatabases(List<Row> all) throws Exception {
        for (int i = 0; i < ID_LABELS.length; i++) {
            String label = ID_LABELS[i];
            List<Row> rows = all.subList(0, scale.ids[i]);
            String dataset = String.format(Locale.ROOT, "%,d IDs, %.1f MB of state", rows.size(), textSize(rows) / 1e6);
            System.err.printf("loading %,d states into PostgreSQL …%n", rows.size());
            String uri = Seed.postgres(rows);
            try (StateBackend backend = Backends.open(uri, BackendOptions.defaults());
                 Connection jdbc = PostgresUri.parse(uri).connect()) {
                backend.list(null).size(); // opens the pool's connection
                runner.time(Spec.of("list-jdbc-floor-" + label, dataset, () -> jdbcIds(jdbc, Integer.MAX_VALUE)),
                        Spec.of("list-pg-" + label, dataset, () -> listModel(backend)));
                List<Spec> scans = new ArrayList<>(List.of(Spec.of("rows-jdbc-floor-" + label, dataset, () -> jdbcRows(jdbc)),
                        Spec.of("badges-pg-" + label, dataset, () -> badges(backend))));
                if (i == ID_LABELS.length - 1) {
                    // the check-up reads what the badge scan reads, with a listing of update times, locks and runs besides
                    scans.add(Spec.of("check-pg-" + label, dataset, () -> checkUp(backend, rows.size())));
                }
                runner.time(scans.toArray(Spec[]::new));
                if (i == ID_LABELS.length - 1) {
                    firstScreen(backend, jdbc, dataset, rows.size());
                }
            }
        }
        List<Row> rows = all.subList(0, scale.ids[2]);
        String dataset = String.format(Locale.ROOT, "%,d IDs", rows.size());
        String sqlite = Seed.sqlite(work, "big", rows);
        try (StateBackend backend = Backends.open(sqlite, BackendOptions.defaults())) {
            runner.time(Spec.of("list-sqlite-100k", dataset, () -> listModel(backend)),
                    Spec.of("badges-sqlite-100k", dataset, () -> badges(backend)));
        }
        List<Row> some = all.subList(0, scale.ids[1]);
        String files = Seed.files(work.resolve("files"), some);
        try (StateBackend backend = Backends.open(files, BackendOptions.defaults())) {
            String someDataset = String.format(Locale.ROOT, "%,d IDs", some.size());
            runner.time(Spec.of("list-file-10k", someDataset, () -> listModel(backend)),
                    Spec.of("badges-file-10k", someDataset, () -> badges(backend)));
        }
    }

    /**
     * {@code cairn log ID --limit 20} (opening the database included) on a long history: the job
     * with the big payloads, in a runs table of a few hundred jobs.
     */
    private void timeline(List<Row> jobs) throws Exception {
        BigState big = BenchData.bigState(SEED + 1, scale.runMegabytes);
        System.err.printf("loading %,d runs …%n", scale.runRows);
        String uri = Seed.runs(work, "runs", jobs, scale.runRows, big);
        String dataset = String.format(Locale.ROOT, "%,d runs of %d jobs, payloads up to %.2f MB", scale.runRows, jobs.size(),
                big.megabytes());
        PrintStream discard = new PrintStream(OutputStream.nullOutputStream(), false, StandardCharsets.UTF_8);
        String[] log = {"log", "--backend", uri, jobs.get(0).stateId(), "--limit", "20"};
        // more warm-ups than elsewhere: each run is short, and the command line's classes load and compile on the first ones
        runner.time(scale.warmups * 5, scale.runs, Spec.of("timeline-100k-runs", dataset, () -> {
            int status = Cli.run(discard, discard, log);
            if (status != 0) {
                throw new IllegalStateException("cairn log ended with status " + status);
            }
            return status;
        }));
    }

    private static long textSize(List<Row> rows) {
        long n = 0;
        for (Row r : rows) {
            n += (r.completed() == null ? 0 : r.completed().length()) + (r.partial() == null ? 0 : r.partial().length());
        }
        return n;
    }

    /**
     * The ID list's first screen as the window opens it ({@code StateListViewModel.refresh} on a
     * worker pool, its results handed to a UI thread), timed on that UI thread from the refresh to
     * the list showing the first {@link StateListViewModel#FIRST_SCREEN} IDs (all of them in the
     * tiny run), against {@code list-jdbc-floor-first-1k}, a bare JDBC loop fetching as many, run
     * for run. Timed there, not by {@link Runner}, whose thread would add two hops of its own. The
     * listing goes on after the first screen and a badge scan follows it: each run's model is
     * closed, and its tasks waited for, before the next run of either starts.
     */
    private void firstScreen(StateBackend backend, Connection jdbc, String dataset, int ids) throws Exception {
        int shown = Math.min(StateListViewModel.FIRST_SCREEN, ids);
        double[] floorMs = new double[scale.runs];
        double[] screenMs = new double[scale.runs];
        try (FakeUiThread ui = new FakeUiThread()) {
            for (int r = -scale.warmups; r < scale.runs; r++) {
                long start = System.nanoTime();
                jdbcIds(jdbc, shown);
                double floor = (System.nanoTime() - start) / 1e6;
                double screen = firstScreenOnce(ui, backend, shown);
                if (r >= 0) {
                    floorMs[r] = floor;
                    screenMs[r] = screen;
                }
            }
        }
        runner.record(new Measurement("list-jdbc-floor-first-1k", dataset, floorMs, 0));
        runner.record(new Measurement("list-pg-" + ID_LABELS[2] + "-first-screen", dataset + ", timed on the UI thread", screenMs, 0));
    }

    /** One refresh of a new list model, in milliseconds until it shows {@code shown} IDs; the model is closed after. */
    private static double firstScreenOnce(FakeUiThread ui, StateBackend backend, int shown) throws InterruptedException {
        StateListViewModel model = ui.call(() -> new StateListViewModel(backend, ui.executor(), false));
        long[] at = new long[2];
        CountDownLatch firstRows = new CountDownLatch(1);
        ui.run(() -> {
            model.visible().addListener((Observable visible) -> {
                if (model.visible().size() >= shown && firstRows.getCount() > 0) {
                    at[1] = System.nanoTime();
                    firstRows.countDown();
                }
            });
            at[0] = System.nanoTime();
            model.refresh();
        });
        if (!firstRows.await(60, TimeUnit.SECONDS)) {
            throw new IllegalStateException("the first screen of IDs never showed");
        }
        ui.run(model::close);
        ui.awaitIdle();
        return (at[1] - at[0]) / 1e6;
    }

    /** The floor of listing: the first {@code limit} state_ids through JDBC (every one for {@code Integer.MAX_VALUE}), nothing else. */
    private static Object jdbcIds(Connection c, int limit) throws Exception {
        List<String> ids = new ArrayList<>();
        c.setAutoCommit(false);
        try (PreparedStatement s = c.prepareStatement("SELECT state_id FROM state")) {
            s.setFetchSize(1000);
            try (ResultSet rows = s.executeQuery()) {
                while (ids.size() < limit && rows.next()) {
                    ids.add(rows.getString(1));
                }
            }
        } finally {
            c.rollback();
            c.setAutoCommit(true);
        }
        return ids;
    }

    /** The floor of the badge scan: every row's texts through JDBC, nothing else. */
    static Object jdbcRows(Connection c) throws Exception {
        long chars = 0;
        c.setAutoCommit(false);
        try (PreparedStatement s = c.prepareStatement("SELECT state_id, completed_state, partial_state FROM state")) {
            s.setFetchSize(1000);
            try (ResultSet rows = s.executeQuery()) {
                while (rows.next()) {
                    chars += rows.getString(1).length();
                    String completed = rows.getString(2);
                    String partial = rows.getString(3);
                    chars += (completed == null ? 0 : completed.length()) + (partial == null ? 0 : partial.length());
                }
            }
        } finally {
            c.rollback();
            c.setAutoCommit(true);
        }
        return chars;
    }

    /** Runs list models' (never used) background tasks; their UI thread is the caller's. */
    private static final TaskExecutor UI_TASKS = new TaskExecutor(1, Runnable::run);

    /**
     * Listing into the app's list model, as {@code StateListViewModel.refresh} does: the listing
     * task streams the backend's IDs into entries, then the UI thread hands them to the model
     * (visible list, filter, badge counts). The health scan that follows is {@code badges-*}.
     */
    private static Object listModel(StateBackend backend) {
        List<StateIdEntry> entries = new ArrayList<>();
        backend.list(null, listed -> entries.add(new StateIdEntry(listed)));
        StateListViewModel model = new StateListViewModel(backend, UI_TASKS, false);
        model.setEntries(entries);
        return model;
    }

    /**
     * The size of system DB whose scan once never ended (issue #26): 20,000 states and their runs
     * rows, scanned as the window scans it (the running jobs first, then every state's health),
     * against every row's texts read through a bare JDBC loop.
     */
    private void bigSqliteWithRuns() throws Exception {
        Path dir = Files.createDirectories(work.resolve("big-runs"));
        int count = 20 * scale.ids[0]; // 20,000 but in the tiny run
        String uri = BigSystemDb.sqlite(dir, count);
        String dataset = String.format(Locale.ROOT, "%,d IDs, runs rows for a tenth", count);
        try (StateBackend backend = Backends.open(uri, BackendOptions.defaults());
             Connection jdbc = DriverManager.getConnection("jdbc:sqlite:" + dir.resolve("meltano.db"))) {
            runner.time(Spec.of("rows-sqlite-floor-20k", dataset, () -> jdbcRows(jdbc)),
                    Spec.of("badges-sqlite-20k", dataset, () -> new Object[] {RunLog.runningByJob(backend), badges(backend)}));
        }
    }

    /** {@code cairn check}'s report, its count of states checked: a fast wrong answer is no result. */
    private static Object checkUp(StateBackend backend, int states) {
        CheckUp.Report report = new CheckUp(backend, CheckUp.Options.defaults()).run((done, total) -> { });
        if (report.states() != states) {
            throw new IllegalStateException("the check-up checked " + report.states() + " states of " + states);
        }
        return report;
    }

    /** The health of every state, checked as the list model's scan checks it: one worker per core while the backend reads on. */
    private static Object badges(StateBackend backend) {
        Map<StateHealth, Integer> counts = new ConcurrentHashMap<>();
        PipelinedScan.readAll(backend, null, Runtime.getRuntime().availableProcessors(),
                stored -> counts.merge(StateHealth.of(stored.document()), 1, Integer::sum));
        return counts;
    }

    // --- bulk writes -----------------------------------------------------------------------------

    /** Before every timestamp of the seeded bookmarks: each one that is a timestamp moves back. */
    private static final String REWIND_TO = "2000-01-01T00:00:00Z";

    /**
     * {@code cairn rewind --pattern '*' --to-datetime … --force} on a SQLite system DB of the 10k
     * states, each run on a fresh copy of it: every state listed, read, planned, journalled and
     * written compare-and-set, as one journal group; against a bare JDBC loop that reads those rows
     * and writes each back in one transaction.
     */
    private void rewind() throws Exception {
        List<Row> rows = BenchData.states(SEED + 9, scale.ids[1]);
        String seeded = Seed.sqlite(work, "rewind", rows);
        Path db = Paths.get(seeded.substring("sqlite://".length()));
        String dataset = String.format(Locale.ROOT, "%,d IDs, SQLite, every timestamp bookmark to %s", rows.size(), REWIND_TO);
        Path home = Files.createDirectories(work.resolve("rewind-home"));
        PrintStream discard = new PrintStream(OutputStream.nullOutputStream(), false, StandardCharsets.UTF_8);
        int[] n = {0};
        Path[] last = new Path[1];
        Function<String, Path> freshCopy = name -> {
            try {
                last[0] = work.resolve(name + "-" + n[0]++ + ".db");
                return Files.copy(db, last[0]);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        };
        String before = System.getProperty("cairn.home");
        System.setProperty("cairn.home", home.toString()); // the journal of the rewinds goes there
        try {
            // three runs: one rewind of 10k states took minutes at load 12 (a read, a journal record and a
            // commit per state)
            runner.time(Math.min(1, scale.warmups), Math.min(3, scale.runs),
                    new Spec("write-floor-sqlite-" + ID_LABELS[1], dataset + ", floor: read and written back by JDBC", () -> {
                        Path copy = freshCopy.apply("write-floor");
                        return () -> jdbcWriteBack(copy);
                    }),
                    new Spec("rewind-sqlite-" + ID_LABELS[1], dataset, () -> {
                        String[] args = {"rewind", "--backend", "sqlite:///" + freshCopy.apply("rewind"), "--pattern", "*",
                                "--to-datetime", REWIND_TO, "--force"};
                        return () -> {
                            int status = Cli.run(discard, discard, args);
                            if (status != 0) {
                                throw new IllegalStateException("cairn rewind ended with status " + status);
                            }
                            return status;
                        };
                    }));
            // the last run was a rewind's: a fast wrong answer is no result
            try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + last[0]);
                 PreparedStatement s = c.prepareStatement("SELECT count(*) FROM state WHERE completed_state LIKE ?")) {
                s.setString(1, "%" + REWIND_TO + "%");
                try (ResultSet r = s.executeQuery()) {
                    r.next();
                    if (r.getInt(1) < rows.size() / 2) {
                        throw new IllegalStateException("the rewind moved back " + r.getInt(1) + " of " + rows.size() + " states");
                    }
                }
            }
        } finally {
            if (before == null) {
                System.clearProperty("cairn.home");
            } else {
                System.setProperty("cairn.home", before);
            }
        }
    }

    /** The floor of a bulk write: every row read, then each written back with its texts, in one transaction. */
    private static Object jdbcWriteBack(Path db) throws Exception {
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + db)) {
            c.setAutoCommit(false);
            List<String[]> rows = new ArrayList<>();
            try (PreparedStatement s = c.prepareStatement("SELECT state_id, completed_state, partial_state FROM state");
                 ResultSet r = s.executeQuery()) {
                while (r.next()) {
                    rows.add(new String[] {r.getString(1), r.getString(2), r.getString(3)});
                }
            }
            try (PreparedStatement s = c.prepareStatement(
                    "UPDATE state SET completed_state = ?, partial_state = ? WHERE state_id = ?")) {
                for (String[] row : rows) {
                    s.setString(1, row[1]);
                    s.setString(2, row[2]);
                    s.setString(3, row[0]);
                    if (s.executeUpdate() != 1) {
                        throw new IllegalStateException("no row " + row[0]);
                    }
                }
            }
            c.commit();
            return rows.size();
        }
    }

    // --- the desktop UI ----------------------------------------------------------------------------

    /**
     * One keystroke in the filter field over the 100k IDs, through the app's list model on this
     * thread as on the FX thread (which the other cores help, as there). Each run types a substring and a Meltano pattern and keeps the
     * slowest keystroke of each; {@code filter-100k} is the worse of the two.
     */
    private void filter(List<String> ids) throws IOException {
        String dataset = String.format(Locale.ROOT, "%,d IDs", ids.size());
        List<StateIdEntry> entries = new ArrayList<>(ids.size());
        ids.forEach(id -> entries.add(new StateIdEntry(ListedState.visible(id))));
        // the model lists nothing itself here: it gets the entries directly; its backend names the list
        StateBackend named = Backends.open("file://" + Files.createDirectories(work.resolve("filter")), BackendOptions.defaults());
        StateListViewModel model = new StateListViewModel(named, UI_TASKS, false);
        model.setEntries(entries);
        // typed one key at a time, then cleared at once; typing more of a substring narrows the
        // previous result, a pattern is matched against every ID at each key
        List<String> substring = typed("github", "");
        List<String> pattern = typed("prod:*-to-target-s*", "");
        pattern.add(pattern.size() - 1, "*:tap-[a-m]*-to-target-postgres*"); // pasted
        pattern.add(pattern.size() - 1, "eu-prod:tap-[!g]?*"); // pasted
        int runs = Math.max(3, scale.runs * 3);
        for (int w = 0; w < 5; w++) { // the JIT, as after a few keystrokes in the running app
            slowestKeystroke(model, substring);
            slowestKeystroke(model, pattern);
        }
        double[] substringMs = new double[runs];
        double[] patternMs = new double[runs];
        for (int r = 0; r < runs; r++) {
            substringMs[r] = slowestKeystroke(model, substring);
            patternMs[r] = slowestKeystroke(model, pattern);
        }
        Measurement s = new Measurement("filter-100k-substring", dataset + ", typing 'github'", substringMs, 0);
        Measurement p = new Measurement("filter-100k-pattern", dataset + ", typing 'prod:*-to-target-s*', 2 pasted",
                patternMs, 0);
        runner.record(s);
        runner.record(p);
        Measurement worse = s.median() >= p.median() ? s : p;
        runner.record(new Measurement("filter-100k", worse.dataset() + " (worse of the two)", worse.runsMs(), 0));
        if (model.visible().size() != ids.size()) {
            throw new IllegalStateException("the filter was not cleared: " + model.visible().size());
        }
    }

    /** Every prefix of {@code text}, then {@code last}. */
    private static List<String> typed(String text, String last) {
        List<String> keys = new ArrayList<>();
        for (int i = 1; i <= text.length(); i++) {
            keys.add(text.substring(0, i));
        }
        keys.add(last);
        return keys;
    }

    private static double slowestKeystroke(StateListViewModel model, List<String> keys) {
        long slowest = 0;
        for (String key : keys) {
            long start = System.nanoTime();
            model.filterTextProperty().set(key);
            slowest = Math.max(slowest, System.nanoTime() - start);
        }
        return slowest / 1e6;
    }

    /**
     * JVM start to the first window shown: a child {@code java} runs {@code dev.cairn.Main} without
     * arguments (through {@link StartupProbe}, which prints a line when the window shows) on this
     * classpath, headless under Monocle as the tests run, with an empty {@code CAIRN_HOME}.
     */
    private static final String BIG_ID = "prod:tap-github-to-target-postgres";
    private static final String SMALL_ID = "prod:tap-stripe-to-target-bigquery";

    /**
     * The user opens the 50 MB state, then, while it is still being read, selects a small one: from
     * that click to the small state's first screen (its effective document ready for the FX thread)
     * and, with the Diff tab shown, to its diff. The inspector and the diff are wired as the window
     * wires them, on a 2-worker pool, from a {@code file://} backend.
     */
    private void busySelection() throws Exception {
        BigState big = BenchData.bigState(SEED + 2, scale.megabytes[2]);
        Path dir = Files.createTempDirectory(work, "busy");
        String dataset = String.format(Locale.ROOT, "0.4 KB state selected while a %.1f MB one opens, 2 workers",
                big.megabytes());
        try (StateBackend backend = DiskStates.files(dir)
                .put(BIG_ID, big.completedText(), big.partialText())
                .put(SMALL_ID, "{\"singer_state\": {\"bookmarks\": {\"charges\": {\"replication_key\": \"created\", "
                        + "\"replication_key_value\": \"2024-05-31T23:59:59Z\"}, \"invoices\": {\"replication_key\": "
                        + "\"updated\", \"replication_key_value\": \"2024-05-30T12:00:00Z\"}}}}",
                        "{\"singer_state\": {\"bookmarks\": {\"invoices\": {\"replication_key\": \"updated\", "
                        + "\"replication_key_value\": \"2024-06-01T06:00:00Z\"}}}}")
                .open();
             FakeUiThread ui = new FakeUiThread()) {
            runner.time(scale.warmups, Math.max(3, scale.runs),
                    new Spec("first-screen-small-busy", dataset, () -> selectDuringBigOpen(ui, backend, false)),
                    new Spec("diff-small-busy", dataset + ", Diff tab shown", () -> selectDuringBigOpen(ui, backend, true)));
            ui.awaitIdle(); // the last big open ends before its UI thread does
        }
    }

    /** Starts opening the big state (untimed) and returns the selection of the small one, timed until it shows. */
    private static Runner.Trial selectDuringBigOpen(FakeUiThread ui, StateBackend backend, boolean diffShown)
            throws InterruptedException {
        ui.awaitIdle(); // the previous run's big open, cancelled, has ended
        SelectionModel selection = ui.call(() -> new SelectionModel(ui.executor()));
        InspectorViewModel inspector = ui.call(() -> new InspectorViewModel(ui.executor(), selection));
        DiffViewModel diff = ui.call(() -> new DiffViewModel(ui.executor()));
        CountDownLatch shown = new CountDownLatch(1);
        ui.run(() -> {
            selection.selectionProperty().addListener((o, a, now) -> {
                if (diffShown) {
                    diff.activate(now);
                }
            });
            if (diffShown) {
                diff.diffProperty().addListener((o, a, now) -> {
                    if (now != null && SMALL_ID.equals(inspector.stateIdProperty().get())) {
                        shown.countDown();
                    }
                });
            } else {
                inspector.documentProperty(InspectorViewModel.Part.EFFECTIVE).addListener((o, a, now) -> {
                    if (now != null && SMALL_ID.equals(inspector.stateIdProperty().get())) {
                        shown.countDown();
                    }
                });
            }
            selection.select(backend, "bench", BIG_ID);
        });
        // the user's second click, 150 ms into the big open (a scenario's pace, not a wait for something): the pool is busy with it
        Thread.sleep(150);
        return () -> {
            ui.run(() -> selection.select(backend, "bench", SMALL_ID));
            if (!shown.await(60, TimeUnit.SECONDS)) {
                throw new IllegalStateException("the small state never showed");
            }
            return inspector;
        };
    }

    private void startup() throws Exception {
        List<Process> started = new ArrayList<>();
        try {
            // interleaved with the toolkit alone showing a window of the same size; each run starts a JVM and a
            // window, so the tiny run makes one of each, not the eight the quick run makes
            runner.time(Math.min(1, scale.warmups), scale.runs,
                    new Spec("startup-floor", "headless (Monocle): a window with one label, no Cairn", launch(StartupFloor.class, started)),
                    new Spec("startup", "headless (Monocle), empty CAIRN_HOME", launch(StartupProbe.class, started)));
        } finally {
            endAll(started);
        }
    }

    /** Starts {@code main} in a child JVM on this classpath, timed until its first window shows; {@code started} collects the processes. */
    private Runner.Setup launch(Class<?> main, List<Process> started) {
        String java = Paths.get(System.getProperty("java.home"), "bin", "java").toString();
        return () -> {
            endAll(started); // the previous app exits after its marker; not timed
            Path home = Files.createTempDirectory(work, "cairn-home");
            Path log = Files.createTempFile(work, "startup-", ".log");
            ProcessBuilder builder = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
                    "-Dglass.platform=Monocle", "-Dmonocle.platform=Headless", "-Dprism.order=sw", "-Dprism.text=t2k",
                    "-Dmonocle.headless.geometry=1600x1000-32", "-Dheadless.geometry=1600x1000-32",
                    main.getName());
            builder.environment().put("CAIRN_HOME", home.toString());
            builder.redirectError(log.toFile());
            return () -> {
                Process process = builder.start();
                started.add(process);
                BufferedReader out = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
                String line;
                while ((line = out.readLine()) != null) {
                    if (line.equals(StartupProbe.MARKER)) {
                        return line;
                    }
                }
                throw new IllegalStateException(main.getSimpleName() + " ended without showing a window: "
                        + Files.readString(log, StandardCharsets.UTF_8));
            };
        };
    }

    private static void endAll(List<Process> processes) throws InterruptedException {
        for (Process process : processes) {
            if (!process.waitFor(30, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        }
        processes.clear();
    }

    // --- S3 --------------------------------------------------------------------------------------

    private void s3(List<Row> all) throws Exception {
        List<Row> rows = all.subList(0, Math.min(all.size(), scale.s3Ids));
        System.err.printf("loading %,d states into S3 …%n", rows.size());
        String uri = Seed.s3(rows);
        String bucket = uri.substring("s3://".length(), uri.indexOf('/', "s3://".length()));
        String dataset = String.format(Locale.ROOT, "%,d IDs", rows.size());
        try (StateBackend backend = Backends.open(uri, EmptyBackends.s3Options()); S3Client client = TestS3.client()) {
            runner.time(Math.min(1, scale.warmups), 3, Spec.of("list-s3-floor-" + ID_LABELS[2], dataset, () -> {
                        List<String> keys = new ArrayList<>();
                        client.listObjectsV2Paginator(b -> b.bucket(bucket).prefix(Seed.S3_PREFIX)).contents()
                                .forEach(o -> keys.add(o.key()));
                        return keys;
                    }),
                    Spec.of("list-s3-" + ID_LABELS[2], dataset, () -> listModel(backend)));
        }
        // the health scan reads every state (a GET each): on the 10k dataset
        List<Row> some = all.subList(0, Math.min(all.size(), scale.ids[1]));
        String someUri = some.size() == rows.size() ? uri : Seed.s3(some);
        try (StateBackend backend = Backends.open(someUri, EmptyBackends.s3Options())) {
            runner.time(Math.min(1, scale.warmups), scale.runs, Spec.of("badges-s3-" + ID_LABELS[1],
                    String.format(Locale.ROOT, "%,d IDs", some.size()), () -> badges(backend)));
        }
    }

    // --- bulk copy -------------------------------------------------------------------------------

    /** One way, between the user and a cloud region: a request and its answer cost 50 ms more than on loopback. */
    static final Duration ONE_WAY_LATENCY = Duration.ofMillis(25);

    private void copy() throws Exception {
        // CPU-bound: S3Proxy answers on the same 2 cores as the copy, at loopback speed; two runs of
        // each side, interleaved, since one of each moved the ratio from 1.96 to 2.70 between runs
        copies("copy-sqlite-s3-10k", BenchData.states(SEED + 7, scale.copyIds), EmptyBackends.s3Options(), "", 2);
        // latency-bound, as against a real S3: every request crosses a network 25 ms each way
        try (LatencyProxy proxy = new LatencyProxy(TestS3.endpoint().getPort(), ONE_WAY_LATENCY)) {
            BackendOptions distant = EmptyBackends.s3Options()
                    .withSetting(S3Connection.ENDPOINT_SETTING, "http://127.0.0.1:" + proxy.port());
            // one run of each: the sequential one takes minutes, all of them waiting
            copies("copy-sqlite-s3-1k-latency", BenchData.states(SEED + 8, scale.latencyCopyIds), distant,
                    String.format(Locale.ROOT, ", %d ms each way", ONE_WAY_LATENCY.toMillis()), 1);
        }
    }

    /**
     * Copies the rows from a SQLite system DB into fresh buckets, sequentially ({@code name-seq}) and
     * with the default concurrency, {@code runs} times each, the two interleaved run for run.
     */
    private void copies(String name, List<Row> rows, BackendOptions s3, String network, int runs) throws Exception {
        String dataset = String.format(Locale.ROOT, "%,d IDs, SQLite to S3%s", rows.size(), network);
        String sqlite = Seed.sqlite(work, name, rows);
        try (StateBackend source = Backends.open(sqlite, BackendOptions.defaults())) {
            int[] concurrencies = {1, Transfer.DEFAULT_CONCURRENCY};
            Spec[] specs = new Spec[concurrencies.length];
            for (int i = 0; i < concurrencies.length; i++) {
                int concurrency = concurrencies[i];
                // warm up the client and server on a few IDs first
                if (scale.warmups > 0) {
                    copyOnce(source, s3, concurrency, Math.min(50, rows.size())).run();
                }
                specs[i] = new Spec(name + (concurrency == 1 ? "-seq" : ""), dataset, () -> copyOnce(source, s3, concurrency, rows.size()));
            }
            runner.time(0, runs, specs);
        }
    }

    /** Prepares a copy of the first {@code count} IDs into a fresh, empty bucket. */
    private Runner.Trial copyOnce(StateBackend source, BackendOptions s3, int concurrency, int count) throws IOException {
        StateBackend target = Backends.open("s3://" + TestS3.freshBucket() + "/" + Seed.S3_PREFIX, s3);
        Journal journal = new Journal(Files.createTempDirectory(work, "journal"));
        Transfer transfer = new Transfer(source, target, Transfer.Mode.COPY, Transfer.OnConflict.FAIL,
                Transfer.Content.AS_STORED, journal); // a migration of the seeded rows, NULL and odd documents included
        List<Transfer.Item> items = transfer.select(null, Rename.identity());
        List<Transfer.Item> chosen = items.subList(0, Math.min(count, items.size()));
        return () -> {
            try {
                List<Transfer.Result> results = transfer.run(chosen, concurrency, (done, total, result) -> { });
                long failed = results.stream().filter(r -> !r.succeeded()).count();
                if (failed > chosen.size() / 100 + 1) {
                    throw new IllegalStateException(failed + " of " + chosen.size() + " copies failed, e.g. "
                            + results.stream().filter(r -> !r.succeeded()).findFirst().orElseThrow());
                }
                return results;
            } finally {
                target.close();
            }
        };
    }

    private static void deleteQuietly(Path dir) {
        try (var paths = Files.walk(dir)) {
            paths.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException ignored) {
            // a temporary folder; the OS cleans up what is left
        }
    }
}
