package dev.cairn.state;

import static dev.cairn.state.Bookmark.Flag.CURRENTLY_SYNCING;
import static dev.cairn.state.Bookmark.Flag.IN_PROGRESS;
import static dev.cairn.state.Bookmark.Flag.NOT_A_TIMESTAMP;
import static dev.cairn.state.Bookmark.Flag.NO_BOOKMARK;
import static dev.cairn.state.TestJson.json;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.NullNode;
import dev.cairn.state.Bookmark.Flag;
import dev.cairn.state.Bookmark.InProgress;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

@Tag("unit")
class BookmarksTest {

    private static Bookmark bookmark(String stream, String context, String key, String value, String pointer, Flag... flags) {
        return new Bookmark(stream, context == null ? null : json(context), key, value == null ? null : json(value), pointer,
                Set.of(flags), null);
    }

    /** The one row of a state with one stream. */
    private static Bookmark only(String stream) {
        List<Bookmark> rows = Bookmarks.of(json("{'singer_state': {'bookmarks': {'s': " + stream + "}}}"));
        assertEquals(1, rows.size());
        return rows.get(0);
    }

    /** Fixture A; the fixtures are the states in ../shared/fixtures (reference §7). */
    @Test
    void pipelinewiseTapPostgres() {
        JsonNode a = json("{'singer_state': {'currently_syncing': null, 'bookmarks': {"
                + "'public-orders': {'last_replication_method': 'INCREMENTAL', 'replication_key': 'updated_at', 'version': 1717000000000,"
                + " 'replication_key_value': '2024-06-01T09:58:12.345678+00:00'},"
                + "'public-customers': {'last_replication_method': 'LOG_BASED', 'lsn': 2463890400, 'version': 1716000000000, 'xmin': null},"
                + "'public-countries': {'last_replication_method': 'FULL_TABLE', 'version': 1717200000000, 'xmin': null}}}}");
        assertEquals(List.of(
                bookmark("public-orders", null, "updated_at", "'2024-06-01T09:58:12.345678+00:00'", "/singer_state/bookmarks/public-orders"),
                bookmark("public-customers", null, "lsn", "2463890400", "/singer_state/bookmarks/public-customers"),
                bookmark("public-countries", null, null, null, "/singer_state/bookmarks/public-countries", NO_BOOKMARK)),
                Bookmarks.of(a));
    }

    @Test
    void tapGithubPartitionsUpgradedFromJobHistory() {
        JsonNode b = json("{'singer_state': {'bookmarks': {'issues': {'partitions': ["
                + "{'context': {'org': 'meltano', 'repo': 'meltano'}, 'replication_key': 'updated_at', 'replication_key_value': '2022-09-19T07:58:00Z'},"
                + " {'context': {'org': 'meltano', 'repo': 'sdk'}, 'replication_key': 'updated_at', 'replication_key_value': '2022-09-19T08:12:45Z'}]},"
                + " 'repositories': {'partitions': [{'context': {'org': 'meltano', 'repo': 'meltano'}}, {'context': {'org': 'meltano', 'repo': 'sdk'}}]}}},"
                + " 'error': 'Extractor failed'}");
        List<Bookmark> rows = Bookmarks.of(b);
        assertEquals(List.of(
                bookmark("issues", "{'org': 'meltano', 'repo': 'meltano'}", "updated_at", "'2022-09-19T07:58:00Z'",
                        "/singer_state/bookmarks/issues/partitions/0"),
                bookmark("issues", "{'org': 'meltano', 'repo': 'sdk'}", "updated_at", "'2022-09-19T08:12:45Z'",
                        "/singer_state/bookmarks/issues/partitions/1"),
                bookmark("repositories", "{'org': 'meltano', 'repo': 'meltano'}", null, null,
                        "/singer_state/bookmarks/repositories/partitions/0", NO_BOOKMARK),
                bookmark("repositories", "{'org': 'meltano', 'repo': 'sdk'}", null, null,
                        "/singer_state/bookmarks/repositories/partitions/1", NO_BOOKMARK)),
                rows);
        assertEquals("org=meltano, repo=sdk", rows.get(1).contextLabel());
    }

