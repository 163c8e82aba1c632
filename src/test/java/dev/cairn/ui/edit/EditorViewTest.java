package dev.cairn.ui.edit;

import static dev.cairn.ui.TestWindow.fx;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cairn.backend.StoredState;
import dev.cairn.backend.Version;
import dev.cairn.state.Json;
import dev.cairn.state.RenderedState;
import dev.cairn.state.StateDocument;
import dev.cairn.ui.FxTestSupport;
import dev.cairn.ui.TestWindow;
import dev.cairn.ui.inspect.StyledJson;
import dev.cairn.ui.task.RunningTask;
import dev.cairn.ui.task.TaskExecutor;
import dev.cairn.ui.theme.Styles;
import java.util.concurrent.atomic.AtomicInteger;
import javafx.application.Platform;
import javafx.beans.property.SimpleStringProperty;
import javafx.collections.ListChangeListener;
import javafx.scene.Scene;
import javafx.stage.Stage;
import org.fxmisc.richtext.CodeArea;
import org.fxmisc.richtext.model.TwoDimensional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** The editor tab on its own, headless: typing is highlighted and validated once it pauses, not per keystroke. */
@Tag("window")
class EditorViewTest {

    private TaskExecutor executor;
    private EditorViewModel model;
    private EditorView view;
    private Stage stage;
    private final AtomicInteger validations = new AtomicInteger();

    @BeforeEach
    void open() throws Exception {
        FxTestSupport.start();
        executor = new TaskExecutor(2, Platform::runLater);
        StoredState read = StoredState.present("dev:tap-a-to-target-b", StateDocument.of(Json.parse(
                "{\"singer_state\": {\"bookmarks\": {\"a\": {\"replication_key_value\": \"2024-05-01\"}}}}"), Json.object()),
                Version.of("1"));
        fx(() -> {
            model = new EditorViewModel(executor, null, null);
            view = new EditorView(model, () -> { }, new SimpleStringProperty(""));
            stage = new Stage();
            stage.setScene(new Scene(view, 800, 600));
            stage.show();
            executor.running().addListener((ListChangeListener<RunningTask>) change -> {
                while (change.next()) {
                    change.getAddedSubList().stream().filter(t -> t.title().equals("Validating")).forEach(t -> validations.incrementAndGet());
                }
            });
            model.setSubject(read, new RenderedState(read.document()));
            return null;
        });
        TestWindow.waitFor(() -> view.area() != null && model.validationProperty().get() != null && executor.running().isEmpty());
    }

    @AfterEach
    void close() throws Exception {
        fx(() -> {
            stage.close();
            return null;
        });
        executor.close();
    }

    @Test
    void severalQuickEditsAreValidatedAndHighlightedOnceTypingPauses() throws Exception {
        validations.set(0);
        int[] added = new int[2];
        fx(() -> {
            CodeArea area = view.area();
            int year = area.getText().indexOf("2024");
            area.replaceText(year + 3, year + 4, "3");
            area.replaceText(year + 6, year + 7, "4");
            int key = area.getText().indexOf("\"replication_key_value\"");
            area.insertText(key, "\"added\": 12345,\n        ");
            added[0] = area.offsetToPosition(key, TwoDimensional.Bias.Forward).getMajor();
            added[1] = area.getParagraph(added[0]).getText().indexOf("12345") + 1;
            // Still on the FX thread, so typing has not paused yet:
            assertTrue(view.saveButton().isDisable(), "Save waits for the typing to reach the model");
            assertFalse(area.getStyleOfChar(added[0], added[1]).contains(Styles.JSON_NUMBER), "not highlighted while typing");
            return null;
        });
        TestWindow.waitFor(() -> model.textProperty().get().contains("12345") && executor.running().isEmpty()
                && !view.saveButton().isDisable());
        // Not a wait for something but a span with nothing in it: had the burst been cut in three, the
        // other validations would come within a settle of the first, so two settles must pass without one.
        Thread.sleep(EditorView.SETTLE.toMillis() * 2);
        assertEquals(1, validations.get(), "three edits, one validation");
        assertTrue(fx(() -> view.area().getStyleOfChar(added[0], added[1]).contains(Styles.JSON_NUMBER)));
        assertEquals("2023-04-01", fx(() -> model.validationProperty().get().document()
                .at("/singer_state/bookmarks/a/replication_key_value").asText()));
    }

    /** A document too large to edit says so alone: no "Loading …" left behind, no validation running. */
    @Test
    void aDocumentTooLargeToEditIsNeitherLoadingNorValidated() throws Exception {
        validations.set(0);
        StringBuilder many = new StringBuilder("{\"singer_state\": {\"ids\": [0");
        for (int i = 1; i <= StyledJson.MAX_ROWS; i++) {
            many.append(", ").append(i);
        }
        StoredState big = StoredState.present("dev:tap-big-to-target-b", StateDocument.of(Json.parse(many + "]}}"),
                Json.object()), Version.of("9"));
        fx(() -> {
            model.setSubject(big, new RenderedState(big.document()));
            return null;
        });
        TestWindow.waitFor(() -> executor.running().isEmpty() && model.loadedProperty().get() != null
                && model.loadedProperty().get().stateId().equals("dev:tap-big-to-target-b"));
        assertTrue(fx(() -> model.loadedProperty().get().tooLarge()));
        assertEquals("", fx(() -> model.statusProperty().get()), "the status still said it was loading");
        assertEquals(0, validations.get(), "a document that cannot be edited was validated");
        assertTrue(fx(() -> model.problems().isEmpty()));
    }

    /** The find bar keeps what it seeks while the same state is read again, and starts empty on another state. */
    @Test
    void theFindBarStartsEmptyOnAnotherState() throws Exception {
        fx(() -> {
            view.findBar().field().setText("replication_key_value");
            StoredState again = StoredState.present("dev:tap-a-to-target-b", StateDocument.of(Json.parse(
                    "{\"singer_state\": {}}"), Json.object()), Version.of("2"));
            model.setSubject(again, new RenderedState(again.document()));
            return null;
        });
        TestWindow.waitFor(() -> view.area() != null && view.area().getText().contains("singer_state") && executor.running().isEmpty());
        assertEquals("replication_key_value", fx(() -> view.findBar().field().getText()));
        fx(() -> {
            StoredState other = StoredState.present("dev:tap-c-to-target-d", StateDocument.of(Json.parse(
                    "{\"singer_state\": {}}"), Json.object()), Version.of("3"));
            model.setSubject(other, new RenderedState(other.document()));
            return null;
        });
        TestWindow.waitFor(() -> executor.running().isEmpty() && model.loadedProperty().get() != null
                && model.loadedProperty().get().stateId().equals("dev:tap-c-to-target-d"));
        assertEquals("", fx(() -> view.findBar().field().getText()));
    }
}
