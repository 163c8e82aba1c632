package dev.cairn.ui.check;

import dev.cairn.backend.LockStatus;
import dev.cairn.ops.CheckUp;
import dev.cairn.ops.CheckUp.Finding;
import dev.cairn.ops.CheckUp.Severity;
import dev.cairn.ops.Edit;
import dev.cairn.ui.Texts;
import dev.cairn.ui.lock.BreakLockViewModel;
import dev.cairn.ui.task.BackgroundTask;
import dev.cairn.ui.task.TaskExecutor;
import dev.cairn.ui.task.TaskSlot;
import dev.cairn.ui.task.UserError;
import dev.cairn.ui.write.WriteFlowViewModel;
import dev.cairn.ui.write.WriteTarget;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleObjectProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import javafx.collections.transformation.FilteredList;

/**
 * Check backend…: the window's {@code cairn check}. Runs {@link CheckUp} on one backend in its lane,
 * with progress and cancel; holds the findings, their counts per severity, a severity filter and the
 * selected finding (whose ID the ID list selects); exports the report as the command line writes it;
 * hands a finding's fix to the write flow (clear the partial state) or the Break lock form, and
 * checks again once the fix is written.
 */
public final class CheckViewModel {

    /** Where the report is. */
    public enum Stage { CHECKING, CHECKED, CANCELLED, FAILED }

    /** How an exported report is written, by its file's extension. */
    public enum Format {
        CSV, JSON;

        static Format of(Path file) {
            String name = file.getFileName().toString().toLowerCase(Locale.ROOT);
            return name.endsWith(".json") || name.endsWith(".jsonl") ? JSON : CSV;
        }
    }

    private final TaskSlot checking;
    private final TaskSlot working;
    private final WriteFlowViewModel flow;
    private final BreakLockViewModel breakLock;
    private final Consumer<String> selectId;
    private final ReadOnlyBooleanWrapper showing = new ReadOnlyBooleanWrapper(this, "showing");
    private final ReadOnlyObjectWrapper<Stage> stage = new ReadOnlyObjectWrapper<>(this, "stage", Stage.CHECKED);
    private final ObservableList<Finding> findings = FXCollections.observableArrayList();
    private final FilteredList<Finding> shown = new FilteredList<>(findings);
    private final ReadOnlyObjectWrapper<Map<Severity, Integer>> counts =
            new ReadOnlyObjectWrapper<>(this, "counts", new EnumMap<>(Severity.class));
    private final ObjectProperty<Severity> filter = new SimpleObjectProperty<>(this, "filter");
    private final ObjectProperty<Finding> selected = new SimpleObjectProperty<>(this, "selected");
    private final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper(this, "status", "");
    private final ReadOnlyStringWrapper notice = new ReadOnlyStringWrapper(this, "notice", "");
    private CheckUp.Report report;
    private WriteTarget target;

    /**
     * @param selectId selects an ID in the current backend's ID list, so the inspector shows it
     */
    public CheckViewModel(TaskExecutor executor, WriteFlowViewModel flow, BreakLockViewModel breakLock, Consumer<String> selectId) {
        this.checking = new TaskSlot(executor);
        this.working = new TaskSlot(executor);
        this.flow = flow;
        this.breakLock = breakLock;
        this.selectId = selectId;
        filter.addListener(o -> shown.setPredicate(f -> filter.get() == null || f.severity() == filter.get()));
        selected.addListener((o, was, now) -> {
            if (now != null && now.stateId() != null && now.kind() != CheckUp.Kind.STALE_RUN) {
                selectId.accept(now.stateId());
            }
        });
        // a fix written on this backend is checked for at once: the finding goes away
        flow.onWritten(command -> {
            if (showing.get() && target != null && command.backend() == target.backend()) {
                recheck();
            }
        });
        breakLock.onBroken(() -> {
            if (showing.get()) {
                recheck();
            }
        });
    }

    /** Shows the report for {@code backend} and checks it. */
    public void open(WriteTarget backend) {
        if (backend == null) {
            return;
        }
        if (showing.get() && target == backend && stage.get() == Stage.CHECKING) {
            return;
        }
        target = backend;
        showing.set(true);
        recheck();
    }

    /** Another backend became current: a report about the one before closes. */
    public void currentChanged(WriteTarget now) {
        if (showing.get() && (now == null || now.backend() != target.backend())) {
            close();
        }
    }

    /** Checks every state of the backend again. */
    public void recheck() {
        WriteTarget t = target;
        if (t == null) {
            return;
        }
        notice.set("");
        stage.set(Stage.CHECKING);
        status.set(Texts.get("check.status.starting"));
        long token = checking.nextToken();
        checking.run(BackgroundTask.of(Texts.get("check.task", t.name()), context ->
                new CheckUp(t.backend(), CheckUp.Options.defaults()).run((done, total) -> {
                    context.checkCancelled();
                    context.progress(done, total);
                    if (done == total || done % 100 == 0) {
                        checking.publish(token, () -> status.set(Texts.get("check.status.checking", done)));
                    }
                })).lane(t.backend()), this::show, failure -> {
                    status.set(UserError.sentence(failure.message()));
                    stage.set(Stage.FAILED);
                }, () -> {
                    status.set(Texts.get("check.status.cancelled"));
                    stage.set(Stage.CANCELLED);
                });
    }

