package dev.cairn.ui.browse;

import dev.cairn.backend.LockStatus;
import dev.cairn.backend.PipelinedScan;
import dev.cairn.backend.RunLog;
import dev.cairn.backend.RunRow;
import dev.cairn.backend.StateBackend;
import dev.cairn.state.IdSpelling;
import dev.cairn.ui.Selection;
import dev.cairn.ui.Texts;
import dev.cairn.ui.task.BackgroundTask;
import dev.cairn.ui.task.TaskContext;
import dev.cairn.ui.task.TaskExecutor;
import dev.cairn.ui.task.TaskSlot;
import dev.cairn.ui.task.UserError;
import java.time.Instant;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Collections;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.function.Predicate;
import java.util.stream.IntStream;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleIntegerProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.beans.value.ChangeListener;
import javafx.beans.value.ObservableValue;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The state IDs of one backend: listing, filtering (substring or Meltano pattern, and by badge),
 * badge counts and the selection. Listing and the health scan run as background tasks; filtering
 * runs on the UI thread, helped by the other cores, because it is fast (under 16 ms for 100,000
 * IDs: the bench's {@code filter-100k}).
 */
public final class StateListViewModel {

    /** How many states the scan reads before it tells the UI to repaint badges. */
    private static final int PUBLISH_EVERY = 500;
    private static final int SCAN_WORKERS = Runtime.getRuntime().availableProcessors();
    /** IDs per piece of a filter pass (a multiple of 64, a word of the result's bits). */
    private static final int FILTER_PIECE = 1 << 14;
    /**
     * How many IDs the list shows as soon as they are listed, before the rest are listed and all
     * sorted: PostgreSQL's first fetch, many screens' worth.
     */
    public static final int FIRST_SCREEN = 1000;

    private final ChangeListener<Selection> selectionRead = (o, was, now) -> reread(now);
    /** The selection whose reads the badges take, until the list closes. */
    private ObservableValue<Selection> followed;
    private final StateBackend backend;
    private final TaskExecutor executor;
    private final boolean scanLocks;
    private final TaskSlot lister;
    private final TaskSlot scanning;

    /** The IDs in the backend's order, and in natural order (sorted off the FX thread when listed). */
    private List<StateIdEntry> all = List.of();
    private List<StateIdEntry> natural = List.of();
    /** Each listed ID's place in {@link #natural}, by its place in {@link #all}. */
    private int[] naturalRank = new int[0];
    /** The IDs newest update first with their ranks, once the times are read (until then, and in other orders, null: natural order shown). */
    private UpdateTimes.Order recent;
    private final UpdateTimes updateTimes;
    private final ObjectProperty<IdOrder> order = new SimpleObjectProperty<>(this, "order", IdOrder.NATURAL);
    private final VisibleIds visible = new VisibleIds();
    private final StringProperty filterText = new SimpleStringProperty(this, "filterText", "");
    private final ObjectProperty<Badge> badgeFilter = new SimpleObjectProperty<>(this, "badgeFilter");
    private final ObjectProperty<StateIdEntry> selected = new SimpleObjectProperty<>(this, "selected");
    private final ObservableList<StateIdEntry> chosen = FXCollections.observableArrayList();
    private final ReadOnlyObjectWrapper<Map<Badge, Integer>> counts = new ReadOnlyObjectWrapper<>(this, "counts", Map.of());
    private final IntegerProperty badgeRevision = new SimpleIntegerProperty(this, "badgeRevision");
    private final BooleanProperty loading = new SimpleBooleanProperty(this, "loading");
    private final ObjectProperty<UserError> error = new SimpleObjectProperty<>(this, "error");
    private final ReadOnlyStringWrapper placeholder = new ReadOnlyStringWrapper(this, "placeholder", "");
    private Listing listing = Listing.LISTING;
    /** Whether the IDs shown are only the first {@link #FIRST_SCREEN} listed, the listing still going on. */
    private boolean firstScreen;
    private IdFilter lastFilter;
    /** The places in {@link #all} of the IDs {@link #lastFilter} let through; null: all of them. */
    private BitSet lastKept;

    /**
     * @param scanLocks whether the scan asks the lock of every ID, in one listing of the lock files
     *                  (cheap on local backends; on object stores another listing of the bucket,
     *                  so there only the selected ID's lock is asked)
     */
    public StateListViewModel(StateBackend backend, TaskExecutor executor, boolean scanLocks) {
        this.backend = backend;
        this.executor = executor;
        this.scanLocks = scanLocks;
        this.lister = new TaskSlot(executor);
        this.scanning = new TaskSlot(executor);
        this.updateTimes = new UpdateTimes(backend, executor);
        filterText.addListener((obs, old, now) -> applyFilter(false));
        badgeFilter.addListener((obs, old, now) -> {
            lastFilter = null;
            applyFilter(false);
        });
        order.addListener((obs, old, now) -> {
            if (now == IdOrder.RECENT) {
                sortByUpdateTime(old);
            } else {
                updateTimes.cancel();
                recent = null;
            }
            lastFilter = null;
            applyFilter(true);
        });
    }

    /** The order of the list: natural (the default), the backend's, or the most recently updated first. */
    public ObjectProperty<IdOrder> orderProperty() {
        return order;
    }

    /** Why {@link IdOrder#RECENT} cannot be had on this backend (no times kept, or reading them failed), or null. */
    public ReadOnlyStringProperty recentUnavailableProperty() {
        return updateTimes.unavailableProperty();
    }

    /** What a row's tooltip says of the ID's last update while the list is in {@link IdOrder#RECENT} order, else null. */
    public String updateTimeText(StateIdEntry entry) {
        return order.get() == IdOrder.RECENT && recent != null ? updateTimes.describe(entry.stateId()) : null;
    }

    /** Reads the update times and applies the order when they arrive; a failed or cancelled read goes back to {@code fallback}. */
    private void sortByUpdateTime(IdOrder fallback) {
        updateTimes.sort(all, natural, sorted -> {
            recent = sorted;
            lastFilter = null;
            applyFilter(true);
        }, () -> order.set(fallback == null || fallback == IdOrder.RECENT ? IdOrder.NATURAL : fallback));
    }

    private List<StateIdEntry> ordered() {
        return switch (order.get()) {
            case BACKEND -> all;
            case NATURAL -> natural;
            case RECENT -> recent == null ? natural : recent.entries();
        };
    }

    public StateBackend backend() {
        return backend;
    }

    public ObservableList<StateIdEntry> visible() {
        return visible;
    }

    public StringProperty filterTextProperty() {
        return filterText;
    }

    public ObjectProperty<Badge> badgeFilterProperty() {
        return badgeFilter;
    }

    public ObjectProperty<StateIdEntry> selectedProperty() {
        return selected;
    }

    /**
     * The entries selected in the list (several with Shift or Ctrl), the {@link #selectedProperty}
     * among them: what actions on several IDs (Rewind…) work on.
     */
    public ObservableList<StateIdEntry> chosen() {
        return chosen;
    }

    public ReadOnlyObjectProperty<Map<Badge, Integer>> countsProperty() {
        return counts.getReadOnlyProperty();
    }

    /** Changes whenever badges changed, so list cells repaint. */
    public ReadOnlyIntegerProperty badgeRevisionProperty() {
        return badgeRevision;
    }

    public ReadOnlyBooleanProperty loadingProperty() {
        return loading;
    }

    public ObjectProperty<UserError> errorProperty() {
        return error;
    }

    /** What the list says when it shows no ID: always about this backend, and how to get out of it. */
    public ReadOnlyStringProperty placeholderProperty() {
        return placeholder.getReadOnlyProperty();
    }

    public int totalCount() {
        return all.size();
    }

    /** How many IDs are shown of how many listed, saying so while those are only the first listed; changes with {@link #visible}. */
    public String countText() {
        return Texts.get(firstScreen ? "list.count.soFar" : "list.count", visible.size(), all.size());
    }

    /** Lists the IDs again, then reads every state in the background to fill in the badges. */
    public void refresh() {
        scanning.cancel();
        loading.set(true);
        error.set(null);
        listed(Listing.LISTING);
        long token = lister.nextToken();
        lister.run(BackgroundTask.of(Texts.get("list.task", backend.displayUri()), context -> {
                    List<StateIdEntry> entries = list(context, first -> lister.publish(token, () -> showFirst(first)));
                    markLookAlikes(entries);
                    return new Listed(entries, NaturalSort.order(entries));
                }).lane(backend),
                listed -> {
                    loading.set(false);
                    setEntries(listed.entries(), listed.natural());
                    scan(listed.entries());
                },
                failure -> {
                    loading.set(false);
                    error.set(failure);
                    dropFirstScreen();
                    listed(Listing.FAILED);
                },
                () -> {
                    loading.set(false);
                    dropFirstScreen();
                    listed(Listing.CANCELLED);
                });
    }

    /** How far listing got, for the placeholder. */
    private enum Listing { LISTING, LISTED, FAILED, CANCELLED }

    private void listed(Listing now) {
        listing = now;
        updatePlaceholder();
    }

    private void updatePlaceholder() {
        String uri = backend.displayUri();
        placeholder.set(switch (listing) {
            case LISTING -> Texts.get("list.listing", uri);
            case FAILED -> Texts.get("list.failed", uri);
            case CANCELLED -> Texts.get("list.cancelled", uri);
            case LISTED -> all.isEmpty() ? Texts.get("list.empty", uri)
                    : badgeFilter.get() == null ? Texts.get("list.noMatch", uri)
                    : Texts.get(filterText.get().isBlank() ? "list.noneWithBadge" : "list.noneWithBadgeAndFilter", uri,
                            badgeFilter.get().label());
        });
    }

    /** Lists every ID; the first {@link #FIRST_SCREEN} go to {@code onFirstScreen} as soon as they are listed, in their natural order. */
    private List<StateIdEntry> list(TaskContext context, Consumer<Listed> onFirstScreen) {
        List<StateIdEntry> entries = new ArrayList<>();
        backend.list(null, listed -> {
            context.checkCancelled();
            entries.add(new StateIdEntry(listed));
            if (entries.size() == FIRST_SCREEN) {
                List<StateIdEntry> first = List.copyOf(entries);
                onFirstScreen.accept(new Listed(first, NaturalSort.order(first)));
            }
            if (entries.size() % 1000 == 0) {
                context.message(entries.size() + " IDs listed");
            }
        });
        return entries;
    }

    /** Tells each ID that prints like another (the same letters in another Unicode spelling) which ones. */
    private static void markLookAlikes(List<StateIdEntry> entries) {
        Map<String, List<String>> twins = IdSpelling.normalisationTwins(entries.stream().map(StateIdEntry::stateId).toList());
        if (!twins.isEmpty()) {
            entries.forEach(entry -> entry.sameLettersAs(twins.getOrDefault(entry.stateId(), List.of())));
        }
    }

    /** IDs as listed, and the indices of their natural order. */
    private record Listed(List<StateIdEntry> entries, int[] natural) { }

    /** Replaces the listed IDs (also used by tests and benchmarks that build entries directly). */
    public void setEntries(List<StateIdEntry> entries) {
        setEntries(entries, NaturalSort.order(entries));
    }

    private void setEntries(List<StateIdEntry> entries, int[] naturalOrder) {
        String keep = selected.get() == null ? null : selected.get().stateId();
        listing = Listing.LISTED;
        show(entries, naturalOrder, false);
        if (order.get() == IdOrder.RECENT) {
            // listed anew: their times too (a write since changed some), in natural order meanwhile
            sortByUpdateTime(IdOrder.NATURAL);
        }
        if (keep != null) {
            // the same ID, listed anew: the selection moves to its new entry
            visible.stream().filter(e -> e.stateId().equals(keep)).findFirst().ifPresent(selected::set);
        }
    }

    /**
     * Shows the first IDs listed, sorted among themselves, while the rest are listed and all of
     * them sorted: the whole list in natural order then only adds rows between these. A list
     * already shown (listed anew after a write) stays until the whole new one is sorted, and a
     * listing cancelled from the status bar meanwhile shows nothing of itself.
     */
    private void showFirst(Listed first) {
        if (!all.isEmpty() || listing != Listing.LISTING) {
            return;
        }
        updateTimes.cancel(); // the times are read for the whole list (in natural order meanwhile)
        show(first.entries(), first.natural(), true);
    }

    /** After a listing that failed or was cancelled, no part of it stays shown as if it were the whole. */
    private void dropFirstScreen() {
        if (firstScreen) {
            show(List.of(), new int[0], false);
        }
    }

    /** Shows these entries, with the indices of their natural order; the update-time order waits for their times to be read. */
    private void show(List<StateIdEntry> entries, int[] naturalOrder, boolean onlyTheFirst) {
        all = List.copyOf(entries);
        StateIdEntry[] inNaturalOrder = new StateIdEntry[naturalOrder.length];
        naturalRank = new int[naturalOrder.length];
        for (int i = 0; i < naturalOrder.length; i++) {
            inNaturalOrder[i] = all.get(naturalOrder[i]);
            naturalRank[naturalOrder[i]] = i;
        }
        natural = List.of(inNaturalOrder);
        recent = null;
        firstScreen = onlyTheFirst;
        lastFilter = null;
        applyFilter(true);
        recount();
    }

    private void scan(List<StateIdEntry> entries) {
        AtomicBoolean publishPending = new AtomicBoolean();
        Runnable publish = () -> {
            if (publishPending.compareAndSet(false, true)) {
                executor.uiThread().execute(() -> {
                    publishPending.set(false);
                    badgesChanged();
                });
            }
        };
        scanning.run(BackgroundTask.<Integer>of(Texts.get("list.scan.task", backend.displayUri()), context -> {
            // the pipelines running now first: one query without payloads, shown before the states are read
            Map<String, RunRow> running = RunLog.runningByJob(backend);
            Instant now = Instant.now();
            entries.forEach(entry -> entry.updateRunning(running.get(entry.stateId()), now));
            if (scanLocks) {
                // every lock in one listing of the lock files (a system DB has none besides its running jobs)
                Map<String, LockStatus> locks = backend.locks(entries.stream().map(StateIdEntry::stateId).toList());
                entries.forEach(entry -> entry.updateLock(locks.get(entry.stateId())));
            }
            if (!running.isEmpty() || scanLocks) {
                publish.run();
            }
            Map<String, StateIdEntry> byId = new HashMap<>(entries.size() * 2); // built here: off the UI thread
            entries.forEach(e -> byId.put(e.stateId(), e));
            AtomicInteger done = new AtomicInteger();
            // the states are checked on one worker per core while the backend reads on
            PipelinedScan.readAll(backend, null, SCAN_WORKERS, stored -> {
                context.checkCancelled();
                StateIdEntry entry = byId.get(stored.stateId());
                if (entry != null) {
                    entry.update(stored);
                }
                int count = done.incrementAndGet();
                if (count % PUBLISH_EVERY == 0) {
                    context.progress(count, entries.size());
                    publish.run();
                }
            });
            // IDs that listing found but reading in bulk did not return (e.g. nested in a file backend)
            for (StateIdEntry entry : entries) {
                context.checkCancelled();
                if (entry.health() == Badge.UNREAD) {
                    try {
                        entry.update(backend.read(entry.stateId()));
                    } catch (RuntimeException e) {
                        entry.readFailed();
                    }
                }
            }
            return done.get();
        }).lane(backend), count -> badgesChanged(), failure -> {
            error.set(failure);
            badgesChanged();
        }, this::badgesChanged);
    }

    /** Repaints badges and counts after entries changed (scan progress, a re-read of one ID). */
    private void badgesChanged() {
        recount();
        badgeRevision.set(badgeRevision.get() + 1);
        if (badgeFilter.get() != null) {
            lastFilter = null;
            applyFilter(true);
        }
    }

    private void recount() {
        Badge[] badges = Badge.values();
        int[] tally = new int[badges.length];
        for (StateIdEntry entry : all) {
            for (int bits = entry.badgeBits(); bits != 0; bits &= bits - 1) {
                tally[Integer.numberOfTrailingZeros(bits)]++;
            }
        }
        EnumMap<Badge, Integer> map = new EnumMap<>(Badge.class);
        for (Badge badge : badges) {
            if (tally[badge.ordinal()] > 0) {
                map.put(badge, tally[badge.ordinal()]);
            }
        }
        counts.set(Collections.unmodifiableMap(map));
    }

    /**
     * Shows the IDs the filters let through. Badges change under the user's feet (the scan, a
     * write, a re-read), so on such a change ({@code keepSelected}) the selected ID stays listed
     * under a badge filter it no longer matches; a filter the user changes applies to it too. A
     * selection that is not listed any more is cleared: the inspector shows only what the list
     * shows selected.
     */
    private void applyFilter(boolean keepSelected) {
        IdFilter filter = IdFilter.of(filterText.get());
        Badge badge = badgeFilter.get();
        String selectedId = selected.get() == null ? null : selected.get().stateId();
        List<StateIdEntry> result;
        boolean selectedListed;
        if (filter.isEmpty() && badge == null) {
            result = ordered();
            selectedListed = selectedId != null && all.stream().anyMatch(e -> e.stateId().equals(selectedId));
            lastKept = null;
        } else {
            boolean[] selectedKept = {false};
            Predicate<StateIdEntry> keep = entry -> {
                if (!filter.matches(entry)) {
                    return false;
                }
                boolean isSelected = selectedId != null && entry.stateId().equals(selectedId);
                if (badge == null || entry.has(badge) || (keepSelected && isSelected)) {
                    if (isSelected) { // one entry at most: one thread of the filter's writes it
                        selectedKept[0] = true;
                    }
                    return true;
                }
                return false;
            };
            BitSet kept = kept(filter.narrows(lastFilter) ? lastKept : null, keep);
            result = inOrder(kept);
            selectedListed = selectedKept[0];
            lastKept = kept;
        }
        lastFilter = badge == null ? filter : null;
        visible.show(result);
        updatePlaceholder();
        if (selectedId != null && !selectedListed) {
            selected.set(null);
        }
    }

    /**
     * The places in {@link #all} of the entries {@code keep} accepts, of those at {@code candidates}
     * (null: all). Entries are tested in listing order whatever the list's order, as their objects
     * were created and so lie in memory: visiting 100,000 of them in natural order, a cache miss at
     * nearly each one, took four times as long. Long lists are tested in pieces on every core, the
     * UI thread taking its share: a pattern tried on each of 100,000 IDs takes 9 ms on one core here.
     */
    private BitSet kept(BitSet candidates, Predicate<StateIdEntry> keep) {
        List<StateIdEntry> entries = all;
        int n = entries.size();
        BitSet among = candidates != null ? candidates : firstOnes(n);
        long[] words = new long[(n + 63) >>> 6];
        int pieces = (n + FILTER_PIECE - 1) / FILTER_PIECE;
        IntStream each = IntStream.range(0, pieces);
        (pieces > 1 ? each.parallel() : each).forEach(piece -> {
            // a piece starts at a multiple of 64: it writes only its own words
            int from = piece * FILTER_PIECE;
            int to = Math.min(n, from + FILTER_PIECE);
            for (int i = among.nextSetBit(from); i >= 0 && i < to; i = among.nextSetBit(i + 1)) {
                if (keep.test(entries.get(i))) {
                    words[i >>> 6] |= 1L << i;
                }
            }
        });
        return BitSet.valueOf(words);
    }

    private static BitSet firstOnes(int n) {
        BitSet bits = new BitSet(n);
        bits.set(0, n);
        return bits;
    }

    /** The entries at these places in {@link #all}, in the list's order. */
    private List<StateIdEntry> inOrder(BitSet kept) {
        if (kept.cardinality() == all.size()) { // a first letter most IDs contain
            return ordered();
        }
        int[] rank = switch (order.get()) {
            case NATURAL -> naturalRank;
            case RECENT -> recent == null ? naturalRank : recent.rank();
            case BACKEND -> null; // the listing order itself
        };
        BitSet places = kept;
        if (rank != null) {
            places = new BitSet(rank.length);
            for (int i = kept.nextSetBit(0); i >= 0; i = kept.nextSetBit(i + 1)) {
                places.set(rank[i]);
            }
        }
        List<StateIdEntry> ordered = ordered();
        List<StateIdEntry> inOrder = new ArrayList<>(kept.cardinality());
        for (int place = places.nextSetBit(0); place >= 0; place = places.nextSetBit(place + 1)) {
            inOrder.add(ordered.get(place));
        }
        return inOrder;
    }

    /**
     * Takes each state the window selects on this list's backend (the same instance), as read or as a
     * write stored it, so the ID's badges say what the inspector's header says, from the same read.
     */
    public void follow(ObservableValue<Selection> selection) {
        followed = selection;
        selection.addListener(selectionRead);
    }

    private void reread(Selection read) {
        if (read == null || read.backend() != backend) {
            return;
        }
        for (StateIdEntry entry : all) {
            if (entry.stateId().equals(read.stateId())) {
                entry.update(read.stored());
                entry.updateLock(read.lock());
                entry.updateRunning(read.running(), Instant.now());
                badgesChanged();
                return;
            }
        }
    }

    /**
     * Selects the listed ID {@code stateId} (a finding of a check-up); a filter that hides it is
     * cleared first. An ID not listed leaves the selection as it is.
     */
    public void select(String stateId) {
        if (all.stream().noneMatch(e -> e.stateId().equals(stateId))) {
            return;
        }
        if (visible.stream().noneMatch(e -> e.stateId().equals(stateId))) {
            badgeFilter.set(null);
            filterText.set("");
        }
        visible.stream().filter(e -> e.stateId().equals(stateId)).findFirst().ifPresent(selected::set);
    }

    /** Keyboard: move the selection through the visible IDs. */
    public void selectNext(int delta) {
        if (visible.isEmpty()) {
            return;
        }
        int index = visible.indexOf(selected.get());
        int next = index < 0 ? (delta > 0 ? 0 : visible.size() - 1) : Math.max(0, Math.min(visible.size() - 1, index + delta));
        selected.set(visible.get(next));
    }

    public void close() {
        if (followed != null) {
            followed.removeListener(selectionRead);
        }
        lister.cancel();
        scanning.cancel();
        updateTimes.cancel();
    }
}
