package dev.cairn;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

@Tag("unit")
class MainTest {

    @Test
    void theWindowDropsJavaFxsClassPathWarningAndNothingElse() {
        Logger javafx = Logger.getLogger("javafx");
        Logger css = Logger.getLogger("javafx.css");
        List<String> printed = new ArrayList<>();
        Handler handler = new Handler() {
            @Override
            public void publish(LogRecord record) {
                printed.add(record.getMessage());
            }

            @Override
            public void flush() { }

            @Override
            public void close() { }
        };
        javafx.addHandler(handler);
        try {
            Main.dropJavaFxClassPathWarning();
            javafx.warning("Unsupported JavaFX configuration: classes were loaded from 'unnamed module @69eee410'");
            javafx.warning("Something else JavaFX says");
            css.log(Level.WARNING, "Could not resolve '-x' while resolving lookups for '-fx-text-fill'");
        } finally {
            javafx.removeHandler(handler);
            javafx.setFilter(null);
        }
        assertEquals(List.of("Something else JavaFX says", "Could not resolve '-x' while resolving lookups for '-fx-text-fill'"), printed);
    }
}
