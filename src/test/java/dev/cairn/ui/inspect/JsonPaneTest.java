package dev.cairn.ui.inspect;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.cairn.state.Json;
import dev.cairn.state.PrettyText;
import dev.cairn.ui.FxTestSupport;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import javafx.scene.Scene;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.testfx.util.WaitForAsyncUtils;

/** Find in a shown document, headless: it finds as the query is typed and says which match of how many. */
class JsonPaneTest {

    private Stage stage;
    private JsonPane pane;

    private static <T> T fx(Callable<T> work) throws Exception {
        return WaitForAsyncUtils.asyncFx(work).get(10, TimeUnit.SECONDS);
    }

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
}
