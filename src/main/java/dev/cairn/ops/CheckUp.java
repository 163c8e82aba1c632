package dev.cairn.ops;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.cairn.backend.BackendException;
import dev.cairn.backend.ListedState;
import dev.cairn.backend.LockStatus;
import dev.cairn.backend.PipelinedScan;
import dev.cairn.backend.RunLog;
import dev.cairn.backend.RunRow;
import dev.cairn.backend.StateBackend;
import dev.cairn.backend.StoredState;
import dev.cairn.state.IdSpelling;
import dev.cairn.state.Json;
import dev.cairn.state.PythonJson;
import dev.cairn.state.StateHealth;
import java.text.Normalizer;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * A backend's check-up, for "is our state healthy?": every state Meltano would fail on or sync
 * from scratch, and what Meltano users trip over — partial states left pending by runs that did not
 * finish, stale locks, RUNNING rows whose heartbeat stopped, IDs {@code meltano state list} does not
 * show, IDs that differ only by case or Unicode normalisation. Each finding says, where Cairn can
 * fix it, the command that previews the fix.
 */
public final class CheckUp {

    /** How bad a finding is: a run fails or loses its place; a run may go wrong; worth knowing. */
    public enum Severity {
        ERROR, WARNING, NOTICE;

        /** As reports spell it: "error". */
        public String label() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** What a finding is about, spelled as reports and scripts use it. */
    public enum Kind {
        CORRUPT_JSON("corrupt-json"), NULL_DOCUMENT("null-document"), MERGE_ERROR("merge-error"),
        NO_SINGER_STATE("no-singer-state"), PENDING_PARTIAL("pending-partial"), STALE_LOCK("stale-lock"),
        STALE_RUN("stale-run"), HIDDEN_FROM_MELTANO("hidden-from-meltano"), LOOK_ALIKE_IDS("look-alike-ids"),
        READ_FAILED("read-failed");

        private final String label;

        Kind(String label) {
            this.label = label;
        }

        public String label() {
            return label;
        }
    }

    /** What Cairn can do about a finding (each previewed before it writes). */
    public enum Fix {
        CLEAR_PARTIAL, BREAK_STALE_LOCK;

        /** As reports spell it: "clear-partial". */
        public String label() {
            return name().toLowerCase(Locale.ROOT).replace('_', '-');
        }
    }

    /** One finding: the ID (null for a finding about several), one sentence, the fix or null. */
    public record Finding(Severity severity, Kind kind, String stateId, String message, Fix fix) { }

    /** What a check-up found, the worst first, each kind's by ID, among how many states. */
    public record Report(List<Finding> findings, int states) {

        /**
         * The report as CSV (RFC 4180), a header first: for a support ticket. {@code fixHow} says how a
         * finding's fix is made where it has one (a command line, a button).
         */
        public List<String> csvLines(Function<Finding, String> fixHow) {
            List<String> lines = new ArrayList<>();
            lines.add("severity,kind,id,message,fix");
            for (Finding f : findings) {
                lines.add(String.join(",", csv(f.severity().label()), csv(f.kind().label()), csv(f.stateId()),
                        csv(f.message()), csv(f.fix() == null ? "" : fixHow.apply(f))));
            }
            return lines;
        }

        /** The report as JSON lines, one object per finding, as Python's json.dumps writes them. */
        public List<String> jsonLines(Function<Finding, String> fixHow) {
            List<String> lines = new ArrayList<>();
            for (Finding f : findings) {
                ObjectNode o = Json.object();
                o.put("severity", f.severity().label());
                o.put("kind", f.kind().label());
                o.put("id", f.stateId());
                o.put("message", f.message());
                if (f.fix() == null) {
                    o.putNull("fix");
                } else {
                    o.put("fix", f.fix().label());
                    o.put("fix_how", fixHow.apply(f));
                }
                lines.add(PythonJson.write(o, PythonJson.Style.COMPACT));
            }
            return lines;
        }

        /** A CSV field (RFC 4180): quoted when it holds a comma, a quote or a line break. */
        private static String csv(String field) {
            if (field == null) {
                return "";
            }
            return field.matches("[^,\"\r\n]*") ? field : "\"" + field.replace("\"", "\"\"") + "\"";
        }
    }

