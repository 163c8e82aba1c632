package dev.cairn.ui.dialog;

import dev.cairn.ui.about.AboutViewModel;
import dev.cairn.ui.connect.ProjectEnvironment;
import dev.cairn.ui.connect.SavedConnection;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * The one way screens open dialogs, so tests can answer them. Confirmations name the action and
 * the target ("Forget saved connection prod-state (s3://acme-state)"), never "OK?".
 */
public interface DialogService {

    /** Asks for a connection: a URI with its environment and options, or one of the saved ones. */
    Optional<ConnectRequest> askConnection(List<SavedConnection> saved);

    boolean confirm(String action, String target);

    /**
     * Asks for a confirmation the user must type: {@code mustType} (a connection's name) has to be
     * typed exactly before the action's button is enabled, as the write sheet asks on production.
     */
    boolean confirmTyped(String action, String target, String mustType);

    /** The connect form prefilled with {@code connection}; returns the edited connection. */
    Optional<SavedConnection> editConnection(SavedConnection connection);

    /** The URI being connected is open already as {@code openName}: switch to it, or open a second one? */
    Optional<AlreadyOpen> askAlreadyOpen(String openName, String uri);

    /** What to do when connecting a URI that is open already. */
    enum AlreadyOpen { SWITCH_TO_IT, OPEN_ANOTHER }

    /** Asks for a file to read (a JSON document to merge). */
    Optional<Path> chooseFile(String title);

    /** Asks where to save a file (a report), {@code fileName} suggested; empty when cancelled. */
    Optional<Path> chooseSaveFile(String title, String fileName);

    /** A folder (a Meltano project's), or empty when cancelled. */
    Optional<Path> chooseFolder(String title);

    /** The environments of a project to open, each shown with its state backend; empty when cancelled. */
    List<ProjectEnvironment> pickEnvironments(List<ProjectEnvironment> found);

    /** Shows Help → About beside the window (not modal). */
    void showAbout(AboutViewModel about);

    /** What the connect dialog returns: the connection to open and whether to save it. */
    record ConnectRequest(SavedConnection connection, boolean save) { }
}
