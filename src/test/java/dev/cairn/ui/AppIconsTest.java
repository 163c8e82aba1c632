package dev.cairn.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.cairn.ui.app.App;
import java.util.List;
import javafx.scene.image.Image;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

@Tag("window")
class AppIconsTest {

    @BeforeAll
    static void startFx() throws Exception {
        FxTestSupport.start();
    }

    @Test
    void theWindowIconsAreBundledInEachSize() {
        List<Image> icons = App.windowIcons();
        assertEquals(List.of(16.0, 32.0, 48.0, 256.0), icons.stream().map(Image::getWidth).toList());
        icons.forEach(icon -> assertFalse(icon.isError(), () -> icon.getUrl() + ": " + icon.getException()));
    }
}
