package dev.cairn.ui.services;

import java.nio.file.Path;

/**
 * Hands a file or folder to the desktop (the log to a text viewer, a folder to the file manager).
 * The app opens through JavaFX's {@code HostServices}; tests record the calls.
 */
@FunctionalInterface
public interface DesktopOpener {

    void open(Path path);
}
