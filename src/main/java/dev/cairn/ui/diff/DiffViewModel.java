package dev.cairn.ui.diff;

import dev.cairn.backend.StateBackend;
import dev.cairn.backend.StateStorage;
import dev.cairn.backend.StoredState;
import dev.cairn.state.PrettyText;
import dev.cairn.state.RenderedState;
import dev.cairn.state.StateDocument;
import dev.cairn.state.StateError;
import dev.cairn.state.StatePart;
import dev.cairn.ui.Selection;
import dev.cairn.ui.SelectionTab;
import dev.cairn.ui.Texts;
import dev.cairn.ui.task.BackgroundTask;
import dev.cairn.ui.task.TaskExecutor;
import dev.cairn.ui.task.TaskSlot;
import dev.cairn.ui.task.UserError;
import java.util.List;
import java.util.Objects;
import java.util.function.UnaryOperator;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleIntegerProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * What the diff tab compares and the result: by default what the pending partial state changes
 * (completed → effective), or completed against partial, or the selected ID against the same ID in
 * another open backend (prod vs staging), or against another ID.
 */
public final class DiffViewModel implements SelectionTab {

    /** What is compared with what. */
    public enum Mode {
        PARTIAL_EFFECT("diff.mode.partialEffect"),
        COMPLETED_VS_PARTIAL("diff.mode.completedVsPartial"),
        OTHER_BACKEND("diff.mode.otherBackend"),
        OTHER_ID("diff.mode.otherId");

        private final String key;

        Mode(String key) {
            this.key = key;
        }

        @Override
        public String toString() {
            return Texts.get(key);
        }
    }

    /**
     * An open backend to compare with, by the name the sidebar shows; {@code idThere} names an ID
     * there (Compare backends… with a rename: {@code dev:*=prod:*}), else the same ID.
     */
    public record BackendChoice(String name, StateBackend backend, UnaryOperator<String> idThere) {
        public BackendChoice(String name, StateBackend backend) {
            this(name, backend, UnaryOperator.identity());
        }

        @Override
        public String toString() {
            return name;
        }
    }

    private final TaskSlot computing;
    private final ObjectProperty<Mode> mode = new SimpleObjectProperty<>(this, "mode", Mode.PARTIAL_EFFECT);
    private final ObservableList<BackendChoice> otherBackends = FXCollections.observableArrayList();
    private final ObjectProperty<BackendChoice> otherBackend = new SimpleObjectProperty<>(this, "otherBackend");
    private final StringProperty otherId = new SimpleStringProperty(this, "otherId", "");
    private final ReadOnlyObjectWrapper<AlignedDiff> diff = new ReadOnlyObjectWrapper<>(this, "diff");
    private final ReadOnlyStringWrapper leftTitle = new ReadOnlyStringWrapper(this, "leftTitle", "");
    private final ReadOnlyStringWrapper rightTitle = new ReadOnlyStringWrapper(this, "rightTitle", "");
    private final ReadOnlyStringWrapper message = new ReadOnlyStringWrapper(this, "message", "");
    private final IntegerProperty hunk = new SimpleIntegerProperty(this, "hunk", -1);
    private final ObjectProperty<UserError> error = new SimpleObjectProperty<>(this, "error");
    private Selection subject;
    private boolean active;
    /** What the diff (or the message standing for it) shows now; null when it must be computed again. */
    private Selection shown;
    /** The last pair of backends compared and whether they share a storage (written by the computing task). */
    private volatile SharedStorage sharedStorage;

    public DiffViewModel(TaskExecutor executor) {
        this.computing = new TaskSlot(executor);
        mode.addListener((o, a, b) -> recompute());
        otherBackend.addListener((o, a, b) -> {
            if (mode.get() == Mode.OTHER_BACKEND) {
                recompute();
            }
        });
    }

    @Override
    public void activate(Selection selection) {
        active = true;
        if (selection != null && selection == shown) {
            return;
        }
        subject = selection;
        recompute();
    }

    @Override
    public void deactivate() {
        active = false;
        if (computing.isBusy()) {
            computing.cancel();
            shown = null;
        }
    }

    /** Compares again with the current inputs (mode, other backend, other ID); while hidden, only notes that it must. */
    public void recompute() {
        if (!active) {
            shown = null;
            return;
        }
        diff.set(null);
        hunk.set(-1);
        Selection selection = subject;
        shown = selection;
        if (selection == null) {
            computing.cancel();
            message.set(Texts.get("diff.none"));
            return;
        }
        Mode m = mode.get();
        StoredState stored = selection.stored();
        RenderedState texts = selection.rendered();
        String backendName = selection.backendName();
        StateBackend here = selection.backend();
        BackendChoice there = otherBackend.get();
        String id = otherId.get() == null ? "" : otherId.get().strip();
        if (m == Mode.OTHER_BACKEND && there == null) {
            message.set(Texts.get(otherBackends.isEmpty() ? "diff.openSecond" : "diff.pickBackend"));
            return;
        }
        if (m == Mode.OTHER_ID && id.isEmpty()) {
            message.set(Texts.get("diff.typeId"));
            return;
        }
        message.set("Comparing …");
        BackgroundTask<Result> comparing = BackgroundTask.of("Comparing " + stored.stateId(), context -> {
            Sides sides = sides(m, texts, stored.stateId(), backendName, here, there, id, context::checkCancelled);
            return new Result(sides, AlignedDiff.of(sides.left(), sides.right()));
        });
        // what reads a backend waits in that backend's lane; comparing the selection's own texts reads none
        if (m == Mode.OTHER_BACKEND) {
            comparing.lane(there.backend());
        } else if (m == Mode.OTHER_ID) {
            comparing.lane(here);
        }
        computing.run(comparing, result -> {
            leftTitle.set(result.sides().leftTitle());
            rightTitle.set(result.sides().rightTitle());
            diff.set(result.diff());
            message.set(result.diff().summary().description() + result.sides().note());
            hunk.set(result.diff().hunkStarts().length > 0 ? 0 : -1);
        }, failure -> {
            message.set(failure.message());
            error.set(failure);
        }, () -> {
            shown = null;
            message.set("Comparing " + stored.stateId() + " was cancelled. Refresh (Ctrl+R) compares again.");
        });
    }

