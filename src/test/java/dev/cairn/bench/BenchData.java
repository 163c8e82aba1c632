package dev.cairn.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.cairn.state.Json;
import dev.cairn.state.PythonJson;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;

/**
 * The benchmark's data, the same for a seed on every run: many states shaped like a real Meltano
 * deployment's, and single big states shaped like tap-github's.
 *
 * <p>Many states: IDs {@code env:tap-x-to-target-y[:suffix]} across environments, popular taps far
 * more often than rare ones, 1–200 streams each (most pipelines have few, a few have very many;
 * about 1.5 KB of state per ID on average),
 * Singer SDK bookmarks with and without partitions and legacy flat bookmarks, some pending partial
 * states, some partial-only rows (what Meltano's migration leaves), a few empty or NULL documents
 * and a few rows of truncated JSON.
 */
public final class BenchData {

    /** One stored state as Meltano keeps it in the system database: the two column texts. */
    public record Row(String stateId, String completed, String partial) {}

    /** A big state: its completed document, and a partial checkpoint that changes ~1 % of it. */
    record BigState(String completedText, String partialText) {
        double megabytes() {
            return completedText.length() / 1e6;
        }
    }

    private static final String[] ENVS = {"prod", "staging", "dev", "qa", "ci", "sandbox", "perf", "eu-prod"};
    private static final String[] TAPS = {"tap-github", "tap-postgres", "tap-salesforce", "tap-hubspot", "tap-stripe",
        "tap-mysql", "tap-google-analytics", "tap-shopify", "tap-zendesk", "tap-jira", "tap-gitlab", "tap-slack",
        "tap-facebook", "tap-snowflake", "tap-mongodb", "tap-s3-csv", "tap-intercom", "tap-asana", "tap-linkedin-ads",
        "tap-marketo", "tap-netsuite", "tap-quickbooks", "tap-klaviyo", "tap-mailchimp", "tap-pendo"};
    private static final String[] TARGETS = {"target-postgres", "target-snowflake", "target-bigquery", "target-jsonl",
        "target-redshift", "target-duckdb", "target-s3-parquet", "target-databricks"};
    private static final String[] STREAMS = {"issues", "pull_requests", "commits", "issue_comments", "reviews",
        "releases", "stargazers", "workflow_runs", "deployments", "events", "accounts", "contacts", "orders", "invoices",
        "customers", "tickets", "users", "projects", "campaigns", "subscriptions", "charges", "refunds", "payouts"};
    private static final Instant EPOCH = Instant.parse("2023-01-01T00:00:00Z");

    private BenchData() {}

    /** The IDs of {@link #states} with the same arguments, without generating their states. */
    static List<String> stateIds(long seed, int count) {
        Random random = new Random(seed);
        Set<String> ids = new LinkedHashSet<>(count * 2);
        while (ids.size() < count) {
            ids.add(stateId(random, ids.size()));
        }
        return new ArrayList<>(ids);
    }

    /** {@code count} distinct state IDs with their stored texts, in a deterministic order. */
    static List<Row> states(long seed, int count) {
        Random random = new Random(seed);
        Set<String> ids = new LinkedHashSet<>(count * 2);
        while (ids.size() < count) {
            ids.add(stateId(random, ids.size()));
        }
        List<Row> rows = new ArrayList<>(count);
        for (String id : ids) {
            rows.add(row(random, id));
        }
        return rows;
    }

    private static String stateId(Random random, int n) {
        String env = ENVS[skewed(random, ENVS.length)];
        String tap = TAPS[skewed(random, TAPS.length)];
        String target = TARGETS[skewed(random, TARGETS.length)];
        String id = env + ":" + tap + "-to-" + target;
        // the state_id_suffix many teams add per tenant or schedule
        double kind = random.nextDouble();
        if (kind < 0.6) {
            id += ":tenant-" + random.nextInt(Math.max(50, n / 2 + 1));
        } else if (kind < 0.8) {
            id += ":shard-" + random.nextInt(1000);
        } else if (kind < 0.85) {
            id = env + ":" + tap + "--" + "inline-" + random.nextInt(5000) + "-to-" + target;
        }
        return id;
    }

