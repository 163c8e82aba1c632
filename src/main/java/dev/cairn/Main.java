package dev.cairn;

import dev.cairn.cli.Cli;
import dev.cairn.ops.logging.Logs;
import dev.cairn.ui.app.App;
import java.util.logging.Logger;
import javafx.application.Application;

/** Entry point of {@code cairn.jar}: the desktop app without arguments, the command line with them. */
public final class Main {

    private Main() {}

    /**
     * JavaFX's own logger. The one jar carries JavaFX on the class path, as Cairn is built to run
     * ({@code java -jar}, and the packages' launchers); JavaFX warns at every start that it prefers
     * the module path, which tells a user nothing they can act on. That one message is dropped; the
     * logger's other messages (and its children's, CSS among them) are printed as ever. Held here:
     * a logger's filter lasts only as long as the logger is referenced. In a class of its own, so
     * that the command line does not start {@code java.util.logging}, which it never uses.
     */
    private static final class JavaFxLog {
        static final Logger JAVAFX = Logger.getLogger("javafx");
    }

    public static void main(String[] args) {
        // the window replaces it with one that also shows the error (ui.main.UncaughtErrors)
        Thread.setDefaultUncaughtExceptionHandler(Logs::uncaught);
        if (args.length == 0) {
            Display.problem(System.getProperty("os.name", ""), System.getProperty("glass.platform"), System.getenv(),
                    Display::reachable).ifPresentOrElse(line -> {
                System.err.println(line);
                System.exit(1);
            }, () -> {
                dropJavaFxClassPathWarning();
                Application.launch(App.class);
            });
            return;
        }
        System.exit(Cli.run(args));
    }

    static void dropJavaFxClassPathWarning() {
        JavaFxLog.JAVAFX.setFilter(r -> r.getMessage() == null || !r.getMessage().startsWith("Unsupported JavaFX configuration"));
    }
}