    /** The two texts and their titles; {@code note} is said after the summary ("" for nothing). */
    private record Sides(String leftTitle, PrettyText left, String rightTitle, PrettyText right, String note) {
        Sides(String leftTitle, PrettyText left, String rightTitle, PrettyText right) {
            this(leftTitle, left, rightTitle, right, "");
        }
    }

    private record Result(Sides sides, AlignedDiff diff) { }

    /** The two texts compared; the selection's own are its shared ones, printed once for every tab. */
    private Sides sides(Mode m, RenderedState texts, String name, String backendName, StateBackend here,
                        BackendChoice there, String id, Runnable checkCancelled) throws StateError {
        StateDocument doc = texts.document();
        switch (m) {
            case COMPLETED_VS_PARTIAL:
                requireJson(doc.completed(), "completed");
                requireJson(doc.partial(), "partial");
                return new Sides("completed", texts.completed(checkCancelled), "partial", texts.partial(checkCancelled));
            case OTHER_BACKEND: {
                String otherName = there.idThere().apply(name);
                StoredState other = there.backend().read(otherName);
                boolean itself = sharedStorage(here, there.backend())
                        && here.storageKey(name).equals(there.backend().storageKey(otherName));
                String note = itself
                        ? " " + backendName + " and " + there.name() + " name the same storage: this is the state compared with itself."
                        : "";
                String renamed = otherName.equals(name) ? "" : " · " + otherName;
                return new Sides(backendName + " · effective", texts.effective(checkCancelled),
                        there.name() + renamed + " · effective", PrettyText.of(other.document().effective()), note);
            }
            case OTHER_ID: {
                StoredState other = here.read(id);
                return new Sides(name + " · effective", texts.effective(checkCancelled), id + " · effective",
                        PrettyText.of(other.document().effective()));
            }
            default:
                requireJson(doc.completed(), "completed");
                return new Sides("completed", texts.completed(checkCancelled), "effective (what the tap gets)",
                        texts.effective(checkCancelled));
        }
    }

    private record SharedStorage(StateBackend here, StateBackend there, boolean shared) { }

    /**
     * Whether the two backends keep their states in one storage ({@link StateStorage#shared}), asked
     * once per pair of backends rather than once per ID compared: asking may take a query, a file
     * look-up or a host name resolution per side, and stepping through the list compares one ID
     * after another.
     */
    private boolean sharedStorage(StateBackend here, StateBackend there) {
        SharedStorage known = sharedStorage;
        if (known == null || known.here() != here || known.there() != there) {
            known = new SharedStorage(here, there, StateStorage.shared(here, there));
            sharedStorage = known;
        }
        return known.shared();
    }

    private static void requireJson(StatePart part, String which) throws StateError {
        if (part.isCorrupt()) {
            throw new StateError(StateError.Kind.CORRUPT_JSON, "the " + which + " state is not valid JSON: "
                    + part.syntaxError().getMessage(), "");
        }
    }

    /** Moves to the next (or previous) change, wrapping around. */
    public void step(int delta) {
        AlignedDiff d = diff.get();
        if (d == null || d.hunkStarts().length == 0) {
            return;
        }
        int n = d.hunkStarts().length;
        hunk.set(Math.floorMod((hunk.get() < 0 ? 0 : hunk.get() + delta), n));
    }

    /** The row of the current change, or -1. */
    public int currentRow() {
        AlignedDiff d = diff.get();
        return d == null || hunk.get() < 0 ? -1 : d.hunkStarts()[hunk.get()];
    }

    public ObjectProperty<Mode> modeProperty() {
        return mode;
    }

    public ObservableList<BackendChoice> otherBackends() {
        return otherBackends;
    }

    public ObjectProperty<BackendChoice> otherBackendProperty() {
        return otherBackend;
    }

    public StringProperty otherIdProperty() {
        return otherId;
    }

    public ReadOnlyObjectProperty<AlignedDiff> diffProperty() {
        return diff.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty leftTitleProperty() {
        return leftTitle.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty rightTitleProperty() {
        return rightTitle.getReadOnlyProperty();
    }

    /** The summary ("3 streams changed, 1 added") or what to do to get one. */
    public ReadOnlyStringProperty messageProperty() {
        return message.getReadOnlyProperty();
    }

    public IntegerProperty hunkProperty() {
        return hunk;
    }

    public ObjectProperty<UserError> errorProperty() {
        return error;
    }

    /** Keeps the backend choices to the open backends other than the subject's. */
    public void setOtherBackends(List<BackendChoice> choices) {
        BackendChoice keep = otherBackend.get();
        otherBackends.setAll(choices);
        if (keep == null || choices.stream().noneMatch(c -> Objects.equals(c.backend(), keep.backend()))) {
            otherBackend.set(choices.isEmpty() ? null : choices.get(0));
        }
    }
}
