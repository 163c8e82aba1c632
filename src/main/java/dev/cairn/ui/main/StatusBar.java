package dev.cairn.ui.main;

import dev.cairn.ui.Texts;
import dev.cairn.ui.task.RunningTask;
import dev.cairn.ui.theme.Styles;
import javafx.beans.Observable;
import javafx.beans.binding.Bindings;
import javafx.collections.ListChangeListener;
import javafx.collections.ObservableList;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressBar;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;

/**
 * What runs in the background: the latest task's title and progress, a count, and Cancel — shown
 * only while some task can still be stopped (a write that started cannot).
 */
public final class StatusBar extends HBox {

    private final Label left = new Label();
    private final Label task = new Label();
    private final ProgressBar progress = new ProgressBar();
    private final Button cancel = new Button(Texts.get("form.cancel"));

    public StatusBar(ObservableList<RunningTask> tasks, Runnable cancelAll) {
        super(8);
        getStyleClass().add(Styles.STATUS_BAR);
        setAlignment(Pos.CENTER_LEFT);
        progress.setPrefWidth(140);
        cancel.setId("status-cancel");
        cancel.setOnAction(e -> cancelAll.run());
        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        left.getStyleClass().add(Styles.MUTED);
        task.getStyleClass().add(Styles.MUTED);
        // at 1024 px a notice and a long task title (a URI) share the row: each is whole on hover
        Styles.wholeTextAsTooltip(left);
        Styles.wholeTextAsTooltip(task);
        getChildren().addAll(left, spacer, task, progress, cancel);
        tasks.addListener((ListChangeListener<RunningTask>) change -> update(tasks));
        update(tasks);
    }

    public Label leftLabel() {
        return left;
    }

    private void update(ObservableList<RunningTask> tasks) {
        boolean busy = !tasks.isEmpty();
        progress.setVisible(busy);
        cancel.visibleProperty().bind(Bindings.createBooleanBinding(
                () -> tasks.stream().anyMatch(t -> t.stoppableProperty().get()),
                tasks.stream().map(RunningTask::stoppableProperty).toArray(Observable[]::new)));
        pseudoClassStateChanged(Styles.BUSY, busy);
        if (!busy) {
            task.textProperty().unbind();
            task.setText("");
            progress.progressProperty().unbind();
            return;
        }
        RunningTask latest = tasks.get(tasks.size() - 1);
        String more = tasks.size() > 1 ? " (+" + (tasks.size() - 1) + " more)" : "";
        task.textProperty().bind(Bindings.createStringBinding(() -> latest.title()
                + (latest.messageProperty().get().isEmpty() ? "" : " — " + latest.messageProperty().get()) + more,
                latest.messageProperty()));
        progress.progressProperty().bind(latest.progressProperty());
    }
}
