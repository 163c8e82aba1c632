package dev.cairn.ui;

import dev.cairn.ui.about.AboutViewModel;
import dev.cairn.ui.connect.ProjectEnvironment;
import dev.cairn.ui.connect.SavedConnection;
import dev.cairn.ui.dialog.DialogService;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.UnaryOperator;

/**
 * Dialogs answered as a test scripts them, as a user would fill them in; each question asked is
 * recorded. A typed confirmation passes only when the scripted text is what the dialog asks for.
 */
public final class ScriptedDialogs implements DialogService {

    public UnaryOperator<SavedConnection> edit = c -> null;
    public String typed = "";
    public ConnectRequest connect;
    public AlreadyOpen alreadyOpen;
    public Path folder;
    /** Where a save-file chooser saves (null: cancelled). */
    public Path saveAs;
    /** The file an open-file chooser picks (null: cancelled). */
    public Path openFile;
    public List<String> pick = List.of();
    public final List<String> asked = new ArrayList<>();

    @Override
    public Optional<ConnectRequest> askConnection(List<SavedConnection> saved) {
        asked.add("connect");
        return Optional.ofNullable(connect);
    }

    @Override
    public boolean confirm(String action, String target) {
        asked.add(action + " " + target);
        return true;
    }

    @Override
    public boolean confirmTyped(String action, String target, String mustType) {
        asked.add(action + " " + target + ": type " + mustType);
        return typed.equals(mustType);
    }

    @Override
    public Optional<SavedConnection> editConnection(SavedConnection connection) {
        asked.add("edit " + connection.name());
        return Optional.ofNullable(edit.apply(connection));
    }

    @Override
    public Optional<AlreadyOpen> askAlreadyOpen(String openName, String uri) {
        asked.add(openName + " is open already");
        return Optional.ofNullable(alreadyOpen);
    }

    @Override
    public Optional<Path> chooseFile(String title) {
        return Optional.ofNullable(openFile);
    }

    @Override
    public Optional<Path> chooseSaveFile(String title, String fileName) {
        asked.add(title);
        return Optional.ofNullable(saveAs);
    }

    @Override
    public Optional<Path> chooseFolder(String title) {
        asked.add(title);
        return Optional.ofNullable(folder);
    }

    @Override
    public List<ProjectEnvironment> pickEnvironments(List<ProjectEnvironment> found) {
        asked.add("open " + found.stream().map(e -> e.name() + " (" + e.location().uri() + ")").toList());
        return found.stream().filter(e -> pick.contains(e.environment())).toList();
    }

    @Override
    public void showAbout(AboutViewModel about) {
        asked.add("about");
    }
}
