package dev.cairn.ui.inspect;

import static dev.cairn.ui.TestWindow.fx;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cairn.state.Json;
import dev.cairn.state.PrettyText;
import dev.cairn.ui.FxTestSupport;
import dev.cairn.ui.task.TaskContext;
import dev.cairn.ui.theme.Styles;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** Find in a shown document, headless: it finds as the query is typed and says which match of how many. */
@Tag("window")
class JsonPaneTest {

    private Stage stage;
    private JsonPane pane;

    @BeforeEach
    void show() throws Exception {
        FxTestSupport.start();
        PrettyText text = PrettyText.print(Json.parse("{\"users\": {\"v\": 1}, \"Users_2\": {\"v\": 2}, \"groups\": {\"v\": 3},"
                + " \"user_groups\": {\"v\": 4}}"), () -> { }, StyledJson.MAX_ROWS, head -> { });
        pane = fx(() -> {
            JsonPane shown = new JsonPane();
            stage = new Stage();
            stage.setScene(new Scene(shown, 700, 400));
            stage.show();
            shown.show(ShownDocument.head(text, null, false));
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
    void warmingUpStylesEveryLabelWithTheStylesheet() throws Exception {
        // JavaFX says on its "javafx.css" logger when a lookup does not resolve: a label styled
        // without Cairn's stylesheet; the warm-up at start gave four such warnings on stderr
        Logger css = Logger.getLogger("javafx.css");
        List<String> warnings = new CopyOnWriteArrayList<>();
        Handler handler = new Handler() {
            @Override
            public void publish(LogRecord record) {
                warnings.add(record.getMessage());
            }

            @Override
            public void flush() { }

            @Override
            public void close() { }
        };
        css.addHandler(handler);
        try {
            fx(() -> {
                JsonPane.warmUp();
                return null;
            });
        } finally {
            css.removeHandler(handler);
        }
        assertEquals(List.of(), warnings);
    }

    private String typed(String query) throws Exception {
        return fx(() -> {
            pane.findBar().field().setText(query);
            return pane.findBar().status().getText();
        });
    }

    @Test
    void findsAsYouTypeAndCountsTheMatches() throws Exception {
        assertEquals("1 of 3 · line 2", typed("user"));
        assertEquals("1 of 2 · line 2", typed("users"), "the match shown still matches: it stays");
        assertEquals("2 of 2 · line 5", fx(() -> {
            pane.findBar().find(true);
            return pane.findBar().status().getText();
        }));
        assertEquals("1 of 2 · line 8", typed("groups\""));
        assertEquals("no match", typed("nobody"));
        assertEquals("", typed(""));
    }

    /**
     * A corrupt document's raw text, wrapped in a narrow pane: each line's number beside its first
     * row, none beside the rest of a long line (a 200-character line is two rows of the text). The
     * "1" stood beside the second wrapped row, and the long line's second row was numbered "2".
     */
    @Test
    void aWrappedRawLineIsNumberedOnceBesideItsFirstRow() throws Exception {
        String first = "{\"singer_state\": {\"bookmarks\": {\"users\": {\"replication_key\": \"updated_at\", ".repeat(3);
        PrettyText raw = PrettyText.raw(first + "\n\"replication_key_va", null);
        List<double[]> numbers = fx(() -> {
            JsonPane narrow = new JsonPane();
            Stage other = new Stage();
            other.setScene(new Scene(narrow, 320, 400));
            other.getScene().getStylesheets().add(JsonPane.class.getResource(Styles.STYLESHEET).toExternalForm());
            other.show();
            narrow.show(ShownDocument.of(raw, "Not valid JSON", true, TaskContext.NONE));
            narrow.applyCss();
            narrow.layout();
            List<double[]> found = new ArrayList<>();
            for (Node node : narrow.lookupAll("." + Styles.CODE_LINE_NUMBER)) {
                Label number = (Label) node;
                Bounds box = number.localToScene(number.getLayoutBounds());
                Node digits = number.lookup(".text");
                double top = digits == null ? box.getMinY() : digits.localToScene(digits.getLayoutBounds()).getMinY();
                found.add(new double[] {number.getText().isBlank() ? 0 : Integer.parseInt(number.getText().strip()),
                        top - box.getMinY(), box.getHeight()});
            }
            other.close();
            found.sort(Comparator.comparingDouble(n -> n[0] == 0 ? 1.5 : n[0]));
            return found;
        });
        assertEquals(List.of(1.0, 0.0, 2.0), numbers.stream().map(n -> n[0]).toList(), "the numbers of the three rows");
        assertTrue(numbers.get(0)[2] > 30, "the first row wraps: " + numbers.get(0)[2] + " px high");
        assertTrue(numbers.get(0)[1] < 4, "the \"1\" is " + numbers.get(0)[1] + " px below its row's top");
    }
}