    @Test
    void tapStripeInterruptedMergeRun() throws StateError {
        StateDocument c = StateDocument.of(
                json("{'singer_state': {'bookmarks': {'charges': {'replication_key': 'created', 'replication_key_value': '2024-05-31T23:59:58Z'},"
                        + " 'customers': {'replication_key': 'updated', 'replication_key_value': '2024-05-31T22:10:00Z'},"
                        + " 'invoices': {'replication_key': 'updated', 'replication_key_value': '2024-05-30T12:00:00Z'}}}}"),
                json("{'singer_state': {'bookmarks': {'invoices': {'replication_key': 'updated', 'replication_key_value': '2024-06-01T06:00:00Z'},"
                        + " 'events': {'starting_replication_value': '2024-05-01T00:00:00Z', 'replication_key_signpost': '2024-06-01T07:00:00+00:00',"
                        + " 'progress_markers': {'Note': 'Progress is not resumable if interrupted.', 'replication_key': 'created',"
                        + " 'replication_key_value': '2024-05-20T03:04:05Z'}}}}}"));
        List<Bookmark> rows = Bookmarks.of(c.effective());
        assertEquals(List.of(
                bookmark("charges", null, "created", "'2024-05-31T23:59:58Z'", "/singer_state/bookmarks/charges"),
                bookmark("customers", null, "updated", "'2024-05-31T22:10:00Z'", "/singer_state/bookmarks/customers"),
                bookmark("invoices", null, "updated", "'2024-06-01T06:00:00Z'", "/singer_state/bookmarks/invoices")),
                rows.subList(0, 3));
        assertEquals(new Bookmark("events", null, "created", null, "/singer_state/bookmarks/events", Set.of(IN_PROGRESS, NO_BOOKMARK),
                        new InProgress(json("'2024-05-20T03:04:05Z'"), json("'2024-06-01T07:00:00+00:00'"), json("'2024-05-01T00:00:00Z'"))),
                rows.get(3));
    }

    @Test
    void resumePointsNameEachStreamsKeyAndValueCountPartitionsAndTheStreamsPastTheLimit() {
        JsonNode state = json("{'singer_state': {'bookmarks': {'issues': {'partitions': [{'context': {'r': 1}}, {'context': {'r': 2}}]},"
                + " 'orders': {'replication_key': 'updated_at', 'replication_key_value': '2024-06-01T00:00:00Z'},"
                + " 'countries': {'last_replication_method': 'FULL_TABLE', 'xmin': null}, 'customers': {'lsn': 2463890400},"
                + " 'tags': {'updated': 5}}}}");
        assertEquals("issues: 2 partitions; orders: updated_at = 2024-06-01T00:00:00Z; countries: full refresh; 2 more streams",
                Bookmarks.resumePoints(state, 3));
        assertEquals("issues: 2 partitions; orders: updated_at = 2024-06-01T00:00:00Z; countries: full refresh; customers: lsn = 2463890400;"
                + " tags: updated = 5", Bookmarks.resumePoints(state, 5));
        assertEquals(null, Bookmarks.resumePoints(json("{'singer_state': {'bookmarks': {}}}"), 3));
        assertEquals(null, Bookmarks.resumePoints(json("{}"), 3));
    }

    @Test
    void noState() {
        assertEquals(List.of(), Bookmarks.of(json("{}")));
    }

    @Test
    void partitionedRunWithStateIdSuffix() {
        assertEquals(List.of(bookmark("pull_requests", "{'org': 'acme', 'repo': 'warehouse'}", "updated_at", "'2024-06-01T08:30:00Z'",
                        "/singer_state/bookmarks/pull_requests/partitions/0")),
                Bookmarks.of(json("{'singer_state': {'bookmarks': {'pull_requests': {'partitions': [{'context': {'org': 'acme', 'repo': 'warehouse'},"
                        + " 'replication_key': 'updated_at', 'replication_key_value': '2024-06-01T08:30:00Z'}]}}}}")));
    }

    @Test
    void tapGitlabEphemeralRun() {
        List<Bookmark> rows = Bookmarks.of(json("{'singer_state': {'bookmarks': {"
                + "'projects': {'replication_key': 'last_activity_at', 'replication_key_value': '2024-06-01T10:14:59.000Z'},"
                + " 'commits': {'partitions': [{'context': {'project_path': 'meltano/meltano'}, 'replication_key': 'created_at',"
                + " 'replication_key_value': '2024-06-01T09:41:20.000+00:00'}]}}}}"));
        assertEquals(List.of(
                bookmark("projects", null, "last_activity_at", "'2024-06-01T10:14:59.000Z'", "/singer_state/bookmarks/projects"),
                bookmark("commits", "{'project_path': 'meltano/meltano'}", "created_at", "'2024-06-01T09:41:20.000+00:00'",
                        "/singer_state/bookmarks/commits/partitions/0")),
                rows);
        assertEquals("project_path=meltano/meltano", rows.get(1).contextLabel());
    }

