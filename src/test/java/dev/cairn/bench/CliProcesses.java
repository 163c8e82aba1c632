package dev.cairn.bench;

import dev.cairn.bench.BenchData.BigState;
import dev.cairn.bench.BenchData.Row;
import dev.cairn.bench.Runner.Spec;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

/**
 * The command line as users run it: every call a fresh process, timed from its start to its exit.
 * It runs {@code bin/cairn} (the launcher with the class-data archive and the flags for short runs)
 * when the jar is built, as under {@code mvn -Pbench verify}; in the unit tests, where there is no jar
 * yet, the same commands run from the test classpath so that the harness cannot rot.
 */
final class CliProcesses {

    private final Runner runner;
    private final Path work;
    private final List<String> launcher;
    private final String how;

    CliProcesses(Runner runner, Path work) {
        this.runner = runner;
        this.work = work;
        Path script = Paths.get("bin", "cairn").toAbsolutePath();
        if (Files.isExecutable(script) && Files.isRegularFile(Paths.get("target", "cairn.jar"))) {
            launcher = List.of(script.toString());
            how = "bin/cairn";
        } else {
            launcher = List.of(Paths.get(System.getProperty("java.home"), "bin", "java").toString(),
                    "-cp", System.getProperty("java.class.path"), "dev.cairn.Main");
            how = "java -cp (no jar built)";
        }
    }

    /**
     * {@code list} and {@code get} of a small folder; {@code get --format pretty} of a big state against
     * Python, {@code diff} of it against jsondiffpatch (skipped where npm has not installed it).
     */
    void run(List<Row> small, BigState big, String bigLabel) throws Exception {
        String smallUri = Seed.files(work.resolve("cli-small"), small);
        String smallSet = String.format(Locale.ROOT, "file://, %d IDs, %s", small.size(), how);
        // the yardstick: Python, Meltano's language, listing the same IDs from a system DB in a whole process
        Path db = Path.of(Seed.sqlite(work, "cli-small", small).substring("sqlite:///".length()));
        runner.time(Spec.of("cli-list-small", smallSet, () -> cairn("list", "--backend", smallUri)),
                Spec.of("cli-get-small", smallSet, () -> cairn("get", "--backend", smallUri, small.get(0).stateId())),
                Spec.of("py-list-small", String.format(Locale.ROOT, "python3: sqlite3, SELECT state_id of the same %d IDs",
                        small.size()), () -> process(List.of("python3", "-c", "import sqlite3, sys\n"
                        + "for (i,) in sqlite3.connect(sys.argv[1]).execute('SELECT state_id FROM state'): print(i)",
                        db.toString()))));

        Row row = new Row("prod:tap-github-to-target-postgres", big.completedText(), big.partialText());
        String bigUri = Seed.files(work.resolve("cli-big"), List.of(row));
        Path stored = work.resolve("cli-big").resolve(row.stateId()).resolve("state.json");
        String bigSet = String.format(Locale.ROOT, "file://, %.1f MB completed + %.1f MB partial, %s", big.megabytes(),
                big.partialText().length() / 1e6, how);
        runner.time(Spec.of("cli-get-" + bigLabel, bigSet,
                        () -> cairn("get", "--format", "pretty", "--backend", bigUri, row.stateId())),
                Spec.of("py-pretty-" + bigLabel, "python3: json.load + json.dumps(indent=2) of the same state.json",
                        () -> process(List.of("python3", "-c",
                                "import json, sys; sys.stdout.write(json.dumps(json.load(open(sys.argv[1])), indent=2))",
                                stored.toString()))));

        // BENCH_JSONDIFFPATCH: an install elsewhere, where src/test/node/node_modules is shared and left alone
        String installed = System.getenv("BENCH_JSONDIFFPATCH");
        Path jsondiffpatch = Paths.get(installed != null ? installed : "src/test/node/node_modules/jsondiffpatch")
                .toAbsolutePath();
        if (!Files.isDirectory(jsondiffpatch)) {
            System.err.println("cli-diff-" + bigLabel + " skipped: no " + jsondiffpatch + " (npm ci in src/test/node)");
            return;
        }
        // the same pair as cairn diff: the completed document against the partial checkpoint, delta printed
        String node = "const fs = require('fs');"
                + "import(process.argv[2]).then(j => { const d = JSON.parse(fs.readFileSync(process.argv[1], 'utf8'));"
                + " process.stdout.write(JSON.stringify(j.diff(d.completed, d.partial))); });";
        runner.time(Spec.of("cli-diff-" + bigLabel, bigSet, () -> cairn("diff", "--backend", bigUri, row.stateId())),
                Spec.of("jsondiffpatch-" + bigLabel, "node: jsondiffpatch.diff of the same pair, delta printed",
                        () -> process(List.of("node", "-e", node, stored.toString(),
                                jsondiffpatch.resolve("lib/index.js").toUri().toString()))));
    }

    private Object cairn(String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(launcher);
        command.addAll(List.of(args));
        return process(command);
    }

    /** Runs one whole process with its output discarded, as a script piping it elsewhere would. */
    private Object process(List<String> command) throws IOException, InterruptedException {
        Path err = Files.createTempFile(work, "cli", ".err");
        Process process = new ProcessBuilder(command).redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectError(err.toFile()).start();
        if (!process.waitFor(5, TimeUnit.MINUTES)) {
            process.destroyForcibly();
            throw new IllegalStateException(command.get(0) + " did not end");
        }
        if (process.exitValue() != 0) {
            throw new IllegalStateException(String.join(" ", command.subList(command.size() - 2, command.size()))
                    + " ended with status " + process.exitValue() + ": " + Files.readString(err));
        }
        Files.delete(err);
        return process.exitValue();
    }
}
