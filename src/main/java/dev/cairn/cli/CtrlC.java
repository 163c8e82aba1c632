package dev.cairn.cli;

import java.util.function.Supplier;
import sun.misc.Signal;
import sun.misc.SignalHandler;

/**
 * Ctrl-C ends a watch as its own end does, with exit status 0 and its last line said, instead of
 * killing the JVM midway: SIGINT is handled while the work runs and handed back after.
 */
final class CtrlC {

    private CtrlC() {}

    /** Runs {@code work}, running {@code stop} (which must make the work return soon) on Ctrl-C. */
    static <T> T stops(Runnable stop, Supplier<T> work) {
        Signal interrupt = new Signal("INT");
        SignalHandler before;
        try {
            before = Signal.handle(interrupt, signal -> stop.run());
        } catch (IllegalArgumentException e) {
            before = null; // the JVM does not let SIGINT be handled (-Xrs): Ctrl-C kills it, as before
        }
        try {
            return work.get();
        } finally {
            if (before != null) {
                Signal.handle(interrupt, before);
            }
        }
    }
}