    private void show(CheckUp.Report checked) {
        report = checked;
        Finding was = selected.get();
        findings.setAll(checked.findings());
        Map<Severity, Integer> n = new EnumMap<>(Severity.class);
        checked.findings().forEach(f -> n.merge(f.severity(), 1, Integer::sum));
        counts.set(n);
        selected.set(was != null && findings.contains(was) ? was : null);
        status.set(statusLine(checked.states(), n));
        stage.set(Stage.CHECKED);
    }

    static String statusLine(int states, Map<Severity, Integer> n) {
        if (n.isEmpty()) {
            return Texts.get("check.status.none", states);
        }
        return Texts.get("check.status.found", states, n.getOrDefault(Severity.ERROR, 0),
                n.getOrDefault(Severity.WARNING, 0), n.getOrDefault(Severity.NOTICE, 0));
    }

    /** Stops a check under way; the findings of the last one stay. */
    public void cancel() {
        if (stage.get() == Stage.CHECKING) {
            checking.cancel();
            status.set(Texts.get("check.status.cancelled"));
            stage.set(Stage.CANCELLED);
        }
    }

    public void close() {
        checking.cancel();
        working.cancel();
        if (stage.get() == Stage.CHECKING) {
            stage.set(Stage.CANCELLED);
        }
        showing.set(false);
    }

    /**
     * Hands a finding's fix to the window's write paths: clearing a partial state is previewed,
     * confirmed and journalled by the write flow (which keeps a read-only or production connection's
     * rules); a stale lock opens the Break lock form with the lock as read now.
     */
    public void fix(Finding finding) {
        WriteTarget t = target;
        if (t == null || finding == null || finding.fix() == null || finding.stateId() == null) {
            return;
        }
        String readOnly = t.whyReadOnly();
        if (readOnly != null) {
            // as the window's write actions, disabled on a connection that takes no writes, with the reason
            notice.set(readOnly);
            return;
        }
        notice.set("");
        switch (finding.fix()) {
            case CLEAR_PARTIAL -> flow.start(t, finding.stateId(), Edit.clearPartial(), null);
            case BREAK_STALE_LOCK -> working.run(BackgroundTask.of(Texts.get("check.readLock", finding.stateId()),
                    context -> t.backend().lockStatus(finding.stateId())).lane(t.backend()), lock -> {
                        if (lock.state() == LockStatus.State.STALE) {
                            breakLock.open(t, finding.stateId(), lock);
                        } else {
                            notice.set(Texts.get("check.lockGone", finding.stateId()));
                            recheck();
                        }
                    }, failure -> notice.set(UserError.sentence(failure.message())));
        }
    }

    /** Writes the last report to {@code file}, CSV or JSON lines by its extension, off the FX thread. */
    public void export(Path file) {
        CheckUp.Report r = report;
        if (r == null || file == null) {
            return;
        }
        Format format = Format.of(file);
        working.run(BackgroundTask.of(Texts.get("check.export.task", file.getFileName()), context -> {
            Files.write(file, lines(r, format), StandardCharsets.UTF_8);
            return file;
        }), written -> notice.set(Texts.get("check.exported", r.findings().size(), written)),
                failure -> notice.set(UserError.sentence(failure.message())));
    }

    static List<String> lines(CheckUp.Report report, Format format) {
        return format == Format.JSON ? report.jsonLines(CheckViewModel::fixHow) : report.csvLines(CheckViewModel::fixHow);
    }

    /** How a fix is made in the window, for the exported report. */
    static String fixHow(Finding f) {
        return switch (f.fix()) {
            case CLEAR_PARTIAL -> Texts.get("check.fixHow.clearPartial");
            case BREAK_STALE_LOCK -> Texts.get("check.fixHow.breakLock");
        };
    }

    /** The file name an export suggests: the backend's name and "check". */
    public String suggestedFileName() {
        String name = target == null ? "backend" : target.name().replaceAll("[^A-Za-z0-9._-]+", "-");
        return name + "-check.csv";
    }

    public String backendName() {
        return target == null ? "" : target.name();
    }

    public String backendUri() {
        return target == null ? "" : target.backend().displayUri();
    }

    public ReadOnlyBooleanProperty showingProperty() {
        return showing.getReadOnlyProperty();
    }

    public ReadOnlyObjectProperty<Stage> stageProperty() {
        return stage.getReadOnlyProperty();
    }

    /** Every finding of the last check, the worst first. */
    public ObservableList<Finding> findings() {
        return findings;
    }

    /** The findings the severity filter lets through. */
    public ObservableList<Finding> shown() {
        return shown;
    }

    public ReadOnlyObjectProperty<Map<Severity, Integer>> countsProperty() {
        return counts.getReadOnlyProperty();
    }

    /** The one severity shown, or null for all. */
    public ObjectProperty<Severity> filterProperty() {
        return filter;
    }

    public ObjectProperty<Finding> selectedProperty() {
        return selected;
    }

    /** "Checked 1,234 states: 2 errors, 5 warnings, 1 notice", "Checking… 300 states", … */
    public ReadOnlyStringProperty statusProperty() {
        return status.getReadOnlyProperty();
    }

    /** What an export or a fix said ("Exported 8 findings to …"), or "". */
    public ReadOnlyStringProperty noticeProperty() {
        return notice.getReadOnlyProperty();
    }
}
