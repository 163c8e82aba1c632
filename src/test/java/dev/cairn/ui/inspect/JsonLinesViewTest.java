package dev.cairn.ui.inspect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.cairn.ui.FxTestSupport;
import dev.cairn.ui.TestWindow;
import dev.cairn.ui.theme.Styles;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.text.Text;
import javafx.stage.Stage;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.testfx.util.WaitForAsyncUtils;

/** The fast viewer's gutter, headless. */
@Tag("window")
class JsonLinesViewTest {

    /** Line numbers past a million, the size of a large partitioned state pretty-printed. */
    private static final int ROWS = 2_345_678;

    @Test
    void lineNumbersPastAMillionAreShownWhole() throws Exception {
        assertDrawnWhole(shownNumbers(ROWS, view -> view.scrollTo(ROWS - 5), null), 7);
    }

    @Test
    void theGutterWidensWhenTheStylesheetChangesTheNumbersFont() throws Exception {
        // a cell filled before the stylesheet reached it, or a theme with a bigger font: sized again
        assertDrawnWhole(shownNumbers(40, view -> { }, ".line-number { -fx-font-size: 22px; -fx-padding: 0 10 0 6; }"), 2);
    }

    private static void assertDrawnWhole(List<String> shown, int digits) {
        List<String> some = shown.stream().filter(pair -> pair.indexOf('|') == digits).collect(Collectors.toList());
        assertFalse(some.isEmpty(), "rows with " + digits + "-digit numbers are shown");
        for (String pair : some) {
            String[] sides = pair.split("\\|", -1);
            assertEquals(sides[0], sides[1], "the number as drawn");
        }
    }

    /** Each shown line number and its text as drawn, "number|drawn", after {@code restyle} was added to the scene, if any. */
    private static List<String> shownNumbers(int rows, Consumer<JsonLinesView> scroll, String restyle) throws Exception {
        FxTestSupport.start();
        return WaitForAsyncUtils.asyncFx(() -> {
            JsonLinesView view = new JsonLinesView(new RowSource() {
                @Override
                public int rowCount() {
                    return rows;
                }

                @Override
                public String row(int row) {
                    return "    \"replication_key_value\": \"2024-06-01T00:00:00Z\",";
                }

                @Override
                public int lineNumber(int row) {
                    return row + 1;
                }
            });
            Stage stage = new Stage();
            stage.setScene(new Scene(view, 600, 300));
            stage.getScene().getStylesheets().add(JsonLinesView.class.getResource(Styles.STYLESHEET).toExternalForm());
            stage.getScene().getRoot().getStyleClass().add(Styles.APP);
            stage.show();
            scroll.accept(view);
            view.layout();
            if (restyle != null) {
                stage.getScene().getStylesheets().add("data:text/css;base64,"
                        + Base64.getEncoder().encodeToString(restyle.getBytes(StandardCharsets.UTF_8)));
                view.applyCss();
                view.layout();
            }
            List<String> texts = view.lookupAll("." + Styles.LINE_NUMBER).stream()
                    .map(node -> (Label) node)
                    .filter(label -> !label.getText().isEmpty())
                    .map(label -> label.getText() + "|" + ((Text) label.lookup(".text")).getText())
                    .collect(Collectors.toList());
            stage.close();
            return texts;
        }).get(TestWindow.WAIT.toSeconds(), TimeUnit.SECONDS);
    }
}
