package dev.cairn.ui.diff;

import static dev.cairn.ui.TestWindow.fx;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cairn.state.Json;
import dev.cairn.ui.FxTestSupport;
import dev.cairn.ui.theme.Styles;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Collectors;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.layout.VBox;
import javafx.scene.text.Text;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** Two documents side by side in a narrow window, headless: every change is listed whole, the panes scroll as one. */
@Tag("window")
class DiffPanesTest {

    private static final String STREAM = "pull_request_review_comments_of_a_long_stream_name";

    private Stage stage;
    private DiffPanes panes;
    private AlignedDiff diff;

    @BeforeEach
    void show() throws Exception {
        FxTestSupport.start();
        StringBuilder before = new StringBuilder("{\"singer_state\": {\"bookmarks\": {");
        StringBuilder after = new StringBuilder("{\"singer_state\": {\"bookmarks\": {");
        for (int i = 0; i < 40; i++) {
            String at = i == 30 ? "2024-06-01T09:58:12.345678+00:00" : "2024-05-01T00:00:00+00:00";
            before.append(i == 0 ? "" : ", ").append("\"").append(STREAM).append(i)
                    .append("\": {\"replication_key\": \"updated_at\", \"replication_key_value\": \"2024-05-01T00:00:00+00:00\"}");
            after.append(i == 0 ? "" : ", ").append("\"").append(STREAM).append(i)
                    .append("\": {\"replication_key\": \"updated_at\", \"replication_key_value\": \"").append(at).append("\"}");
        }
        diff = AlignedDiff.of(Json.parse(before + "}}}"), Json.parse(after + "}}, \"currently_syncing\": null}"));
        panes = fx(() -> {
            DiffPanes shown = new DiffPanes();
            stage = new Stage();
            stage.setScene(new Scene(shown, 700, 500));
            stage.getScene().getStylesheets().add(DiffPanes.class.getResource(Styles.STYLESHEET).toExternalForm());
            stage.getScene().getRoot().getStyleClass().add(Styles.APP);
            stage.show();
            shown.show(diff, "completed", "effective");
            return shown;
        });
    }

    @AfterEach
    void close() throws Exception {
        fx(() -> {
            stage.close();
            return null;
        });
    }

    @Test
    void theChangesListGivesEachChangeWholeAndShowsItAbove() throws Exception {
        List<String> lines = fx(() -> panes.changesList().getItems().stream().map(ChangesList::line).collect(Collectors.toList()));
        assertEquals(List.of("/singer_state/bookmarks/" + STREAM + "30/replication_key_value · \"2024-05-01T00:00:00+00:00\""
                        + " → \"2024-06-01T09:58:12.345678+00:00\"", "/currently_syncing · added null"), lines);
        fx(() -> {
            panes.changesList().getSelectionModel().select(1);
            return null;
        });
        int row = diff.changeRow(1);
        assertEquals("  \"currently_syncing\": null", fx(() -> panes.rightPane().getItems().size() > row ? diff.side(false).row(row) : ""));
        assertEquals(row, (int) fx(() -> panes.rightPane().getSelectionModel().getSelectedIndex()), "the change is selected in the panes");
        fx(() -> {
            panes.changesList().getSelectionModel().select(0);
            return null;
        });
        assertTrue(fx(() -> diff.side(false).row(panes.rightPane().getSelectionModel().getSelectedIndex())).contains("09:58:12.345678"));
        assertTrue(fx(() -> panes.rightPane().sideways().get()) > 0, "scrolled sideways to the new value at the end of its line");
        assertTrue(fx(() -> panes.leftPane().sideways().get()) > 0, "the old side follows, as far as its lines go");
    }

    /**
     * A diff starts at the panes' left edge, its first change in view, even where the last one was
     * scrolled sideways (a write's preview after another's kept the scroll: keys read "er_state").
     */
    @Test
    void aDiffStartsAtTheLeftEdgeWithItsFirstChangeInView() throws Exception {
        fx(() -> {
            panes.applyCss();
            panes.layout();
            panes.reveal(diff.changeRow(0));
            return null;
        });
        assertTrue(fx(() -> panes.rightPane().sideways().get()) > 0, "scrolled to the value, as a step to a change does");
        fx(() -> {
            panes.show(diff, "completed", "effective");
            panes.applyCss();
            panes.layout();
            return null;
        });
        assertEquals(0, fx(() -> panes.rightPane().sideways().get()), 0.0);
        assertEquals(0, fx(() -> panes.leftPane().sideways().get()), 0.0);
        assertEquals(diff.changeRow(0), (int) fx(() -> panes.rightPane().getSelectionModel().getSelectedIndex()));
    }

    /** Wide enough for a key and the start of its value: the revealed row's key is not cut ("thod": "INCREMENTAL"). */
    @Test
    void theRevealedValueKeepsItsKeyInView() throws Exception {
        double[] found = fx(() -> {
            DiffPanes wide = new DiffPanes();
            Stage other = new Stage();
            other.setScene(new Scene(wide, 900, 500));
            other.getScene().getStylesheets().add(DiffPanes.class.getResource(Styles.STYLESHEET).toExternalForm());
            other.getScene().getRoot().getStyleClass().add(Styles.APP);
            other.show();
            wide.show(diff, "completed", "effective");
            wide.applyCss();
            wide.layout();
            wide.reveal(diff.changeRow(0));
            String row = diff.side(false).row(diff.changeRow(0));
            Text indent = new Text(row.substring(0, row.indexOf('"')));
            indent.setFont(((Text) wide.rightPane().lookup("." + Styles.JSON_LINE)).getFont());
            double[] result = {wide.rightPane().sideways().get(), indent.getLayoutBounds().getWidth()};
            other.close();
            return result;
        });
        assertTrue(found[0] > 0, "scrolled sideways towards the value");
        assertTrue(found[0] <= found[1] + 0.5, "scrolled " + found[0] + " px, past the key at " + found[1] + " px");
    }

