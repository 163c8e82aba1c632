package dev.cairn.ui.dialog;

import dev.cairn.ui.about.AboutViewModel;
import dev.cairn.ui.connect.ProjectEnvironment;
import dev.cairn.ui.connect.SavedConnection;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/** Dialogs that are never shown and answer "no": for rendering screenshots and for window tests. */
public final class NoDialogs implements DialogService {

    @Override
    public Optional<ConnectRequest> askConnection(List<SavedConnection> saved) {
        return Optional.empty();
    }

    @Override
    public boolean confirm(String action, String target) {
        return false;
    }

    @Override
    public boolean confirmTyped(String action, String target, String mustType) {
        return false;
    }

    @Override
    public Optional<SavedConnection> editConnection(SavedConnection connection) {
        return Optional.empty();
    }

    @Override
    public Optional<AlreadyOpen> askAlreadyOpen(String openName, String uri) {
        return Optional.empty();
    }

    @Override
    public Optional<Path> chooseFile(String title) {
        return Optional.empty();
    }

    @Override
    public Optional<Path> chooseSaveFile(String title, String fileName) {
        return Optional.empty();
    }

    @Override
    public Optional<Path> chooseFolder(String title) {
        return Optional.empty();
    }

    @Override
    public List<ProjectEnvironment> pickEnvironments(List<ProjectEnvironment> found) {
        return List.of();
    }

    @Override
    public void showAbout(AboutViewModel about) {
        // never shown
    }
}
