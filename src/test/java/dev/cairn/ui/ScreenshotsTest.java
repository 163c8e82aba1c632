package dev.cairn.ui;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cairn.ui.services.BackendOpener;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Generates the screenshots of README.md and docs/user-guide.md headless:
 * {@code mvn -q -o test -Dtest=ScreenshotsTest -Dcairn.screenshots=assets/screenshots}. Skipped
 * unless that property names the output folder.
 */
@Tag("window")
class ScreenshotsTest {

    @Test
    void rendersTheReadmePictures() throws Exception {
        String dir = System.getProperty("cairn.screenshots");
        Assumptions.assumeTrue(dir != null && !dir.isBlank(), "set -Dcairn.screenshots=<folder> to render screenshots");
        FxTestSupport.start();
        List<Path> written = new Screenshots(Path.of(dir), BackendOpener.DEFAULT).render();
        for (Path png : written) {
            assertTrue(Files.size(png) > 10_000, png + " looks empty");
            System.out.println("wrote " + png.toAbsolutePath());
        }
    }
}
