package dev.cairn.ui.browse;

import static dev.cairn.testing.Fixtures.*;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cairn.backend.BackendOptions;
import dev.cairn.backend.Backends;
import dev.cairn.backend.ForwardingBackend;
import dev.cairn.backend.ListedState;
import dev.cairn.backend.StateBackend;
import dev.cairn.testing.Fixtures;
import dev.cairn.ui.DiskStates;
import dev.cairn.ui.FakeUiThread;
import dev.cairn.ui.GatedBackend;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import javafx.collections.ListChangeListener;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@Tag("unit")
class StateListViewModelTest {

    private final FakeUiThread ui = new FakeUiThread();

    @AfterEach
    void close() {
        ui.close();
    }

    @TempDir
    Path dir;

    /** The fixture states in a file backend: its lock file, and the '/' that hides an ID from Meltano's list. */
    private StateBackend fixtures() {
        return DiskStates.files(dir)
                .put("dev:tap-postgres-to-target-snowflake", "{\"singer_state\": {\"bookmarks\": {}}}", "{}")
                .put("prod:tap-github-to-target-postgres", "{}", "{\"singer_state\": {\"bookmarks\": {}}, \"error\": \"Extractor failed\"}")
                .put("prod:tap-stripe-to-target-bigquery", "{\"singer_state\": {\"bookmarks\": {\"a\": {\"v\": 1}}}}",
                        "{\"singer_state\": {\"bookmarks\": {\"a\": {\"v\": 2}}}}")
                .put("dev:tap-csv-to-target-jsonl", "{}", "{}")
                .put("cicd:tap-github-to-target-snowflake:feat/new-streams", "{\"singer_state\": {}}", "{}")
                .put("dev:tap-broken-to-target-jsonl", "{\"singer_state\": {\"bookmarks\": {\"users\": {\"replication_key_val", "{}")
                .put("dev:tap-custom-to-target-jsonl", "{\"bookmarks\": {}}", "{}")
                .put("staging:tap-hubspot-to-target-postgres", "{\"singer_state\": {}}", null)
                .lock("prod:tap-stripe-to-target-bigquery")
                .open();
    }

    private StateListViewModel loaded(StateBackend backend) {
        StateListViewModel model = ui.call(() -> new StateListViewModel(backend, ui.executor(), true));
        ui.run(model::refresh);
        ui.awaitIdle();
        return model;
    }

    private List<String> visibleIds(StateListViewModel model) {
        return ui.call(() -> model.visible().stream().map(StateIdEntry::stateId).collect(Collectors.toList()));
    }

    @Test
    void idsAreInNaturalOrderByDefaultAndInTheBackendsOnRequestFilterKept() {
        StateBackend backend = DiskStates.files(dir)
                .put("run10", "{}", "{}").put("Run9", "{}", "{}").put("run2", "{}", "{}").put("alpha", "{}", "{}").put("run010b", "{}", "{}")
                .open();
        List<String> listed = backend.list(null).stream().map(ListedState::stateId).collect(Collectors.toList());
        StateListViewModel model = loaded(backend);
        assertEquals(List.of("alpha", "run2", "Run9", "run10", "run010b"), visibleIds(model));
        ui.run(() -> model.filterTextProperty().set("run"));
        assertEquals(List.of("run2", "Run9", "run10", "run010b"), visibleIds(model));
        ui.run(() -> model.orderProperty().set(IdOrder.BACKEND));
        assertEquals(listed.stream().filter(id -> id.toLowerCase().contains("run")).collect(Collectors.toList()), visibleIds(model),
                "the backend's order, as `meltano state list` prints it, still filtered");
    }

