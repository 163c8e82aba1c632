package dev.cairn.ui.inspect;

import dev.cairn.backend.LockStatus;
import dev.cairn.backend.RunRow;
import dev.cairn.backend.StoredState;
import dev.cairn.ui.Texts;
import dev.cairn.ui.browse.Badge;
import dev.cairn.ui.browse.BadgeLabels;
import dev.cairn.ui.inspect.InspectorViewModel.Part;
import dev.cairn.ui.theme.Styles;
import java.time.Instant;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.Map;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

/**
 * The selected state: a header saying what the tap will start from and why (health, pending
 * partial, lock), and tabs with the effective, completed and partial documents; further tabs
 * (diff, bookmarks) are added by the window.
 */
public final class InspectorView extends BorderPane {

    private final InspectorViewModel model;
    private final Label title = new Label();
    private final HBox badges = new HBox();
    private final Label verdict = new Label();
    private final Label lock = new Label();
    private final TabPane tabs = new TabPane();
    private final VBox header;
    private final HBox titleRow;
    private final Map<Part, JsonPane> panes = new EnumMap<>(Part.class);
    private final Map<Part, Tab> partTabs = new EnumMap<>(Part.class);

    public InspectorView(InspectorViewModel model) {
        this.model = model;
        getStyleClass().add(Styles.INSPECTOR);
        title.getStyleClass().addAll(Styles.TITLE, Styles.STATE_ID);
        title.setMinWidth(0);
        Styles.wholeTextAsTooltip(title);
        verdict.setWrapText(true);
        verdict.getStyleClass().addAll(Styles.SUBTITLE, Styles.VERDICT, Styles.TWO_LINES);
        Styles.wholeTextAsTooltip(verdict);
        lock.getStyleClass().add(Styles.MUTED);
        // a running run's line (its ID, start, heartbeat) and the version do not fit a 1024 px window
        Styles.wholeTextAsTooltip(lock);
        badges.setSpacing(4);
        titleRow = new HBox(10, title, badges);
        titleRow.setAlignment(Pos.CENTER_LEFT);
        header = new VBox(4, titleRow, verdict, lock);
        header.getStyleClass().add(Styles.PANE_HEADER);
        setTop(header);
        tabs.setTabClosingPolicy(TabPane.TabClosingPolicy.UNAVAILABLE);
        addPart(Part.EFFECTIVE, Texts.get("inspector.tab.effective"));
        addPart(Part.COMPLETED, Texts.get("inspector.tab.completed"));
        addPart(Part.PARTIAL, Texts.get("inspector.tab.partial"));
        partTabs.get(Part.EFFECTIVE).setTooltip(new Tooltip(Texts.get("inspector.tab.effective.tooltip")));
        // eight tabs in the inspector a 1024 px window leaves: tighter tabs, all of them in view
        tabs.widthProperty().addListener((o, a, b) -> tabs.pseudoClassStateChanged(Styles.NARROW, b.doubleValue() < NARROW_BELOW));
        setCenter(tabs);
        model.stateIdProperty().addListener((o, a, b) -> updateHeader());
        model.healthProperty().addListener((o, a, b) -> updateHeader());
        model.lockProperty().addListener((o, a, b) -> updateHeader());
        model.runningProperty().addListener((o, a, b) -> updateHeader());
        model.verdictProperty().addListener((o, a, b) -> updateHeader());
        model.storedProperty().addListener((o, a, b) -> updateHeader());
        updateHeader();
    }

    /** Narrower than this, the tabs take less room (see the stylesheet's {@code :narrow}). */
    private static final double NARROW_BELOW = 620;

    private void addPart(Part part, String label) {
        JsonPane pane = new JsonPane();
        panes.put(part, pane);
        Tab tab = new Tab(label, pane);
        partTabs.put(part, tab);
        tabs.getTabs().add(tab);
        ReadOnlyObjectProperty<ShownDocument> doc = model.documentProperty(part);
        Runnable update = () -> {
            if (model.stateIdProperty().get() == null) {
                pane.showPlaceholder(Texts.get("inspector.nothingSelected"));
            } else if (doc.get() == null) {
                pane.showLoading(Texts.get("inspector.reading", model.stateIdProperty().get()));
            } else {
                pane.show(doc.get());
            }
        };
        doc.addListener((o, a, b) -> update.run());
        model.stateIdProperty().addListener((o, a, b) -> update.run());
        update.run();
    }

    private void updateHeader() {
        String id = model.stateIdProperty().get();
        title.setText(id == null ? Texts.get("inspector.noSelection") : id);
        verdict.setText(model.verdictProperty().get());
        EnumSet<Badge> set = EnumSet.noneOf(Badge.class);
        if (model.healthProperty().get() != null) {
            set.add(model.healthProperty().get());
        }
        StoredState stored = model.storedProperty().get();
        if (stored != null && stored.document().hasPendingPartial() && model.healthProperty().get() != Badge.CORRUPT_JSON) {
            set.add(Badge.PARTIAL_PENDING);
        }
        LockStatus status = model.lockProperty().get();
        if (status != null && status.state() == LockStatus.State.HELD) {
            set.add(Badge.LOCKED);
        } else if (status != null && status.state() == LockStatus.State.STALE) {
            set.add(Badge.STALE_LOCK);
        }
        RunRow run = model.runningProperty().get();
        Instant now = Instant.now();
        Badge runBadge = Badge.ofRun(run, now);
        if (runBadge != null) {
            set.add(runBadge);
        }
        badges.getChildren().setAll(BadgeLabels.of(set));
        lock.setText((run == null ? "" : capitalized(run.describeRunning(now)) + ". ") + lockText(status, stored));
    }

    static String lockText(LockStatus status, StoredState stored) {
        StringBuilder out = new StringBuilder();
        if (status != null && status.state() == LockStatus.State.HELD) {
            String detail = status.detail() == null ? "" : " (" + status.detail() + ")";
            out.append(Texts.get("inspector.lock.held", status.since(), detail)).append(' ');
        } else if (status != null && status.state() == LockStatus.State.STALE) {
            out.append(Texts.get("inspector.lock.stale", status.since())).append(' ');
        }
        if (stored != null && stored.exists()) {
            out.append(Texts.get("inspector.version", stored.version()));
        }
        return out.toString();
    }

    private static String capitalized(String s) {
        return s.isEmpty() ? s : Character.toUpperCase(s.charAt(0)) + s.substring(1);
    }

    /** Puts a window control at the right end of the header's first row, beside the state's name. */
    public void addToTitleRow(Node node) {
        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        titleRow.getChildren().addAll(spacer, node);
    }

    /** Puts the window's actions on the selected state (the write buttons) under the header. */
    public void addToHeader(Node node) {
        header.getChildren().add(node);
    }

    public TabPane tabs() {
        return tabs;
    }

    public Tab tab(Part part) {
        return partTabs.get(part);
    }

    public JsonPane pane(Part part) {
        return panes.get(part);
    }

    /** The JSON pane of the selected tab, for Ctrl+F; null on tabs without one. */
    public JsonPane currentPane() {
        Tab selected = tabs.getSelectionModel().getSelectedItem();
        return selected != null && selected.getContent() instanceof JsonPane ? (JsonPane) selected.getContent() : null;
    }
}
