package dev.cairn.ui.inspect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.cairn.ui.FxTestSupport;
import dev.cairn.ui.theme.Styles;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.text.Text;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.testfx.util.WaitForAsyncUtils;

/** The fast viewer's gutter, headless. */
class JsonLinesViewTest {

    /** Line numbers past a million, the size of a large partitioned state pretty-printed. */
    private static final int ROWS = 2_345_678;

    @Test
    void lineNumbersPastAMillionAreShownWhole() throws Exception {
        FxTestSupport.start();
        List<String> shown = WaitForAsyncUtils.asyncFx(() -> {
            JsonLinesView view = new JsonLinesView(new RowSource() {
                @Override
                public int rowCount() {
                    return ROWS;
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
            view.scrollTo(ROWS - 5);
            view.layout();
            List<String> texts = view.lookupAll("." + Styles.LINE_NUMBER).stream()
                    .map(node -> (Label) node)
                    .filter(label -> label.getText().length() == 7)
                    .map(label -> label.getText() + "|" + ((Text) label.lookup(".text")).getText())
                    .collect(Collectors.toList());
            stage.close();
            return texts;
        }).get(10, TimeUnit.SECONDS);
        assertFalse(shown.isEmpty(), "rows near the end are shown");
        for (String pair : shown) {
            String[] sides = pair.split("\\|");
            assertEquals(sides[0], sides[1], "the number as drawn");
        }
    }
}
