package dev.cairn.bench;

import dev.cairn.backend.BackendOptions;
import dev.cairn.backend.Backends;
import dev.cairn.backend.StateBackend;
import dev.cairn.backend.TestS3;
import dev.cairn.backend.systemdb.PostgresUri;
import dev.cairn.bench.Runner.Spec;
import dev.cairn.ops.compare.Comparison;
import dev.cairn.ops.compare.IdComparison.Status;
import dev.cairn.testing.EmptyBackends;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;
import software.amazon.awssdk.services.s3.S3Client;

/**
 * {@code cairn compare}'s engine on two backends of {@link CompareData} (10,000 IDs a side, 5 %
 * only on each, every tenth shared one different): SQLite against PostgreSQL, and a file tree
 * against S3; and, on 100,000 IDs a side, PostgreSQL against PostgreSQL. Each floor reads both sides bare in the same run, the two at once as the comparison
 * does (JDBC rows; every {@code state.json} of the tree, and a listing plus a GET per object with
 * the eight requests in flight {@code BlobStateBackend} keeps).
 */
final class CompareBench {

    /** GETs in flight in the bare S3 loop: as many as {@code BlobStateBackend.readAll} keeps. */
    private static final int GETS_IN_FLIGHT = 8;

    private final Runner runner;
    private final Path work;
    private final int ids;
    private final String label;
    private final int warmups;
    private final int runs;
    private final CompareData data;
    private final String dataset;

    CompareBench(Runner runner, Path work, int ids, String label, int warmups, int runs) {
        this.runner = runner;
        this.work = work;
        this.ids = ids;
        this.label = label;
        this.warmups = warmups;
        this.runs = runs;
        this.data = CompareData.of(Bench.SEED + 21, ids);
        this.dataset = String.format(Locale.ROOT, "%,d IDs a side, %,d different, %,d only here, %,d only there",
                ids, data.different(), data.onlyHere(), data.onlyThere());
    }

    /** SQLite against PostgreSQL. */
    void databases() throws Exception {
        System.err.printf("loading %,d states into SQLite and PostgreSQL for compare …%n", ids);
        String sqlite = Seed.sqlite(work, "compare-here", data.here());
        String postgres = Seed.postgres(data.there());
        try (StateBackend here = Backends.open(sqlite, BackendOptions.defaults());
             StateBackend there = Backends.open(postgres, BackendOptions.defaults());
             Connection hereJdbc = DriverManager.getConnection("jdbc:sqlite:" + sqlite.substring("sqlite://".length()));
             Connection thereJdbc = PostgresUri.parse(postgres).connect()) {
            runner.time(warmups, runs,
                    Spec.of("compare-floor-sqlite-pg-" + label, dataset,
                            () -> both(() -> Bench.jdbcRows(hereJdbc), () -> Bench.jdbcRows(thereJdbc))),
                    Spec.of("compare-sqlite-pg-" + label, dataset, () -> compare(here, there, data)));
        }
    }

    /**
     * PostgreSQL against PostgreSQL (two schemas of one server, as two environments' system
     * databases); the floor reads both sides' rows with {@link Bench#jdbcRows}, one after the other:
     * twice {@code rows-jdbc-floor}.
     */
    void postgresPair() throws Exception {
        System.err.printf("loading %,d states into two PostgreSQL schemas for compare …%n", ids);
        String hereUri = Seed.postgres(data.here());
        String thereUri = Seed.postgres(data.there());
        try (StateBackend here = Backends.open(hereUri, BackendOptions.defaults());
             StateBackend there = Backends.open(thereUri, BackendOptions.defaults());
             Connection hereJdbc = PostgresUri.parse(hereUri).connect();
             Connection thereJdbc = PostgresUri.parse(thereUri).connect()) {
            runner.time(warmups, runs,
                    Spec.of("compare-floor-pg-pg-" + label, dataset + ", floor: both read one after the other",
                            () -> new Object[] {Bench.jdbcRows(hereJdbc), Bench.jdbcRows(thereJdbc)}),
                    Spec.of("compare-pg-pg-" + label, dataset, () -> compare(here, there, data)));
        }
    }

    /** A file tree against S3. */
    void blobs() throws Exception {
        System.err.printf("loading %,d states into a file tree and S3 for compare …%n", ids);
        Path root = work.resolve("compare-files");
        String files = Seed.files(root, data.here());
        String s3 = Seed.s3(data.there());
        String bucket = s3.substring("s3://".length(), s3.indexOf('/', "s3://".length()));
        try (StateBackend here = Backends.open(files, BackendOptions.defaults());
             StateBackend there = Backends.open(s3, EmptyBackends.s3Options());
             S3Client client = TestS3.client()) {
            runner.time(warmups, runs,
                    Spec.of("compare-floor-file-s3-" + label, dataset,
                            () -> both(() -> readFiles(root), () -> readBucket(client, bucket))),
                    Spec.of("compare-file-s3-" + label, dataset, () -> compare(here, there, data)));
        }
    }

    /** The comparison as {@code cairn compare} runs it, its counts checked: a fast wrong answer is no result. */
    private static Object compare(StateBackend here, StateBackend there, CompareData data) {
        Comparison.Totals totals = new Comparison(here, there, null, null).run(result -> { });
        if (totals.count(Status.DIFFERENT) != data.different() || totals.count(Status.SAME) != data.same()
                || totals.count(Status.ONLY_HERE) != data.onlyHere() || totals.count(Status.ONLY_THERE) != data.onlyThere()) {
            throw new IllegalStateException("compare counted " + totals.counts());
        }
        return totals;
    }

    /** Both loops at once, each on a thread of its own. */
    private static Object both(Callable<Object> one, Callable<Object> other) throws Exception {
        ExecutorService threads = Executors.newFixedThreadPool(2);
        try {
            Future<Object> first = threads.submit(one);
            Future<Object> second = threads.submit(other);
            return new Object[] {first.get(), second.get()};
        } finally {
            threads.shutdownNow();
        }
    }

    /** Every {@code state.json} of the tree, read into memory and let go. */
    private static Object readFiles(Path root) throws Exception {
        long bytes = 0;
        try (Stream<Path> paths = Files.walk(root)) {
            for (Path p : (Iterable<Path>) paths.filter(p -> p.getFileName().toString().equals("state.json"))::iterator) {
                bytes += Files.readAllBytes(p).length;
            }
        }
        return bytes;
    }

    /** A listing of the bucket, then every object's bytes with {@link #GETS_IN_FLIGHT} requests at once. */
    private static Object readBucket(S3Client client, String bucket) throws Exception {
        List<String> keys = new ArrayList<>();
        client.listObjectsV2Paginator(b -> b.bucket(bucket).prefix(Seed.S3_PREFIX)).contents().forEach(o -> keys.add(o.key()));
        ExecutorService gets = Executors.newFixedThreadPool(GETS_IN_FLIGHT);
        try {
            List<Future<Integer>> sizes = new ArrayList<>(keys.size());
            for (String key : keys) {
                sizes.add(gets.submit(() -> client.getObjectAsBytes(b -> b.bucket(bucket).key(key)).asByteArray().length));
            }
            long bytes = 0;
            for (Future<Integer> size : sizes) {
                bytes += size.get();
            }
            return bytes;
        } finally {
            gets.shutdownNow();
        }
    }
}