    /** Index into n choices, the first ones far more likely. */
    private static int skewed(Random random, int n) {
        double u = random.nextDouble();
        return Math.min(n - 1, (int) (n * u * u * u));
    }

    private static Row row(Random random, String id) {
        double kind = random.nextDouble();
        if (kind < 0.0005) {
            // truncated JSON: a write that died half way (Meltano fails on it)
            String whole = PythonJson.dumps(singerState(random, 1 + random.nextInt(5)));
            return new Row(id, whole.substring(0, whole.length() / 2), "{}");
        }
        if (kind < 0.001) {
            return new Row(id, PythonJson.dumps(singerState(random, 2)), null);
        }
        if (kind < 0.006) {
            return new Row(id, "{}", "{}");
        }
        ObjectNode completed = singerState(random, streamCount(random));
        if (kind < 0.03) {
            // partial-only: what Meltano's migration leaves for runs that never completed
            return new Row(id, "{}", PythonJson.dumps(completed));
        }
        if (kind < 0.035) {
            completed.remove("singer_state");
            completed.put("error", "singer_state not found in state file");
            return new Row(id, PythonJson.dumps(completed), "{}");
        }
        String partial = "{}";
        if (kind < 0.12) {
            ObjectNode checkpoint = completed.deepCopy();
            touch(random, checkpoint, 0.3);
            partial = PythonJson.dumps(checkpoint);
        }
        return new Row(id, PythonJson.dumps(completed), partial);
    }

    private static int streamCount(Random random) {
        // most pipelines sync a handful of streams; one in a few hundred syncs 100 or more
        double u = random.nextDouble();
        return 1 + (int) (199 * Math.pow(u, 24));
    }

    /** {"singer_state": {"bookmarks": …}} with {@code streams} streams in SDK or legacy form. */
    private static ObjectNode singerState(Random random, int streams) {
        ObjectNode root = Json.object();
        ObjectNode singer = root.putObject("singer_state");
        ObjectNode bookmarks = singer.putObject("bookmarks");
        boolean legacy = random.nextDouble() < 0.2;
        for (int s = 0; s < streams; s++) {
            String name = STREAMS[s % STREAMS.length] + (s < STREAMS.length ? "" : "_" + s / STREAMS.length);
            if (legacy) {
                bookmarks.putObject(name).put("updated_at", timestamp(random));
                continue;
            }
            ObjectNode stream = bookmarks.putObject(name);
            if (random.nextDouble() < 0.05) {
                ArrayNode partitions = stream.putArray("partitions");
                int n = 2 + random.nextInt(20);
                for (int p = 0; p < n; p++) {
                    ObjectNode item = partitions.addObject();
                    item.putObject("context").put("org", "acme").put("repo", "repo-" + p);
                    item.put("replication_key", "updated_at");
                    item.put("replication_key_value", timestamp(random));
                }
            } else if (random.nextDouble() < 0.2) {
                stream.put("replication_key", "id");
                stream.put("replication_key_value", random.nextInt(50_000_000));
            } else {
                stream.put("replication_key", "updated_at");
                stream.put("replication_key_value", timestamp(random));
                if (random.nextDouble() < 0.1) {
                    stream.putObject("progress_markers").put("Note", "Progress is not resumable if interrupted.")
                            .put("replication_key", "updated_at").put("replication_key_value", timestamp(random));
                }
            }
        }
        if (random.nextDouble() < 0.05) {
            singer.put("currently_syncing", STREAMS[random.nextInt(STREAMS.length)]);
        }
        return root;
    }

    private static String timestamp(Random random) {
        return EPOCH.plus(random.nextInt(60 * 24 * 700), ChronoUnit.MINUTES).toString();
    }