    /**
     * @param pendingOlderThan a partial state pending for longer than this is a finding (one whose
     *                         age the backend cannot tell is one too)
     */
    public record Options(Duration pendingOlderThan) {
        public static Options defaults() {
            return new Options(Duration.ofHours(24));
        }
    }

    private final StateBackend backend;
    private final Options options;

    public CheckUp(StateBackend backend, Options options) {
        this.backend = backend;
        this.options = options;
    }

    /**
     * Checks every state. Blocking: lists the backend once, reads every state, and, where the
     * backend keeps locks of its own, finds them in one more listing.
     *
     * @param progress told of each state checked (done, total) once the listing has counted them:
     *                 from the scan's threads, one call at a time
     */
    public Report run(ProgressListener progress) {
        Instant now = Instant.now();
        // the IDs and their update times in one listing (one query, or one pass over a bucket), made
        // on a thread of its own while the states are read: only the pending partials' ages need it
        AtomicInteger total = new AtomicInteger(-1);
        FutureTask<Listing> listing = new FutureTask<>(() -> {
            Listing ids = listing();
            total.set(ids.ids().size());
            return ids;
        });
        Thread lister = new Thread(listing, "check-up-listing");
        lister.setDaemon(true);
        lister.start();
        Map<String, RunRow> running = RunLog.runningByJob(backend);
        List<Finding> found = Collections.synchronizedList(new ArrayList<>());
        Queue<String> pendingIds = new ConcurrentLinkedQueue<>();
        // each state checked as it is read, none kept: a backend's documents never all in memory at
        // once; checked on a worker per core while the backend reads on, as the window's badge scan
        // is (one after the other, reading and checking 100,000 states added up to 1.3× that scan)
        Set<String> checked = ConcurrentHashMap.newKeySet();
        AtomicLong done = new AtomicLong();
        Object told = new Object();
        PipelinedScan.readAll(backend, null, Runtime.getRuntime().availableProcessors(), stored -> {
            check(stored, found::add, pendingIds::add);
            checked.add(stored.stateId());
            synchronized (told) { // the listener hears one count at a time, each larger than the last
                long count = done.incrementAndGet();
                int listedCount = total.get();
                if (listedCount >= 0) {
                    progress.checked(count, listedCount);
                }
            }
        });
        Listing listed = listed(listing);
        for (ListedState id : listed.ids()) {
            if (!checked.contains(id.stateId())) {
                // listed but not read in bulk (a state a file backend keeps nested)
                try {
                    check(backend.read(id.stateId()), found::add, pendingIds::add);
                } catch (BackendException e) {
                    found.add(new Finding(Severity.ERROR, Kind.READ_FAILED, id.stateId(), "Reading it failed: " + e.getMessage(), null));
                }
            }
            if (!id.visibleToMeltano()) {
                found.add(new Finding(Severity.WARNING, Kind.HIDDEN_FROM_MELTANO, id.stateId(),
                        "`meltano state list` does not show it: " + id.hiddenFromMeltano() + ".", null));
            }
        }
        pendingIds.forEach(id -> pending(id, listed.updated().get(id), now, found::add));
        backend.locks(listed.ids().stream().map(ListedState::stateId).toList()).forEach((id, lock) -> checkLock(id, lock, found::add));
        running.forEach((jobName, run) -> {
            if (run.isStale(now)) {
                found.add(new Finding(Severity.WARNING, Kind.STALE_RUN, jobName, "The runs table has a RUNNING row whose"
                        + " pipeline looks dead: " + run.describeRunning(now) + ".", null));
            }
        });
        lookAlikes(listed.ids(), found::add);
        found.sort(Comparator.comparing(Finding::severity).thenComparing(Finding::kind)
                .thenComparing(f -> f.stateId() == null ? "" : f.stateId()));
        return new Report(List.copyOf(found), listed.ids().size());
    }

    /** The backend's IDs, and the update times of those whose time it keeps. */
    private record Listing(List<ListedState> ids, Map<String, Instant> updated) { }

    private Listing listing() {
        List<ListedState> ids = new ArrayList<>();
        Map<String, Instant> updated = new HashMap<>();
        backend.listWithTimes(null, (id, at) -> {
            ids.add(id);
            if (at != null) {
                updated.put(id.stateId(), at);
            }
        });
        return new Listing(ids, updated);
    }