    @Test
    void recentlyUpdatedReadsMeltanosUpdatedAtWhenChosenNewestFirstWithTheNullOnesLast() throws Exception {
        String uri = Fixtures.systemDb(dir);
        try (StateBackend backend = Backends.open(uri, BackendOptions.defaults())) {
            StateListViewModel model = loaded(backend);
            ui.run(() -> model.orderProperty().set(IdOrder.BACKEND));
            ui.run(() -> model.orderProperty().set(IdOrder.RECENT));
            ui.awaitIdle();
            // updated_at: H 2024-06-01 11:11, A 10:00, E 08:31, C 07:00, F 2024-05-28; NULL for G, D, B, I (natural order)
            assertEquals(List.of(H, A, E, C, F, G, D, B, I), visibleIds(model));
            StateIdEntry a = ui.call(() -> model.visible().get(1));
            String shown = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss z").withZone(ZoneId.systemDefault())
                    .format(LocalDateTime.parse("2024-06-01T10:00:03.512847").atZone(ZoneId.systemDefault()));
            assertEquals("Updated " + shown, ui.call(() -> model.updateTimeText(a)));
            StateIdEntry b = ui.call(() -> model.visible().get(7));
            assertTrue(ui.call(() -> model.updateTimeText(b)).startsWith("No update time: Meltano leaves updated_at empty"));
            ui.run(() -> model.filterTextProperty().set("dev"));
            assertEquals(List.of(H, A, F, D), visibleIds(model), "filtered, in the same order");

            // a read that fails makes the order unavailable, saying why, and the list goes back to the order it had
            ui.run(() -> model.orderProperty().set(IdOrder.NATURAL));
            try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + dir.resolve("meltano.db"));
                 Statement s = c.createStatement()) {
                s.executeUpdate("ALTER TABLE state RENAME COLUMN updated_at TO changed_at");
            }
            ui.run(() -> model.orderProperty().set(IdOrder.RECENT));
            ui.awaitIdle();
            assertEquals(IdOrder.NATURAL, ui.call(() -> model.orderProperty().get()));
            assertTrue(ui.call(() -> model.recentUnavailableProperty().get()).contains("updated_at"),
                    ui.call(() -> model.recentUnavailableProperty().get()));
            assertEquals(null, ui.call(() -> model.updateTimeText(a)), "no times shown in another order");
        }
    }

    @Test
    void cancellingTheReadOfUpdateTimesKeepsTheOrderTheListHad() {
        StateBackend backend = fixtures();
        StateListViewModel model = loaded(backend);
        ui.run(() -> model.orderProperty().set(IdOrder.BACKEND));
        List<String> inBackendOrder = visibleIds(model);
        CountDownLatch busy = ui.occupyWorkers();
        ui.run(() -> model.orderProperty().set(IdOrder.RECENT));
        ui.cancelAll();
        busy.countDown();
        ui.awaitIdle();
        assertEquals(IdOrder.BACKEND, ui.call(() -> model.orderProperty().get()));
        assertEquals(inBackendOrder, visibleIds(model));
        assertEquals(null, ui.call(() -> model.recentUnavailableProperty().get()), "a cancel is no reason to disable the order");
    }

    @Test
    void naturalOrderComparesNumbersByValueAndLettersRegardlessOfCase() {
        List<String> ids = new ArrayList<>(List.of("b", "a10", "A9", "a09x", "a9", "a", "a-1", "a_1"));
        ids.sort(IdOrder.NATURAL_ORDER);
        assertEquals(List.of("a", "a-1", "A9", "a9", "a09x", "a10", "a_1", "b"), ids, "punctuation in code point order: - before digits, _ after");
    }

    /**
     * The first {@link StateListViewModel#FIRST_SCREEN} IDs listed show, in their natural order,
     * while the listing goes on; the filter works on them, and the whole list, once listed and
     * sorted, keeps the filter and the selection.
     */
    @Test
    void theFirstScreenShowsBeforeTheRestAreListedAndTheWholeListKeepsFilterAndSelection() {
        CountDownLatch rest = new CountDownLatch(1);
        StateBackend backend = new ForwardingBackend(fixtures()) {
            @Override
            public void list(String pattern, Consumer<ListedState> sink) {
                for (int i = 1500; i >= 1; i--) {
                    if (i == 500) {
                        try {
                            rest.await(30, TimeUnit.SECONDS);
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                            return;
                        }
                    }
                    sink.accept(ListedState.visible("job-" + i));
                }
            }
        };
        StateListViewModel model = ui.call(() -> new StateListViewModel(backend, ui.executor(), false));
        ui.run(model::refresh);
        ui.await(() -> !model.visible().isEmpty(), Duration.ofSeconds(30));
        List<String> first = visibleIds(model);
        assertEquals(StateListViewModel.FIRST_SCREEN, first.size());
        assertEquals(List.of("job-501", "job-502"), first.subList(0, 2), "the first listed, in natural order");
        assertEquals("job-1500", first.get(first.size() - 1));
        assertTrue(ui.call(() -> model.loadingProperty().get()), "still listing");
        assertTrue(ui.call(model::countText).endsWith(" IDs so far …"), ui.call(model::countText));
        ui.run(() -> model.filterTextProperty().set("job-9"));
        assertEquals(100, visibleIds(model).size(), "job-900 … job-999 of those listed");
        ui.run(() -> model.select("job-950"));

        rest.countDown();
        ui.awaitIdle();
        assertFalse(ui.call(() -> model.loadingProperty().get()));
        assertEquals(111, visibleIds(model).size(), "job-9, job-90 … job-99 and job-900 … job-999");
        assertEquals("job-950", ui.call(() -> model.selectedProperty().get().stateId()));
        ui.run(() -> model.filterTextProperty().set(""));
        List<String> all = visibleIds(model);
        assertEquals(1500, all.size());
        assertEquals(List.of("job-1", "job-2"), all.subList(0, 2));
        assertEquals(1500, ui.call(model::totalCount));
        assertTrue(ui.call(model::countText).endsWith(" IDs") && !ui.call(model::countText).contains("so far"), ui.call(model::countText));
        backend.close();
    }

    @Test
    void cancellingTheListingEndsTheLoadingAndSaysHowToListAgain() {
        StateBackend backend = fixtures();
        StateListViewModel model = ui.call(() -> new StateListViewModel(backend, ui.executor(), true));
        CountDownLatch busy = ui.occupyWorkers();
        ui.run(model::refresh);
        assertTrue(ui.call(() -> model.loadingProperty().get()));
        assertEquals("Listing the state IDs of " + backend.displayUri() + " …", ui.call(() -> model.placeholderProperty().get()));
        ui.cancelAll();
        busy.countDown();
        ui.awaitIdle();
        assertFalse(ui.call(() -> model.loadingProperty().get()));
        assertEquals("Listing the state IDs of " + backend.displayUri() + " was cancelled. Refresh (Ctrl+R) lists them again.",
                ui.call(() -> model.placeholderProperty().get()));
        ui.run(model::refresh);
        ui.awaitIdle();
        assertEquals(8, visibleIds(model).size());
        backend.close();
    }

    @Test
    void cancellingTheBadgeScanKeepsTheListAndRepaintsWhatWasRead() {
        GatedBackend backend = new GatedBackend(fixtures());
        CountDownLatch slowRead = backend.hold("staging:tap-hubspot-to-target-postgres");
        StateListViewModel model = ui.call(() -> new StateListViewModel(backend, ui.executor(), true));
        ui.run(model::refresh);
        // listing is done once loading ends; the scan it started waits on the held read
        ui.await(() -> !model.loadingProperty().get(), Duration.ofSeconds(30));
        ui.cancelAll();
        slowRead.countDown();
        ui.awaitIdle();
        assertEquals(8, visibleIds(model).size());
        assertEquals(Badge.UNREAD, ui.call(() -> model.visible().stream()
                .filter(e -> e.stateId().equals("staging:tap-hubspot-to-target-postgres")).findFirst().orElseThrow().health()));
        assertTrue(ui.call(() -> model.countsProperty().get()).containsKey(Badge.UNREAD), "the counts were repainted");
        backend.close();
    }

    @Test
    void badgesAndCountsComeFromReadingEveryState() {
        StateListViewModel model = loaded(fixtures());
        Map<Badge, Integer> counts = ui.call(() -> model.countsProperty().get());
        assertEquals(4, counts.get(Badge.HEALTHY), counts.toString());
        assertEquals(1, counts.get(Badge.EMPTY));
        assertEquals(1, counts.get(Badge.NO_SINGER_STATE));
        assertEquals(1, counts.get(Badge.CORRUPT_JSON));
        assertEquals(1, counts.get(Badge.NULL_DOCUMENT));
        assertEquals(2, counts.get(Badge.PARTIAL_PENDING));
        assertEquals(1, counts.get(Badge.LOCKED));
        assertEquals(1, counts.get(Badge.HIDDEN));
        StateIdEntry stripe = ui.call(() -> model.visible().stream()
                .filter(e -> e.stateId().startsWith("prod:tap-stripe")).findFirst().orElseThrow());
        assertEquals(Set.of(Badge.HEALTHY, Badge.PARTIAL_PENDING, Badge.LOCKED), stripe.badges());
    }

    @Test
    void anIdNotInNfcCarriesABadgeAndItsLookAlikesAreSpelledApart() {
        String nfc = "dev:tap-caf\u00e9-to-target-x";
        String nfd = "dev:tap-cafe\u0301-to-target-x";
        String alone = "dev:tap-na\u0303o-to-target-x";
        StateListViewModel model = loaded(DiskStates.files(dir).put(nfc, "{}", "{}").put(nfd, "{}", "{}").put(alone, "{}", "{}")
                .put("dev:plain", "{}", "{}").open());
        Map<String, StateIdEntry> byId = ui.call(() -> model.visible().stream().collect(Collectors.toMap(StateIdEntry::stateId, e -> e)));
        assertEquals(Set.of(Badge.EMPTY, Badge.NOT_NFC), byId.get(nfd).badges());
        assertEquals(Set.of(Badge.EMPTY), byId.get(nfc).badges());
        assertEquals(2, ui.call(() -> model.countsProperty().get()).get(Badge.NOT_NFC));
        assertEquals("Not in Unicode NFC: dev:tap-cafe\\u0301-to-target-x. Another ID has the same letters:"
                + " dev:tap-caf\\u00e9-to-target-x", byId.get(nfd).spelling());
        assertEquals("Another ID has the same letters, not in Unicode NFC: dev:tap-cafe\\u0301-to-target-x"
                + " (this one: dev:tap-caf\\u00e9-to-target-x)", byId.get(nfc).spelling());
        assertEquals("Not in Unicode NFC: dev:tap-na\\u0303o-to-target-x", byId.get(alone).spelling());
        assertEquals(null, byId.get("dev:plain").spelling());
    }

    @Test
    void filtersBySubstringPatternAndBadge() {
        StateListViewModel model = loaded(fixtures());
        ui.run(() -> model.filterTextProperty().set("GITHUB"));
        assertEquals(List.of("cicd:tap-github-to-target-snowflake:feat/new-streams", "prod:tap-github-to-target-postgres"),
                visibleIds(model));
        ui.run(() -> model.filterTextProperty().set("prod:*"));
        assertEquals(List.of("prod:tap-github-to-target-postgres", "prod:tap-stripe-to-target-bigquery"), visibleIds(model));
        ui.run(() -> model.filterTextProperty().set("dev:tap-?sv-*"));
        assertEquals(List.of("dev:tap-csv-to-target-jsonl"), visibleIds(model));
        ui.run(() -> {
            model.filterTextProperty().set("");
            model.badgeFilterProperty().set(Badge.CORRUPT_JSON);
        });
        assertEquals(List.of("dev:tap-broken-to-target-jsonl"), visibleIds(model));
    }

    @Test
    void eachKeystrokeReplacesTheVisibleIdsInOneChangeAndAnUnchangedListFiresNone() {
        StateListViewModel model = loaded(fixtures());
        List<String> changes = new ArrayList<>();
        List<String> all = visibleIds(model);
        ui.run(() -> model.visible().addListener((ListChangeListener<StateIdEntry>) change -> {
            while (change.next()) {
                changes.add(change.getFrom() + ".." + change.getTo() + " -" + change.getRemovedSize() + " +" + change.getAddedSize());
            }
        }));
        ui.run(() -> model.filterTextProperty().set("prod:*"));
        ui.run(() -> model.filterTextProperty().set(""));
        ui.run(() -> model.filterTextProperty().set(" ")); // the same filter: the same list
        assertEquals(List.of("0..2 -" + all.size() + " +2", "0.." + all.size() + " -2 +" + all.size()), changes);
        assertEquals(all, visibleIds(model));
    }

    @Test
    void arrowKeysMoveThroughVisibleIds() {
        StateListViewModel model = loaded(fixtures());
        ui.run(() -> model.filterTextProperty().set("dev:"));
        ui.run(() -> model.selectNext(1));
        assertEquals("dev:tap-broken-to-target-jsonl", ui.call(() -> model.selectedProperty().get().stateId()));
        ui.run(() -> model.selectNext(1));
        assertEquals("dev:tap-csv-to-target-jsonl", ui.call(() -> model.selectedProperty().get().stateId()));
        ui.run(() -> model.selectNext(-1));
        assertEquals("dev:tap-broken-to-target-jsonl", ui.call(() -> model.selectedProperty().get().stateId()));
    }

    @Test
    void eachKeystrokeShowsWhatTheWholeListFilteredWouldInEitherOrder() {
        List<String> ids = new ArrayList<>();
        Random random = new Random(3);
        String[] parts = {"prod", "Prod", "dev", ":tap-", "a[b]", "[", "github", "-to-", "9", "10", "0", "x", "*"};
        for (int i = 0; i < 40_000; i++) { // more than two of the pieces the filter tests on every core
            StringBuilder id = new StringBuilder();
            for (int n = 1 + random.nextInt(5); n > 0; n--) {
                id.append(parts[random.nextInt(parts.length)]);
            }
            ids.add(id.toString());
        }
        List<String> unique = new ArrayList<>(new LinkedHashSet<>(ids));
        List<StateIdEntry> entries = unique.stream().map(id -> new StateIdEntry(ListedState.visible(id))).collect(Collectors.toList());
        StateListViewModel model = ui.call(() -> new StateListViewModel(DiskStates.files(dir).open(), ui.executor(), false));
        ui.run(() -> model.setEntries(entries));
        // typed key by key (substrings narrowing, then patterns), an unclosed '[' closed later, pasted, deleted
        List<String> keys = new ArrayList<>();
        for (String typed : new String[] {"prod:tap-a[b]*9", "x*a[b", "*[!x]*0*"}) {
            for (int i = 1; i <= typed.length(); i++) {
                keys.add(typed.substring(0, i));
            }
        }
        keys.addAll(List.of("github", "git", "", "PROD"));
        for (IdOrder order : IdOrder.values()) {
            ui.run(() -> model.filterTextProperty().set(""));
            ui.run(() -> model.orderProperty().set(order));
            ui.awaitIdle();
            List<String> shown = new ArrayList<>(unique);
            switch (order) {
                case NATURAL -> shown.sort(IdOrder.NATURAL_ORDER);
                case RECENT -> shown = visibleIds(model); // as the update times ordered the whole list
                case BACKEND -> { }
            }
            for (String key : keys) {
                ui.run(() -> model.filterTextProperty().set(key));
                IdFilter filter = IdFilter.of(key);
                List<String> expected = shown.stream().filter(id -> filter.matches(new StateIdEntry(ListedState.visible(id))))
                        .collect(Collectors.toList());
                assertEquals(expected, visibleIds(model), order + ", '" + key + "'");
            }
        }
    }

    /**
     * Each keystroke over 100,000 IDs keeps exactly the IDs the filter matches, in order (the
     * parallel pieces' results put together right). How long a keystroke takes is the bench's
     * {@code filter-100k}, not this test's: the everyday suite shares its cores with other builds.
     */
    @Test
    void filteringOneHundredThousandIdsKeepsExactlyTheMatchesOfEveryKeystroke() {
        List<StateIdEntry> entries = new ArrayList<>();
        String[] envs = {"dev", "staging", "prod"};
        for (int i = 0; i < 100_000; i++) {
            entries.add(new StateIdEntry(ListedState.visible(envs[i % 3] + ":tap-source" + (i % 977) + "-to-target-sink" + (i % 13)
                    + (i % 7 == 0 ? ":feat/branch-" + i : ""))));
        }
        StateListViewModel model = ui.call(() -> new StateListViewModel(DiskStates.files(dir).open(), ui.executor(), false));
        ui.run(() -> model.setEntries(entries));
        List<String> natural = visibleIds(model);
        String[] typing = {"p", "pr", "pro", "prod", "prod:", "prod:t", "prod:ta", "prod:tap-source9", "prod:tap-source97"};
        String[] patterns = {"prod:*", "prod:*-to-target-sink1", "*:tap-source9?-*", "staging:tap-source[0-4]*"};
        for (String text : concat(typing, patterns)) {
            ui.run(() -> model.filterTextProperty().set(text));
            IdFilter filter = IdFilter.of(text);
            List<String> expected = natural.stream().filter(id -> filter.matches(new StateIdEntry(ListedState.visible(id))))
                    .collect(Collectors.toList());
            assertEquals(expected, visibleIds(model), "'" + text + "'");
        }
    }

    private static List<String> concat(String[] a, String[] b) {
        List<String> all = new ArrayList<>(List.of(a));
        all.addAll(List.of(b));
        return all;
    }
}
