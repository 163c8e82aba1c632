package dev.cairn.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.cairn.bench.BenchData.Row;
import dev.cairn.state.Json;
import dev.cairn.state.JsonSyntaxError;
import dev.cairn.state.PythonJson;
import java.util.ArrayList;
import java.util.List;

/**
 * Two sides for {@code compare}: {@link BenchData}'s states, {@code count} on each side, 5 % of
 * them only here and as many only there, and every tenth shared state changed on the other side
 * (a key of its own in the completed document, which the effective state keeps), with the number
 * of IDs each status must come out with.
 */
public record CompareData(List<Row> here, List<Row> there, int onlyHere, int onlyThere, int different, int same) {

    public static CompareData of(long seed, int count) {
        int alone = count / 20;
        List<Row> all = BenchData.states(seed, count + alone);
        List<Row> here = new ArrayList<>(all.subList(0, count));
        List<Row> there = new ArrayList<>(count);
        int different = 0;
        for (int i = alone; i < all.size(); i++) {
            Row row = all.get(i);
            Row changed = i < count && i % 10 == 0 ? changed(row, i) : null;
            if (changed != null) {
                different++;
            }
            there.add(changed == null ? row : changed);
        }
        return new CompareData(here, there, alone, alone, different, count - alone - different);
    }

    /** The row with a key of its own in its completed document; null for a row Meltano cannot read. */
    private static Row changed(Row row, int n) {
        if (row.completed() == null || row.partial() == null) {
            return null;
        }
        try {
            JsonNode completed = Json.parse(row.completed());
            if (!completed.isObject() || !Json.parse(row.partial()).isObject()) {
                return null;
            }
            ((ObjectNode) completed).put("compare_marker", n);
            return new Row(row.stateId(), PythonJson.dumps(completed), row.partial());
        } catch (JsonSyntaxError e) {
            return null;
        }
    }
}