    /** Moves a share of the replication key values on, as a later checkpoint does. */
    private static int touch(Random random, JsonNode node, double share) {
        int touched = 0;
        if (node.isObject()) {
            ObjectNode object = (ObjectNode) node;
            JsonNode value = object.get("replication_key_value");
            if (value != null && random.nextDouble() < share) {
                if (value.isTextual()) {
                    object.put("replication_key_value",
                            Instant.parse(value.textValue()).plus(1 + random.nextInt(900), ChronoUnit.MINUTES).toString());
                } else {
                    object.put("replication_key_value", value.asLong() + 1 + random.nextInt(1000));
                }
                touched++;
            }
            for (JsonNode child : node) {
                touched += touch(random, child, share);
            }
        } else if (node.isArray()) {
            for (JsonNode child : node) {
                touched += touch(random, child, share);
            }
        }
        return touched;
    }

    /**
     * A tap-github-style state of about {@code megabytes} (as Meltano stores it): a few streams, each
     * with an SDK partition per repository — tens of thousands of partitions — and a partial
     * checkpoint moving ~1 % of the bookmarks on, with a few new repositories.
     */
    static BigState bigState(long seed, double megabytes) {
        Random random = new Random(seed);
        // each partition is ~170 bytes as stored
        int partitionCount = Math.max(4, (int) (megabytes * 1e6 / 175));
        String[] streams = {"issues", "pull_requests", "issue_comments", "commits", "reviews", "workflow_runs"};
        String[] orgs = {"meltano", "acme-corp", "dagster-io", "dlt-hub", "apache", "kubernetes", "python", "rust-lang"};
        ObjectNode completed = Json.object();
        ObjectNode singer = completed.putObject("singer_state");
        ObjectNode bookmarks = singer.putObject("bookmarks");
        for (int s = 0; s < streams.length; s++) {
            ObjectNode stream = bookmarks.putObject(streams[s]);
            ArrayNode partitions = stream.putArray("partitions");
            int n = partitionCount / streams.length;
            for (int p = 0; p < n; p++) {
                ObjectNode item = partitions.addObject();
                ObjectNode context = item.putObject("context");
                context.put("org", orgs[p % orgs.length]);
                context.put("repo", "repo-" + Integer.toString(p * 7919 % 1_000_003, 36) + "-" + p);
                if (s == 3) {
                    context.put("branch", p % 3 == 0 ? "main" : "release/" + (p % 17));
                }
                item.put("replication_key", s == 3 ? "commit_timestamp" : "updated_at");
                item.put("replication_key_value", timestamp(random));
                if (p % 11 == 0) {
                    item.put("replication_key_signpost", timestamp(random));
                    item.put("starting_replication_value", timestamp(random));
                }
                if (p % 29 == 0) {
                    item.putObject("progress_markers").put("Note", "Progress is not resumable if interrupted.")
                            .put("replication_key", "updated_at").put("replication_key_value", timestamp(random))
                            .put("records_seen", random.nextInt(100_000)).put("ratio", random.nextDouble());
                }
            }
        }
        bookmarks.putObject("repositories").put("replication_key", "updated_at").put("replication_key_value", timestamp(random));
        singer.put("currently_syncing", "issue_comments");
        ObjectNode partial = completed.deepCopy();
        touch(random, partial, 0.01);
        ArrayNode issues = (ArrayNode) partial.get("singer_state").get("bookmarks").get("issues").get("partitions");
        for (int p = 0; p < 3; p++) {
            ObjectNode item = issues.addObject();
            item.putObject("context").put("org", "new-org").put("repo", "new-repo-" + p);
            item.put("replication_key", "updated_at");
            item.put("replication_key_value", timestamp(random));
        }
        ((ObjectNode) partial.get("singer_state")).put("currently_syncing", "commits");
        return new BigState(PythonJson.dumps(completed), PythonJson.dumps(partial));
    }
}
