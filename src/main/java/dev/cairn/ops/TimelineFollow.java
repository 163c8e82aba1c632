package dev.cairn.ops;

import dev.cairn.backend.RunLog;
import dev.cairn.backend.RunRow;
import dev.cairn.backend.StateBackend;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * What a state's timeline gains while it is followed ({@code cairn log --follow}): rows of its job
 * in the runs table that are new or whose outcome changed (a run that started, then ended), and
 * Cairn's journalled writes of it. A look costs one small query of the runs table (no payloads) and
 * the state's change probe; the checkpoints of changed rows, and the journal, are read only when
 * those say something changed.
 */
public final class TimelineFollow {

    /** The newest rows each look compares: more than start or end between two looks of a watch. */
    static final int ROWS = 20;

    private final StateBackend backend;
    private final Journal journal;
    private final String stateId;
    private final Optional<RunLog> runs;
    /** The outcome of each recent row as last told. */
    private final Map<Long, String> outcomes = new HashMap<>();
    /** The journal entries told (each once it has ended), by ID. */
    private final Set<String> writes = new HashSet<>();
    private String stamp;
    /** A journalled write had not ended at the last look: look at the journal again, whatever the state's probe says. */
    private boolean writeUnderWay;

    /** Follows from now: what is there already counts as told. */
    public TimelineFollow(StateBackend backend, Journal journal, String stateId) {
        this.backend = backend;
        this.journal = journal;
        this.stateId = stateId;
        this.runs = backend.runs();
        runs.ifPresent(log -> log.recent(stateId, ROWS).forEach(row -> outcomes.put(row.id(), row.state())));
        stamp = backend.changeStamp(stateId);
        endedWrites();
    }

    /** What arrived since the last look, oldest first; empty when nothing did. */
    public List<Timeline.Item> next() {
        List<Timeline.Item> items = new ArrayList<>();
        runs.ifPresent(log -> newRows(log, items));
        String now = backend.changeStamp(stateId);
        if (!now.equals(stamp) || writeUnderWay) {
            stamp = now;
            endedWrites().forEach(entry -> items.add(Timeline.Item.of(entry)));
        }
        items.sort(Comparator.comparing(Timeline.Item::time, Comparator.nullsFirst(Comparator.naturalOrder())));
        return items;
    }

    /** The journalled writes of the state that have ended since the last look; notes whether one is under way. */
    private List<Journal.Entry> endedWrites() {
        List<Journal.Entry> ended = new ArrayList<>();
        writeUnderWay = false;
        for (Journal.Entry entry : journal.history(backend.displayUri(), stateId)) {
            if (entry.status() == Journal.Status.STARTED) {
                writeUnderWay = true;
            } else if (writes.add(entry.id())) {
                ended.add(entry);
            }
        }
        return ended;
    }

    /** The recent rows that are new or whose outcome changed, with what their checkpoints changed. */
    private void newRows(RunLog log, List<Timeline.Item> items) {
        List<RunRow> recent = log.recent(stateId, ROWS);
        int depth = 0;
        Set<Long> changed = new HashSet<>();
        for (int i = 0; i < recent.size(); i++) {
            RunRow row = recent.get(i);
            if (!row.state().equals(outcomes.put(row.id(), row.state()))) {
                changed.add(row.id());
                depth = i + 1;
            }
        }
        if (depth > 0) {
            Timeline.page(log, stateId, depth).stream()
                    .filter(point -> changed.contains(point.run().id()))
                    .forEach(point -> items.add(Timeline.Item.of(point)));
        }
    }
}
