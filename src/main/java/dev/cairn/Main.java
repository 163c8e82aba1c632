package dev.cairn;

import dev.cairn.cli.Cli;
import dev.cairn.ops.logging.Logs;
import dev.cairn.ui.app.App;
import javafx.application.Application;

/** Entry point of {@code cairn.jar}: the desktop app without arguments, the command line with them. */
public final class Main {

    private Main() {}

    public static void main(String[] args) {
        // the window replaces it with one that also shows the error (ui.main.UncaughtErrors)
        Thread.setDefaultUncaughtExceptionHandler(Logs::uncaught);
        if (args.length == 0) {
            Display.problem(System.getProperty("os.name", ""), System.getProperty("glass.platform"), System.getenv(),
                    Display::reachable).ifPresentOrElse(line -> {
                System.err.println(line);
                System.exit(1);
            }, () -> Application.launch(App.class));
            return;
        }
        System.exit(Cli.run(args));
    }
}