    /** The current row's numbers line up with the others' when scrolled sideways: no text shows left of them. */
    @Test
    void theCurrentRowsNumberLinesUpWithTheOthers() throws Exception {
        List<Double> lefts = fx(() -> {
            panes.reveal(diff.changeRow(0));
            panes.applyCss();
            panes.layout();
            return panes.rightPane().lookupAll("." + Styles.LINE_NUMBER).stream().filter(Node::isVisible)
                    .filter(node -> ((Label) node).getText() != null && !((Label) node).getText().isEmpty())
                    .map(node -> node.localToScene(node.getLayoutBounds()).getMinX()).distinct().collect(Collectors.toList());
        });
        assertTrue(fx(() -> panes.rightPane().sideways().get()) > 0);
        assertEquals(1, lefts.size(), "line numbers start at " + lefts);
    }

    /** Each change is whole on hover; the list's empty rows have no tooltip. */
    @Test
    void eachChangeIsWholeOnHoverAndAnEmptyRowHasNoTooltip() throws Exception {
        List<String> tips = fx(() -> {
            panes.applyCss();
            panes.layout();
            return panes.changesList().lookupAll(".list-cell").stream().map(node -> (ListCell<?>) node)
                    .filter(Node::isVisible).sorted(Comparator.comparingInt(ListCell::getIndex))
                    .map(cell -> cell.getTooltip() == null ? "none" : cell.getTooltip().getText()).collect(Collectors.toList());
        });
        List<String> lines = fx(() -> panes.changesList().getItems().stream().map(ChangesList::line).collect(Collectors.toList()));
        assertEquals(lines, tips.subList(0, 2));
        assertTrue(tips.size() > 2 && tips.subList(2, tips.size()).stream().allMatch("none"::equals), tips.toString());
    }

    /** Short of height (the Timeline at 1024×700), the panes keep a few rows rather than give way to the changes list. */
    @Test
    void shortOfHeightThePanesKeepAFewRows() throws Exception {
        double[] heights = fx(() -> {
            DiffPanes shortOne = new DiffPanes();
            Stage other = new Stage();
            // a split pane's lower part, given no more than its content's minimum (the Timeline's list took the rest)
            other.setScene(new Scene(new VBox(shortOne), 700, 80));
            other.getScene().getStylesheets().add(DiffPanes.class.getResource(Styles.STYLESHEET).toExternalForm());
            other.show();
            shortOne.show(diff, "completed", "effective");
            shortOne.applyCss();
            shortOne.layout();
            double[] found = {shortOne.leftPane().getHeight(), shortOne.leftPane().getFixedCellSize(), shortOne.changesList().getHeight()};
            other.close();
            return found;
        });
        assertTrue(heights[0] >= 4 * heights[1], "the panes are " + heights[0] + " px high, the changes list " + heights[2] + " px");
    }

    /** History and Timeline before a write or run is chosen: no empty panes numbering a lone line "1". */
    @Test
    void nothingIsShownBeforeADiffIs() throws Exception {
        DiffPanes fresh = fx(DiffPanes::new);
        assertFalse(fx(() -> fresh.leftPane().isVisible() || fresh.rightPane().isVisible() || fresh.leftTitle().isVisible()
                || fresh.rightTitle().isVisible() || fresh.changesList().isVisible()));
    }

    @Test
    void bothPanesScrollSidewaysTogetherAndTheLineNumbersStayPut() throws Exception {
        fx(() -> {
            panes.leftPane().scrollSideways(120);
            panes.leftPane().layout();
            return null;
        });
        assertEquals(120, fx(() -> panes.leftPane().sideways().get()), 0.5);
        assertEquals(120, fx(() -> panes.rightPane().sideways().get()), 0.5, "the other pane follows");
        List<Double> gutter = fx(() -> panes.rightPane().lookupAll("." + Styles.LINE_NUMBER).stream()
                .map(node -> ((Label) node).getTranslateX()).distinct().collect(Collectors.toList()));
        assertEquals(List.of(120.0), gutter, "line numbers drawn back by the scroll");
    }

    @Test
    void valuesAreCutOnlyPastTheirLimitAndBigContainersCounted() throws Exception {
        assertEquals("\"x\"", ChangesList.value(Json.parse("\"x\"")));
        assertEquals("{\"a\": 1}", ChangesList.value(Json.parse("{\"a\": 1}")));
        StringBuilder items = new StringBuilder("[0");
        for (int i = 1; i < 108_900; i++) {
            items.append(',').append(i);
        }
        assertEquals("[…108,900 items]", ChangesList.value(Json.parse(items + "]")));
        String longText = ChangesList.value(Json.parse("\"" + "y".repeat(1000) + "\""));
        assertTrue(longText.endsWith("… (1,002 characters)"), longText);
    }
}