    @Test
    void bareStateSetWithoutValidation() {
        List<Bookmark> rows = Bookmarks.of(json("{'bookmarks': {'store_sales': {'partitions': [{'context': {'city': 'M\\u00fcnchen'},"
                + " 'replication_key': 'sold_at', 'replication_key_value': '2024-06-01T00:00:00Z'}]}}}"));
        assertEquals(List.of(bookmark("store_sales", "{'city': 'M\\u00fcnchen'}", "sold_at", "'2024-06-01T00:00:00Z'",
                "/bookmarks/store_sales/partitions/0")), rows);
        assertEquals("city=München", rows.get(0).contextLabel());
    }

    @Test
    void importedCompletedState() {
        assertEquals(List.of(bookmark("contacts", null, "updatedAt", "'2024-06-01T05:00:00.000Z'", "/singer_state/bookmarks/contacts")),
                Bookmarks.of(json("{'singer_state': {'bookmarks': {'contacts': {'replication_key': 'updatedAt',"
                        + " 'replication_key_value': '2024-06-01T05:00:00.000Z'}}}}")));
    }

    @Test
    void bareValuePerStream() {
        assertEquals(List.of(bookmark("project_1_issues", null, null, "'2020-01-01'", "/singer_state/bookmarks/project_1_issues")),
                Bookmarks.of(json("{'singer_state': {'bookmarks': {'project_1_issues': '2020-01-01'}}}")));
    }

    @Test
    void bareNullIsNoBookmark() {
        assertEquals(Set.of(NO_BOOKMARK), only("null").flags());
    }

    @Test
    void singleKeyOfTheTapsOwn() {
        Bookmark row = only("{'updated_at': '2020-01-01T00:00:00Z', 'version': 1}");
        assertEquals("updated_at", row.replicationKey());
        assertEquals(json("'2020-01-01T00:00:00Z'"), row.replicationValue());
        assertEquals(Set.of(), row.flags());
    }

    @Test
    void singleKeyOfTheTapsOwnThatIsNotATimestamp() {
        assertEquals(Set.of(NOT_A_TIMESTAMP), only("{'date': 1577836800}").flags());
    }

    @Test
    void severalKeysOfTheTapsOwnShowTogether() {
        Bookmark row = only("{'log_file': 'mysql-bin.000003', 'log_pos': 154, 'version': 1, 'last_replication_method': 'LOG_BASED'}");
        assertNull(row.replicationKey());
        assertEquals(json("{'log_file': 'mysql-bin.000003', 'log_pos': 154}"), row.replicationValue());
        assertEquals(Set.of(), row.flags());
    }

    @Test
    void xminOfAnInterruptedFullTableSync() {
        Bookmark row = only("{'last_replication_method': 'FULL_TABLE', 'version': 1, 'xmin': 4711}");
        assertEquals("xmin", row.replicationKey());
        assertEquals(json("4711"), row.replicationValue());
    }

    @Test
    void currentlySyncingStream() {
        List<Bookmark> rows = Bookmarks.of(json("{'singer_state': {'currently_syncing': 'b', 'bookmarks': {"
                + "'a': {'replication_key': 'id', 'replication_key_value': 1},"
                + " 'b': {'partitions': [{'context': {'p': 1}}, {'context': {'p': 2}, 'replication_key': 'id', 'replication_key_value': 7}]}}}}"));
        assertEquals(Set.of(), rows.get(0).flags());
        assertEquals(Set.of(CURRENTLY_SYNCING, NO_BOOKMARK), rows.get(1).flags());
        assertEquals(Set.of(CURRENTLY_SYNCING), rows.get(2).flags());
    }

    @Test
    void nullReplicationValueIsNoBookmark() {
        Bookmark row = only("{'replication_key': 'updated_at', 'replication_key_value': null}");
        assertEquals(NullNode.instance, row.replicationValue());
        assertEquals(Set.of(NO_BOOKMARK), row.flags());
    }

    @Test
    void timestampKeyWithANumber() {
        assertEquals(Set.of(NOT_A_TIMESTAMP), only("{'replication_key': 'updated_at', 'replication_key_value': 1717000000}").flags());
    }

    @Test
    void timestampKeysByName() {
        for (String key : new String[] {"updated_at", "UpdatedAt", "lastModifiedDate", "created", "ts_time", "modified", "systemmodstamp_date"}) {
            assertEquals(Set.of(NOT_A_TIMESTAMP), only("{'replication_key': '" + key + "', 'replication_key_value': 'yesterday'}").flags(), key);
        }
    }

