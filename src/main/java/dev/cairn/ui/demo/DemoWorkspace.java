package dev.cairn.ui.demo;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.cairn.backend.systemdb.MeltanoSchema;
import dev.cairn.ops.PrivateFiles;
import dev.cairn.state.Json;
import dev.cairn.state.JsonSyntaxError;
import dev.cairn.state.PythonJson;
import dev.cairn.ui.connect.Environment;
import dev.cairn.ui.connect.SavedConnection;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * The workspace a first start opens so a new user sees real content: a Meltano project's system DB
 * ({@code project/.meltano/meltano.db}, Meltano's exact DDL) and a {@code file://} state backend
 * ({@code state-backend/}), both filled with realistic states, including the broken kinds Cairn is
 * for (corrupt JSON, NULL partial, pending partial, merge error, no {@code singer_state}, a
 * {@code /} in an ID, a held and a stale lock). The file backend holds a newer copy of the same
 * pipelines, so comparing an ID across the two backends shows differences.
 */
public final class DemoWorkspace {

    /** The lock the demo's "running pipeline" holds counts as held this long (Meltano's default is 10 s). */
    static final String DEMO_LOCK_TIMEOUT_SECONDS = "86400";

    public static final String RUNNING_ID = "prod:tap-stripe-to-target-bigquery";
    public static final String STALE_LOCK_ID = "staging:tap-salesforce-to-target-snowflake";
    public static final String CORRUPT_ID = "dev:tap-broken-to-target-jsonl";

    private static final DateTimeFormatter SQLITE_TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSSSSS");

    /** The {@code runs} row of the running pipeline. */
    private static final int RUNNING_RUN = 10;

    private final Path root;
    private ScheduledExecutorService heartbeat;

    public DemoWorkspace(Path root) {
        this.root = root;
    }

    public Path root() {
        return root;
    }

    public Path systemDb() {
        return root.resolve("project/.meltano/meltano.db");
    }

    public Path fileBackend() {
        return root.resolve("state-backend");
    }

    public boolean exists() {
        return Files.exists(systemDb()) && Files.isDirectory(fileBackend());
    }

    /** The two demo backends as saved connections, production first. */
    public List<SavedConnection> connections() {
        return List.of(
                new SavedConnection("Demo system DB", "sqlite:///" + systemDb().toAbsolutePath(), Environment.PROD,
                        true, Map.of()),
                new SavedConnection("Demo file backend", fileBackend().toAbsolutePath().toUri().toString()
                        .replaceFirst("^file:/(?!/)", "file:///"), Environment.STAGING, false,
                        Map.of("lock_timeout_seconds", DEMO_LOCK_TIMEOUT_SECONDS)));
    }

    /**
     * Creates the workspace if it is not there yet; refreshes the running pipeline's lock either way,
     * and keeps its run alive from then on: a heartbeat every minute while this process runs, as a
     * live Meltano run sends one (it turned into a stale run five minutes after the demo was made).
     */
    public void ensureCreated() throws IOException {
        if (!exists()) {
            create();
        }
        writeLock(RUNNING_ID, Instant.now());
        beat();
        keepRunning();
    }

    /** The demo's running pipeline's heartbeat, which the runs table keeps in naive UTC. */
    private void beat() throws IOException {
        try (Connection db = DriverManager.getConnection("jdbc:sqlite:" + systemDb().toAbsolutePath());
             PreparedStatement s = db.prepareStatement("UPDATE runs SET last_heartbeat_at = ? WHERE id = ? AND state = 'RUNNING'")) {
            s.setString(1, LocalDateTime.now(ZoneOffset.UTC).format(SQLITE_TIME));
            s.setInt(2, RUNNING_RUN);
            s.executeUpdate();
        } catch (SQLException e) {
            throw new IOException("could not renew the demo pipeline's heartbeat in " + systemDb() + ": " + e.getMessage(), e);
        }
    }

    private synchronized void keepRunning() {
        if (heartbeat != null) {
            return;
        }
        heartbeat = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "demo-pipeline-heartbeat");
            t.setDaemon(true);
            return t;
        });
        heartbeat.scheduleWithFixedDelay(() -> {
            try {
                beat();
            } catch (IOException e) {
                heartbeat.shutdown(); // the workspace is gone (a test's folder) or unwritable: the run goes stale
            }
        }, 1, 1, TimeUnit.MINUTES);
    }

    public void create() throws IOException {
        PrivateFiles.folder(systemDb().getParent());
        Files.createDirectories(fileBackend());
        Map<String, DemoState> prod = new LinkedHashMap<>();
        Map<String, DemoState> staging = new LinkedHashMap<>();
        fixtures(prod, staging);
        generated(prod, staging, new Random(20240601L));
        writeSystemDb(prod);
        for (Map.Entry<String, DemoState> e : staging.entrySet()) {
            Path dir = fileBackend().resolve(e.getKey());
            Files.createDirectories(dir);
            Files.writeString(dir.resolve("state.json"), e.getValue().stateJson(), StandardCharsets.UTF_8);
        }
        writeLock(STALE_LOCK_ID, Instant.parse("2024-05-31T22:15:03.250117Z"));
    }

    private void writeLock(String stateId, Instant at) throws IOException {
        Path dir = fileBackend().resolve(stateId);
        Files.createDirectories(dir);
        String epoch = at.getEpochSecond() + "." + String.format("%06d", at.getNano() / 1000);
        Files.writeString(dir.resolve("lock"), epoch, StandardCharsets.UTF_8);
    }

    private void writeSystemDb(Map<String, DemoState> states) throws IOException {
        MeltanoSchema.createSqlite(systemDb().toAbsolutePath());
        try (Connection db = DriverManager.getConnection("jdbc:sqlite:" + systemDb().toAbsolutePath())) {
            db.setAutoCommit(false);
            try (PreparedStatement insert = db.prepareStatement(
                    "INSERT INTO state (state_id, partial_state, completed_state, updated_at) VALUES (?, ?, ?, ?)")) {
                for (Map.Entry<String, DemoState> e : states.entrySet()) {
                    insert.setString(1, e.getKey());
                    insert.setString(2, e.getValue().partialText());
                    insert.setString(3, e.getValue().completedText());
                    insert.setString(4, e.getValue().updatedAt());
                    insert.addBatch();
                }
                insert.executeBatch();
            }
            try (PreparedStatement run = db.prepareStatement("INSERT INTO runs (id, job_name, state, started_at, ended_at,"
                    + " payload, payload_flags, run_id, \"trigger\", last_heartbeat_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")) {
                LocalDateTime now = LocalDateTime.now(ZoneOffset.UTC);
                // the running pipeline's last eight days, for the Timeline tab: nightly runs, one that failed half-way
                // (ids in the order Meltano's would be, older runs first)
                for (int day = 1; day <= 8; day++) {
                    LocalDateTime started = now.minusDays(9 - day).minusHours(2);
                    boolean failed = day == 5;
                    String checkpoint = "{\"singer_state\": {\"bookmarks\": {"
                            + "\"charges\": {\"replication_key\": \"created\", \"replication_key_value\": \"2024-05-" + (23 + day) + "T23:59:58Z\"}"
                            + (failed ? "" : ", \"customers\": {\"replication_key\": \"updated\", \"replication_key_value\": \"2024-05-"
                                    + (23 + day) + "T22:10:00Z\"}, \"invoices\": {\"replication_key\": \"updated\", \"replication_key_value\":"
                                    + " \"2024-05-30T12:00:00Z\"}") + "}}}";
                    addRun(run, day, RUNNING_ID, failed ? "FAIL" : "SUCCESS", started, started.plusMinutes(failed ? 7 : 26),
                            checkpoint, failed ? 2 : 1, started.plusMinutes(failed ? 7 : 26));
                }
                addRun(run, 9, "dev:tap-postgres-to-target-snowflake", "SUCCESS", now.minusHours(3), now.minusHours(3).plusMinutes(5),
                        states.get("dev:tap-postgres-to-target-snowflake").completedText(), 1, now.minusHours(3).plusMinutes(5));
                addRun(run, RUNNING_RUN, RUNNING_ID, "RUNNING", now.minusMinutes(12), null,
                        states.get(RUNNING_ID).partialText(), 2, now.minusSeconds(20));
                addRun(run, 11, "prod:tap-github-to-target-postgres", "FAIL", now.minusDays(1), now.minusDays(1).plusMinutes(40),
                        "{\"error\": \"Extractor failed\"}", 0, now.minusDays(1).plusMinutes(40));
                run.executeBatch();
            }
            db.commit();
        } catch (SQLException e) {
            throw new IOException("could not write the demo system DB " + systemDb() + ": " + e.getMessage(), e);
        }
    }

    private static void addRun(PreparedStatement run, int id, String job, String state, LocalDateTime started,
                               LocalDateTime ended, String payload, int flags, LocalDateTime heartbeat) throws SQLException {
        run.setInt(1, id);
        run.setString(2, job);
        run.setString(3, state);
        run.setString(4, started.format(SQLITE_TIME));
        run.setString(5, ended == null ? null : ended.format(SQLITE_TIME));
        run.setString(6, payload);
        run.setInt(7, flags);
        run.setString(8, UUID.nameUUIDFromBytes(("demo run " + id).getBytes(StandardCharsets.UTF_8))
                .toString().replace("-", ""));
        run.setString(9, null);
        run.setString(10, heartbeat.format(SQLITE_TIME));
        run.addBatch();
    }

    // ---------------------------------------------------------------------------------- content

    /** The hand-written cases, one per thing that goes wrong (after the shared fixtures, rows A–I). */
    private static void fixtures(Map<String, DemoState> prod, Map<String, DemoState> staging) {
        both(prod, staging, "dev:tap-postgres-to-target-snowflake", DemoState.of(
                "{\"singer_state\": {\"currently_syncing\": null, \"bookmarks\": {"
                        + "\"public-orders\": {\"last_replication_method\": \"INCREMENTAL\", \"replication_key\": \"updated_at\", \"version\": 1717000000000, \"replication_key_value\": \"2024-06-01T09:58:12.345678+00:00\"}, "
                        + "\"public-customers\": {\"last_replication_method\": \"LOG_BASED\", \"lsn\": 2463890400, \"version\": 1716000000000, \"xmin\": null}, "
                        + "\"public-countries\": {\"last_replication_method\": \"FULL_TABLE\", \"version\": 1717200000000, \"xmin\": null}}}}",
                "{}", "2024-06-01 10:00:03.512847"));
        String github = "{\"singer_state\": {\"bookmarks\": {\"issues\": {\"partitions\": ["
                + "{\"context\": {\"org\": \"meltano\", \"repo\": \"meltano\"}, \"replication_key\": \"updated_at\", \"replication_key_value\": \"2022-09-19T07:58:00Z\"}, "
                + "{\"context\": {\"org\": \"meltano\", \"repo\": \"sdk\"}, \"replication_key\": \"updated_at\", \"replication_key_value\": \"2022-09-19T08:12:45Z\"}]}, "
                + "\"repositories\": {\"partitions\": [{\"context\": {\"org\": \"meltano\", \"repo\": \"meltano\"}}, {\"context\": {\"org\": \"meltano\", \"repo\": \"sdk\"}}]}}}, "
                + "\"error\": \"Extractor failed\"}";
        both(prod, staging, "prod:tap-github-to-target-postgres", DemoState.of("{}", github, null));
        String stripeCompleted = "{\"singer_state\": {\"bookmarks\": {"
                + "\"charges\": {\"replication_key\": \"created\", \"replication_key_value\": \"2024-05-31T23:59:58Z\"}, "
                + "\"customers\": {\"replication_key\": \"updated\", \"replication_key_value\": \"2024-05-31T22:10:00Z\"}, "
                + "\"invoices\": {\"replication_key\": \"updated\", \"replication_key_value\": \"2024-05-30T12:00:00Z\"}}}}";
        String stripePartial = "{\"singer_state\": {\"bookmarks\": {"
                + "\"invoices\": {\"replication_key\": \"updated\", \"replication_key_value\": \"2024-06-01T06:00:00Z\"}, "
                + "\"events\": {\"starting_replication_value\": \"2024-05-01T00:00:00Z\", \"replication_key_signpost\": \"2024-06-01T07:00:00+00:00\", "
                + "\"progress_markers\": {\"Note\": \"Progress is not resumable if interrupted.\", \"replication_key\": \"created\", \"replication_key_value\": \"2024-05-20T03:04:05Z\"}}}}}";
        both(prod, staging, RUNNING_ID, DemoState.of(stripeCompleted, stripePartial, "2024-06-01 07:00:01.004211"));
        both(prod, staging, "dev:tap-csv-to-target-jsonl", DemoState.of("{}", "{}", null));
        both(prod, staging, "cicd:tap-github-to-target-snowflake:feat/new-streams", DemoState.of(
                "{\"singer_state\": {\"bookmarks\": {\"pull_requests\": {\"partitions\": [{\"context\": {\"org\": \"acme\", \"repo\": \"warehouse\"}, "
                        + "\"replication_key\": \"updated_at\", \"replication_key_value\": \"2024-06-01T08:30:00Z\"}]}}}}",
                "{}", "2024-06-01 08:31:12.000100"));
        both(prod, staging, CORRUPT_ID, DemoState.corrupt(
                "{\"singer_state\": {\"bookmarks\": {\"users\": {\"replication_key\": \"updated_at\", \"replication_key_val",
                "2024-05-28 17:45:00.000000"));
        both(prod, staging, "2024-06-01T101500--tap-gitlab--target-jsonl", DemoState.of(
                "{\"singer_state\": {\"bookmarks\": {\"projects\": {\"replication_key\": \"last_activity_at\", \"replication_key_value\": \"2024-06-01T10:14:59.000Z\"}, "
                        + "\"commits\": {\"partitions\": [{\"context\": {\"project_path\": \"meltano/meltano\"}, \"replication_key\": \"created_at\", "
                        + "\"replication_key_value\": \"2024-06-01T09:41:20.000+00:00\"}]}}}}", "{}", null));
        both(prod, staging, "dev:tap-custom-to-target-jsonl", DemoState.of(
                "{\"bookmarks\": {\"store_sales\": {\"partitions\": [{\"context\": {\"city\": \"M\\u00fcnchen\"}, "
                        + "\"replication_key\": \"sold_at\", \"replication_key_value\": \"2024-06-01T00:00:00Z\"}]}}}",
                "{}", "2024-06-01 11:11:11.111111"));
        both(prod, staging, "staging:tap-hubspot-to-target-postgres", DemoState.of(
                "{\"singer_state\": {\"bookmarks\": {\"contacts\": {\"replication_key\": \"lastmodifieddate\", "
                        + "\"replication_key_value\": \"2024-05-31T18:00:00Z\"}}}}", null, null));
        // a partial that Meltano cannot merge (an object over a scalar): the run crashes before the tap starts
        both(prod, staging, "staging:tap-shopify-to-target-postgres", DemoState.of(
                "{\"singer_state\": {\"bookmarks\": {\"orders\": \"2024-05-30T00:00:00Z\", "
                        + "\"products\": {\"replication_key\": \"updated_at\", \"replication_key_value\": \"2024-05-30T04:00:00Z\"}}}}",
                "{\"singer_state\": {\"bookmarks\": {\"orders\": {\"replication_key\": \"updated_at\", "
                        + "\"replication_key_value\": \"2024-06-01T01:00:00Z\"}}}}", "2024-06-01 01:02:03.000000"));
        // an interrupted complete-mode run: progress markers and a signpost left in the completed state,
        // a stream with no bookmark value, and a value that is not a timestamp under a date-like key
        String zendesk = "{\"singer_state\": {\"bookmarks\": {"
                + "\"tickets\": {\"replication_key\": \"updated_at\", \"replication_key_value\": \"2024-05-31T23:10:00Z\", "
                + "\"replication_key_signpost\": \"2024-06-01T09:00:00+00:00\", \"starting_replication_value\": \"2024-05-31T23:10:00Z\", "
                + "\"progress_markers\": {\"Note\": \"Progress is not resumable if interrupted.\", \"replication_key\": \"updated_at\", "
                + "\"replication_key_value\": \"2024-06-01T04:41:07Z\"}}, "
                + "\"users\": {\"replication_key\": \"updated_at\", \"replication_key_value\": 1717142400}, "
                + "\"organizations\": {}, "
                + "\"groups\": {\"replication_key\": \"updated_at\", \"replication_key_value\": \"2024-05-28T12:00:00Z\"}}, "
                + "\"currently_syncing\": \"tickets\"}}";
        prod.put("prod:tap-zendesk-to-target-snowflake", DemoState.of(zendesk, "{}", "2024-06-01 09:00:00.000000"));
        staging.put("prod:tap-zendesk-to-target-snowflake", DemoState.of(zendesk.replace("2024-05-28T12:00:00Z",
                "2024-06-01T08:00:00Z"), "{}", null));
        prod.put(STALE_LOCK_ID, DemoState.of("{\"singer_state\": {\"bookmarks\": {\"Account\": {\"replication_key\": \"SystemModstamp\", "
                + "\"replication_key_value\": \"2024-05-31T22:00:00.000000Z\"}, \"Opportunity\": {\"replication_key\": \"SystemModstamp\", "
                + "\"replication_key_value\": \"2024-05-31T21:30:00.000000Z\"}}}}", "{}", "2024-05-31 22:00:07.000000"));
        staging.put(STALE_LOCK_ID, prod.get(STALE_LOCK_ID));
    }

    private static void both(Map<String, DemoState> prod, Map<String, DemoState> staging, String id, DemoState state) {
        prod.put(id, state);
        staging.put(id, state);
    }

    private static final String[][] TAPS = {
            {"tap-postgres", "public-orders", "public-order_items", "public-customers", "public-products", "public-invoices"},
            {"tap-mysql", "shop-orders", "shop-payments", "shop-refunds", "shop-users"},
            {"tap-github", "issues", "pull_requests", "commits", "releases", "stargazers"},
            {"tap-gitlab", "projects", "merge_requests", "pipelines", "issues"},
            {"tap-stripe", "charges", "customers", "invoices", "subscriptions", "events", "payouts"},
            {"tap-hubspot", "contacts", "companies", "deals", "engagements"},
            {"tap-salesforce", "Account", "Contact", "Opportunity", "Lead", "Case"},
            {"tap-shopify", "orders", "products", "customers", "inventory_items"},
            {"tap-zendesk", "tickets", "users", "organizations", "ticket_metrics"},
            {"tap-jira", "issues", "projects", "worklogs", "sprints"},
            {"tap-google-analytics", "website_overview", "traffic_sources", "pages", "devices"},
            {"tap-facebook", "ads", "adsets", "campaigns", "ads_insights"},
            {"tap-slack", "channels", "messages", "users", "threads"},
            {"tap-intercom", "conversations", "contacts", "companies"},
            {"tap-mongodb", "app-events", "app-sessions", "app-accounts"},
            {"tap-s3-csv", "exports", "ledger"},
            {"tap-linkedin-ads", "campaigns", "creatives", "ad_analytics_by_campaign"},
            {"tap-asana", "tasks", "projects", "workspaces"},
    };
    private static final String[] TARGETS = {"target-snowflake", "target-postgres", "target-bigquery", "target-jsonl",
            "target-redshift", "target-duckdb"};
    private static final String[] ENVS = {"dev", "staging", "prod"};
    private static final String[] BRANCHES = {"feat/new-streams", "fix/pagination", "chore/upgrade-sdk", "feat/incremental-deals"};

    /** A few hundred ordinary pipelines across environments, taps and targets; some branch and ephemeral IDs. */
    private static void generated(Map<String, DemoState> prod, Map<String, DemoState> staging, Random random) {
        Instant base = Instant.parse("2024-06-01T06:00:00Z");
        List<String> ids = new ArrayList<>();
        for (String[] tap : TAPS) {
            for (String target : TARGETS) {
                for (String env : ENVS) {
                    if (random.nextInt(100) < 78) {
                        ids.add(env + ":" + tap[0] + "-to-" + target);
                    }
                }
                if (random.nextInt(100) < 12) {
                    ids.add("cicd:" + tap[0] + "-to-" + target + ":" + BRANCHES[random.nextInt(BRANCHES.length)]);
                }
                if (random.nextInt(100) < 10) {
                    ids.add("2024-05-" + (20 + random.nextInt(11)) + "T" + String.format("%02d%02d%02d", random.nextInt(24),
                            random.nextInt(60), random.nextInt(60)) + "--" + tap[0] + "--" + target);
                }
            }
        }
        for (String id : ids) {
            if (prod.containsKey(id)) {
                continue;
            }
            String tapName = id.contains("--") ? id.split("--")[1] : id.substring(id.indexOf(':') + 1, id.indexOf("-to-"));
            String[] tap = tapFor(tapName);
            Instant at = base.minusSeconds(random.nextInt(86400 * 6));
            ObjectNode completed = singerState(tap, at, random);
            ObjectNode partial = Json.object();
            int roll = random.nextInt(100);
            if (roll < 6) {
                partial = singerState(new String[] {tap[0], tap[1 + random.nextInt(tap.length - 1)]}, at.plusSeconds(3600), random);
            }
            String updated = random.nextInt(100) < 15 ? null
                    : LocalDateTime.ofInstant(at.plusSeconds(120), ZoneOffset.UTC).format(SQLITE_TIME);
            DemoState state = DemoState.of(completed, partial, updated);
            prod.put(id, state);
            if (roll >= 6 && roll < 30) {
                // the file backend ran once more since: newer bookmarks
                staging.put(id, DemoState.of(singerState(tap, at.plusSeconds(7200 + random.nextInt(20000)), random),
                        Json.object(), null));
            } else if (roll < 95) {
                staging.put(id, state);
            }
        }
    }

    private static String[] tapFor(String name) {
        for (String[] tap : TAPS) {
            if (tap[0].equals(name)) {
                return tap;
            }
        }
        return TAPS[0];
    }

    private static ObjectNode singerState(String[] tap, Instant at, Random random) {
        ObjectNode root = Json.object();
        ObjectNode bookmarks = root.putObject("singer_state").putObject("bookmarks");
        for (int i = 1; i < tap.length; i++) {
            Instant value = at.minusSeconds(random.nextInt(7200));
            ObjectNode stream = bookmarks.putObject(tap[i]);
            if (tap[0].equals("tap-github") || tap[0].equals("tap-gitlab") && i == 2) {
                ArrayNode partitions = stream.putArray("partitions");
                for (String repo : new String[] {"warehouse", "dbt-project", "infra"}) {
                    ObjectNode p = partitions.addObject();
                    p.putObject("context").put("org", "acme").put("repo", repo);
                    p.put("replication_key", "updated_at");
                    p.put("replication_key_value", value.minusSeconds(random.nextInt(3600)).toString());
                }
            } else if (tap[0].equals("tap-postgres") || tap[0].equals("tap-mysql")) {
                stream.put("last_replication_method", "INCREMENTAL");
                stream.put("replication_key", "updated_at");
                stream.put("version", at.toEpochMilli() - random.nextInt(1_000_000));
                stream.put("replication_key_value", value.atOffset(ZoneOffset.UTC).toString());
            } else {
                stream.put("replication_key", tap[0].equals("tap-salesforce") ? "SystemModstamp" : "updated_at");
                stream.put("replication_key_value", value.toString());
            }
        }
        return root;
    }

    /** One state as the demo stores it: each part as stored text (null = NULL). */
    private record DemoState(String completedText, String partialText, String updatedAt) {

        static DemoState of(String completed, String partial, String updatedAt) {
            return new DemoState(normalize(completed), normalize(partial), updatedAt);
        }

        static DemoState of(JsonNode completed, JsonNode partial, String updatedAt) {
            return new DemoState(PythonJson.dumps(completed), PythonJson.dumps(partial), updatedAt);
        }

        static DemoState corrupt(String completedRaw, String updatedAt) {
            return new DemoState(completedRaw, "{}", updatedAt);
        }

        /** Re-serializes valid JSON the way Meltano writes it, so every demo byte is Python's. */
        private static String normalize(String text) {
            if (text == null) {
                return null;
            }
            try {
                return PythonJson.dumps(Json.parse(text));
            } catch (JsonSyntaxError e) {
                throw new IllegalArgumentException("demo state is not JSON: " + text, e);
            }
        }

        /** {@code state.json}: {"completed": …, "partial": …}; a corrupt part makes the whole file corrupt. */
        String stateJson() {
            try {
                ObjectNode doc = JsonNodeFactory.instance.objectNode();
                doc.set("completed", completedText == null ? NullNode.instance : Json.parse(completedText));
                doc.set("partial", partialText == null ? NullNode.instance : Json.parse(partialText));
                return PythonJson.dumps(doc);
            } catch (JsonSyntaxError e) {
                return "{\"completed\": " + completedText;
            }
        }
    }
}
