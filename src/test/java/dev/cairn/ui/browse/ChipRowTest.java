package dev.cairn.ui.browse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cairn.ui.FxTestSupport;
import java.util.List;
import java.util.stream.IntStream;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.MenuButton;
import javafx.scene.control.ToggleButton;
import javafx.scene.layout.StackPane;
import javafx.stage.Stage;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.testfx.util.WaitForAsyncUtils;

@Tag("window")
class ChipRowTest {

    @Test
    void chipsThatDoNotFitFoldIntoOneMenuAtTheEndOfTheirOneRow() throws Exception {
        FxTestSupport.start();
        String[] found = WaitForAsyncUtils.asyncFx(() -> {
            ChipRow row = new ChipRow();
            List<ToggleButton> chips = IntStream.range(0, 10).mapToObj(i -> new ToggleButton("partial pending " + i)).toList();
            boolean[] fired = new boolean[1];
            chips.get(9).setOnAction(e -> fired[0] = true);
            row.chips().setAll(chips);
            StackPane root = new StackPane(row);
            Stage stage = new Stage();
            stage.setScene(new Scene(root, 320, 100));
            stage.show();
            root.applyCss();
            root.layout();
            List<Node> shown = row.getChildrenUnmodifiable().stream().filter(Node::isVisible).toList();
            long tops = shown.stream().map(n -> n.getBoundsInParent().getMinY()).distinct().count();
            MenuButton more = (MenuButton) shown.get(shown.size() - 1);
            double right = more.getBoundsInParent().getMaxX();
            more.getItems().get(more.getItems().size() - 1).fire();
            stage.close();
            return new String[] {String.valueOf(tops), more.getText(), String.valueOf(shown.size() - 1),
                    String.valueOf(right <= row.getWidth()), String.valueOf(fired[0])};
        }).get();
        assertEquals("1", found[0], "one row");
        assertEquals("+" + (10 - Integer.parseInt(found[2])), found[1], "the folded chips are counted");
        assertTrue(Integer.parseInt(found[2]) >= 1, "the chips that fit are shown");
        assertEquals("true", found[3], "the menu is inside the row");
        assertEquals("true", found[4], "a folded chip chosen from the menu acts as clicked");
    }
}