    @Test
    void otherKeysAreNotChecked() {
        assertEquals(Set.of(), only("{'replication_key': 'id', 'replication_key_value': 'abc'}").flags());
        assertEquals(Set.of(), only("{'replication_key_value': 'abc'}").flags());
    }

    @Test
    void isoDatesAndDateTimes() {
        for (String value : new String[] {"2024-06-01", "2024-06-01T09:58:12.345678+00:00", "2022-09-19T07:58:00Z", "2024-06-01 10:00:00",
                "2024-06-01T10:00", "2024-06-01T10:00:00-0530", "2024-06-01T10:00:00+02", "2024-02-29T23:59:59.999999999Z"}) {
            assertEquals(Set.of(), only("{'replication_key': 'updated_at', 'replication_key_value': '" + value + "'}").flags(), value);
        }
    }

    @Test
    void textsThatAreNotIsoDates() {
        for (String value : new String[] {"", "2024-13-01", "2023-02-29", "2024-06-01T24:00:00", "2024-06-01T10:60", "2024-06-01T10:00:00+25:00",
                "06/01/2024", "2024-06-01T10:00:00Zjunk", "1717000000", "2024-6-1"}) {
            assertEquals(Set.of(NOT_A_TIMESTAMP), only("{'replication_key': 'updated_at', 'replication_key_value': '" + value + "'}").flags(), value);
        }
    }

    @Test
    void interruptedSyncWithABookmarkFromBefore() {
        Bookmark row = only("{'replication_key': 'updated_at', 'replication_key_value': '2024-01-01T00:00:00Z',"
                + " 'replication_key_signpost': '2024-06-01T00:00:00Z'}");
        assertEquals(Set.of(IN_PROGRESS), row.flags());
        assertEquals(new InProgress(null, json("'2024-06-01T00:00:00Z'"), null), row.inProgress());
    }

    @Test
    void progressMarkersAloneMeanInProgress() {
        Bookmark row = only("{'progress_markers': {'Note': 'Progress is not resumable if interrupted.'}}");
        assertEquals(Set.of(IN_PROGRESS, NO_BOOKMARK), row.flags());
        assertEquals(new InProgress(null, null, null), row.inProgress());
        assertNull(row.replicationKey());
    }

    @Test
    void flagsCannotBeModified() {
        assertThrows(UnsupportedOperationException.class, () -> only("{}").flags().clear());
    }

    @Test
    void notASingerState() {
        assertEquals(List.of(), Bookmarks.of(null));
        assertEquals(List.of(), Bookmarks.of(NullNode.instance));
        assertEquals(List.of(), Bookmarks.of(json("[]")));
        assertEquals(List.of(), Bookmarks.of(json("{'singer_state': {}}")));
        assertEquals(List.of(), Bookmarks.of(json("{'singer_state': null, 'bookmarks': {'a': 1}}")));
        assertEquals(List.of(), Bookmarks.of(json("{'singer_state': {'bookmarks': []}}")));
        assertEquals(List.of(), Bookmarks.of(json("{'singer_state': {'bookmarks': {}}}")));
    }

    @Test
    void streamNamesAreEscapedInPointers() {
        assertEquals("/singer_state/bookmarks/a~1b~0c",
                Bookmarks.of(json("{'singer_state': {'bookmarks': {'a/b~c': {}}}}")).get(0).pointer());
    }

    @Test
    void emptyPartitionListIsAStreamWithoutBookmark() {
        Bookmark row = only("{'partitions': []}");
        assertNull(row.context());
        assertEquals("", row.contextLabel());
        assertEquals(Set.of(NO_BOOKMARK), row.flags());
    }

    @Test
    void streamWithItsOwnBookmarkBesidesPartitions() {
        List<Bookmark> rows = Bookmarks.of(json("{'singer_state': {'bookmarks': {'s': {'replication_key': 'id', 'replication_key_value': 3,"
                + " 'partitions': [{'context': {'project_id': 123, 'tags': ['a']}, 'replication_key': 'id', 'replication_key_value': 5}]}}}}"));
        assertEquals(List.of(
                bookmark("s", null, "id", "3", "/singer_state/bookmarks/s"),
                bookmark("s", "{'project_id': 123, 'tags': ['a']}", "id", "5", "/singer_state/bookmarks/s/partitions/0")),
                rows);
        assertEquals("project_id=123, tags=[\"a\"]", rows.get(1).contextLabel());
    }
}
