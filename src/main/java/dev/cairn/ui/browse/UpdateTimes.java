package dev.cairn.ui.browse;

import dev.cairn.backend.StateBackend;
import dev.cairn.ui.Texts;
import dev.cairn.ui.task.BackgroundTask;
import dev.cairn.ui.task.TaskExecutor;
import dev.cairn.ui.task.TaskSlot;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;

/**
 * The {@link IdOrder#RECENT} order of one backend's IDs. The times are read only when that order is
 * asked for ({@link StateBackend#updateTimes}: one query or one listing, kept out of the plain
 * listing so that it stays as fast as its floor), on a background task the status bar shows with
 * progress and a cancel button. A backend that keeps no times, or whose read failed, makes the
 * order unavailable, saying why.
 */
final class UpdateTimes {

    /** In the user's time zone, named, as a tooltip shows it. */
    private static final DateTimeFormatter SHOWN = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss z").withZone(ZoneId.systemDefault());

    private final StateBackend backend;
    private final TaskSlot reading;
    /** By ID, of the entries last sorted; an ID stored without a time maps to null. */
    private Map<String, Instant> times = Map.of();
    private final ReadOnlyStringWrapper unavailable = new ReadOnlyStringWrapper(this, "unavailable");

    UpdateTimes(StateBackend backend, TaskExecutor executor) {
        this.backend = backend;
        this.reading = new TaskSlot(executor);
    }

    /** Why the order cannot be had on this backend, or null while it can. */
    ReadOnlyStringProperty unavailableProperty() {
        return unavailable.getReadOnlyProperty();
    }

    /** The IDs newest first, and each one's place among them by its place in the listing. */
    record Order(List<StateIdEntry> entries, int[] rank) { }

    /**
     * Reads the times and hands on {@code natural} sorted newest first, IDs without a time last
     * (each part in natural order), with the ranks the list model filters by, all worked out off
     * the UI thread; {@code onStopped} runs instead when the read failed (the order is unavailable
     * from then on) or was cancelled. {@code listed} is the same IDs in listing order. Call on the
     * UI thread.
     */
    void sort(List<StateIdEntry> listed, List<StateIdEntry> natural, Consumer<Order> onSorted, Runnable onStopped) {
        reading.run(BackgroundTask.of(Texts.get("list.updateTimes.task", backend.displayUri()), context -> {
                    Map<String, Instant> read = new HashMap<>(natural.size() * 2);
                    backend.updateTimes((id, time) -> {
                        context.checkCancelled();
                        read.put(id, time);
                        if (read.size() % 1000 == 0) {
                            context.progress(read.size(), natural.size());
                        }
                    });
                    List<StateIdEntry> sorted = new ArrayList<>(natural);
                    // a stable sort: equal times, and the IDs without one, stay in natural order
                    sorted.sort(Comparator.comparing((StateIdEntry e) -> read.get(e.stateId()),
                            Comparator.nullsLast(Comparator.reverseOrder())));
                    Map<StateIdEntry, Integer> placeInListing = new IdentityHashMap<>(listed.size() * 2);
                    for (int i = 0; i < listed.size(); i++) {
                        placeInListing.put(listed.get(i), i);
                    }
                    int[] rank = new int[listed.size()];
                    for (int i = 0; i < sorted.size(); i++) {
                        rank[placeInListing.get(sorted.get(i))] = i;
                    }
                    return new Sorted(read, new Order(sorted, rank));
                }).lane(backend),
                done -> {
                    times = done.times();
                    onSorted.accept(done.order());
                },
                failure -> {
                    unavailable.set(failure.message());
                    onStopped.run();
                },
                onStopped);
    }

    private record Sorted(Map<String, Instant> times, Order order) { }

    /** What a row's tooltip says of the ID's last update, from the times last read. */
    String describe(String stateId) {
        Instant time = times.get(stateId);
        if (time != null) {
            return "Updated " + SHOWN.format(time);
        }
        return times.containsKey(stateId)
                ? Texts.get("list.updateTimes.none")
                : Texts.get("list.updateTimes.notRead");
    }

    void cancel() {
        reading.cancel();
    }
}