    /** The listing once made, or its failure as the listing's own exception. */
    private static Listing listed(FutureTask<Listing> listing) {
        try {
            return listing.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new BackendException("the check-up was interrupted while the backend was listed", e);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException failure) {
                throw failure;
            }
            throw new IllegalStateException(e.getCause());
        }
    }

    /** Told of each state checked, for a progress line or bar. */
    @FunctionalInterface
    public interface ProgressListener {
        void checked(long done, long total);
    }

    /** Finds what is wrong with one state; the ID of a pending partial goes to {@code pending}, to be aged once listed. */
    private static void check(StoredState stored, Consumer<Finding> sink, Consumer<String> pending) {
        if (!stored.exists()) {
            return;
        }
        String id = stored.stateId();
        StateHealth health = StateHealth.of(stored.document());
        switch (health) {
            case CORRUPT_JSON -> sink.accept(new Finding(Severity.ERROR, Kind.CORRUPT_JSON, id,
                    "A document is not valid JSON: Meltano's next run of it fails before the tap starts.", null));
            case NULL_DOCUMENT -> sink.accept(new Finding(Severity.ERROR, Kind.NULL_DOCUMENT, id,
                    "A document is NULL: Meltano's next run of it fails before the tap starts.", null));
            case MERGE_ERROR -> sink.accept(new Finding(Severity.ERROR, Kind.MERGE_ERROR, id,
                    "The partial state cannot be merged onto the completed one: Meltano's next run of it fails.", Fix.CLEAR_PARTIAL));
            case NO_SINGER_STATE -> sink.accept(new Finding(Severity.WARNING, Kind.NO_SINGER_STATE, id,
                    "It has no singer_state: the tap gets no state and syncs every stream from scratch.", null));
            default -> { }
        }
        if (health != StateHealth.CORRUPT_JSON && health != StateHealth.MERGE_ERROR && stored.document().hasPendingPartial()) {
            pending.accept(id);
        }
    }

    /** A partial state left by a run that did not finish, once it has been pending for longer than the options allow. */
    private void pending(String id, Instant since, Instant now, Consumer<Finding> sink) {
        if (since != null && Duration.between(since, now).compareTo(options.pendingOlderThan()) <= 0) {
            return;
        }
        String age = since == null ? "for an unknown time (the backend keeps no update time of it)"
                : "since " + since + " (" + hours(Duration.between(since, now)) + ")";
        sink.accept(new Finding(Severity.WARNING, Kind.PENDING_PARTIAL, id, "A partial state has been pending " + age
                + ": a run did not finish, and the next one starts from its checkpoints.", Fix.CLEAR_PARTIAL));
    }

    private static String hours(Duration d) {
        long hours = d.toHours();
        return hours < 48 ? hours + " h" : d.toDays() + " days";
    }

    private static void checkLock(String id, LockStatus lock, Consumer<Finding> sink) {
        if (lock.state() == LockStatus.State.STALE) {
            sink.accept(new Finding(Severity.WARNING, Kind.STALE_LOCK, id, "Meltano's lock on it is stale"
                    + (lock.since() == null ? "" : " (since " + lock.since() + ")")
                    + ": a pipeline that died left it; Meltano's next write breaks it.", Fix.BREAK_STALE_LOCK));
        }
    }

    /** IDs that differ only by case or Unicode normalisation: one pipeline's state under two spellings, most often. */
    private static void lookAlikes(List<ListedState> listed, Consumer<Finding> sink) {
        Map<String, List<String>> byFolded = new LinkedHashMap<>();
        for (ListedState id : listed) {
            String folded = Normalizer.normalize(id.stateId(), Normalizer.Form.NFKC).toLowerCase(Locale.ROOT);
            byFolded.computeIfAbsent(folded, k -> new ArrayList<>()).add(id.stateId());
        }
        for (List<String> ids : byFolded.values()) {
            if (ids.size() > 1) {
                for (String id : ids) {
                    List<String> others = new ArrayList<>(ids);
                    others.remove(id);
                    sink.accept(new Finding(Severity.WARNING, Kind.LOOK_ALIKE_IDS, id, "It differs from "
                            + String.join(", ", others.stream().map(IdSpelling::escaped).toList())
                            + " only by case or Unicode normalisation (" + IdSpelling.escaped(id) + "): two states where one pipeline"
                            + " may expect one.", null));
                }
            }
        }
    }
}
