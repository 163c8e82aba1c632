package dev.cairn.state;

import static dev.cairn.state.TestJson.json;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

@Tag("unit")
class BookmarkChangeTest {

    private static List<String> lines(String before, String after) {
        return BookmarkChange.between(json(before), json(after)).stream().map(BookmarkChange::line).toList();
    }

    @Test
    void streamsThatMovedCameOrWentAreListedTheRestNot() {
        assertEquals(List.of("~ orders: \"2024-06-01\" -> \"2024-06-02\"", "+ refunds: 7", "- customers"), lines(
                "{\"singer_state\": {\"bookmarks\": {\"customers\": {\"replication_key_value\": 1},"
                        + " \"orders\": {\"replication_key\": \"at\", \"replication_key_value\": \"2024-06-01\"},"
                        + " \"countries\": {\"replication_key_value\": 3}}}}",
                "{\"singer_state\": {\"bookmarks\": {\"orders\": {\"replication_key\": \"at\", \"replication_key_value\": \"2024-06-02\"},"
                        + " \"countries\": {\"replication_key_value\": 3}, \"refunds\": {\"replication_key_value\": 7}}}}"));
    }

    @Test
    void eachSdkPartitionIsARowOfItsOwn() {
        assertEquals(List.of("~ issues [org=meltano, repo=sdk]: \"a\" -> \"b\"", "+ issues [org=meltano, repo=new]: none"), lines(
                "{\"singer_state\": {\"bookmarks\": {\"issues\": {\"partitions\": ["
                        + "{\"context\": {\"org\": \"meltano\", \"repo\": \"meltano\"}, \"replication_key_value\": \"x\"},"
                        + "{\"context\": {\"org\": \"meltano\", \"repo\": \"sdk\"}, \"replication_key_value\": \"a\"}]}}}}",
                "{\"singer_state\": {\"bookmarks\": {\"issues\": {\"partitions\": ["
                        + "{\"context\": {\"org\": \"meltano\", \"repo\": \"meltano\"}, \"replication_key_value\": \"x\"},"
                        + "{\"context\": {\"org\": \"meltano\", \"repo\": \"sdk\"}, \"replication_key_value\": \"b\"},"
                        + "{\"context\": {\"org\": \"meltano\", \"repo\": \"new\"}}]}}}}"));
    }

    @Test
    void fromNoStateEveryStreamIsNew() {
        assertEquals(List.of("+ orders: 1"), lines("{}", "{\"singer_state\": {\"bookmarks\": {\"orders\": {\"replication_key_value\": 1}}}}"));
    }
}
