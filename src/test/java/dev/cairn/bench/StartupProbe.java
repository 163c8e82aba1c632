package dev.cairn.bench;

import dev.cairn.Main;
import javafx.collections.ListChangeListener;
import javafx.stage.Window;

/**
 * The app as {@code java dev.cairn.Main} starts it, plus one line on stdout when the first window is
 * shown, so the benchmark can time JVM start to first window from a child process. Test scope: the
 * shipped app has no hook for it.
 */
public final class StartupProbe {

    static final String MARKER = "CAIRN-FIRST-WINDOW-SHOWN";

    private StartupProbe() {}

    public static void main(String[] args) {
        reportFirstWindow();
        Main.main(new String[0]);
    }

    /**
     * Prints {@link #MARKER} when the process's first window is shown, then ends the process unless
     * {@code cairn.startup.stay} is set.
     */
    static void reportFirstWindow() {
        // the list of showing windows is a plain static list: watching it needs no toolkit yet, and
        // a window joins it when it is shown (on the FX thread, inside Stage.show())
        Window.getWindows().addListener((ListChangeListener<Window>) change -> {
            while (change.next()) {
                if (change.wasAdded()) {
                    System.out.println(MARKER);
                    System.out.flush();
                    if (!Boolean.getBoolean("cairn.startup.stay")) {
                        // the parent has its figure; end without waiting for a user
                        new Thread(() -> System.exit(0)).start();
                    }
                    return;
                }
            }
        });
    }
}
