package dev.cairn.ui.diff;

import dev.cairn.state.PrettyText;
import dev.cairn.ui.inspect.JsonLexer;
import dev.cairn.ui.inspect.JsonLinesView;
import dev.cairn.ui.inspect.RowSource;
import dev.cairn.ui.theme.Styles;
import java.util.List;
import javafx.application.Platform;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.skin.ListViewSkin;
import javafx.scene.control.skin.VirtualFlow;
import javafx.scene.layout.ColumnConstraints;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.Priority;

/**
 * An {@link AlignedDiff} on screen: two titled panes, row for row, scrolling together. Used by the
 * diff tab and by every write's preview and conflict view.
 */
public final class DiffPanes extends GridPane {

    private final JsonLinesView left = new JsonLinesView(RowSource.of(PrettyText.ofText("")));
    private final JsonLinesView right = new JsonLinesView(RowSource.of(PrettyText.ofText("")));
    private final Label leftTitle = new Label();
    private final Label rightTitle = new Label();
    /** Every change in full, under both panes; choosing one shows it above. */
    private final ChangesList changes = new ChangesList(this::revealChange);
    private AlignedDiff shown;
    private boolean synced;
    /** A sideways scroll being copied to the other pane: not copied back. */
    private boolean following;
    /** A row whose value could not be brought into view sideways before the panes were laid out; else -1. */
    private int revealWhenLaidOut = -1;

    public DiffPanes() {
        getStyleClass().add(Styles.DIFF_PANES);
        setHgap(6);
        for (Label title : new Label[] {leftTitle, rightTitle}) {
            title.getStyleClass().add(Styles.SUBTITLE);
            // half a narrow sheet may cut a long title: the whole of it on hover
            Styles.wholeTextAsTooltip(title);
        }
        add(leftTitle, 0, 0);
        add(rightTitle, 1, 0);
        add(left, 0, 1);
        add(right, 1, 1);
        add(changes, 0, 2, 2, 1);
        changes.setPrefHeight(CHANGES_HEIGHT);
        changes.setMinHeight(CHANGES_HEIGHT / 2);
        changes.managedProperty().bind(changes.visibleProperty());
        for (JsonLinesView pane : new JsonLinesView[] {left, right}) {
            GridPane.setHgrow(pane, Priority.ALWAYS);
            GridPane.setVgrow(pane, Priority.ALWAYS);
            // a few rows whatever the room: with a list's minimum of next to nothing, the Timeline's split
            // at 1024×700 left one row of each pane above the changes list
            pane.setMinHeight(PANE_ROWS * pane.getFixedCellSize() + 2);
        }
        ColumnConstraints half = new ColumnConstraints();
        half.setPercentWidth(50);
        getColumnConstraints().addAll(half, half);
        left.skinProperty().addListener((o, a, b) -> syncScrolling());
        right.skinProperty().addListener((o, a, b) -> syncScrolling());
        // nothing shown until a diff is (History and Timeline before a write or run is chosen)
        show(null);
    }

    /** The rows each pane keeps in view however short the room (the changes list shrinks too). */
    private static final int PANE_ROWS = 4;

    /** Five changes in view; more scroll. */
    private static final double CHANGES_HEIGHT = 5 * 22 + 4;

    public Label leftTitle() {
        return leftTitle;
    }

    public Label rightTitle() {
        return rightTitle;
    }

    /** Shows a diff (or nothing, for null) with the side titles given. */
    public void show(AlignedDiff diff, String leftText, String rightText) {
        if (!leftTitle.textProperty().isBound()) {
            leftTitle.setText(leftText);
            rightTitle.setText(rightText);
        }
        show(diff);
    }

    public void show(AlignedDiff diff) {
        shown = diff;
        changes.show(diff == null ? null : diff.changes());
        changes.setVisible(diff != null && !diff.changes().isEmpty());
        // nothing to compare: no empty panes numbering a lone line "1", no titles of a diff no longer shown
        for (Node n : new Node[] {left, right, leftTitle, rightTitle}) {
            n.setVisible(diff != null);
        }
        if (diff == null) {
            left.setSource(RowSource.of(PrettyText.ofText("")));
            right.setSource(RowSource.of(PrettyText.ofText("")));
            return;
        }
        left.setSource(diff.side(true));
        right.setSource(diff.side(false));
        // a diff starts at the panes' left edge, every key whole (the last diff's sideways scroll cut
        // them to 'er_state'); choosing a change scrolls to its value
        revealWhenLaidOut = -1;
        left.scrollSideways(0);
        right.scrollSideways(0);
        if (diff.hunkStarts().length > 0) {
            showRow(diff.hunkStarts()[0]);
        }
    }

    /** Selects and centres a row on both sides. */
    private void showRow(int row) {
        left.getSelectionModel().clearAndSelect(row);
        right.getSelectionModel().clearAndSelect(row);
        left.scrollToCentered(row);
        right.scrollToCentered(row);
    }

    /** Shows a change's row on both sides, scrolled sideways if need be to its value. */
    public void reveal(int row) {
        showRow(row);
        // the new value (or the old one, where the row has none on the right) in view sideways
        revealWhenLaidOut = -1;
        for (JsonLinesView side : new JsonLinesView[] {right, left}) {
            List<JsonLexer.Token> marks = side.source().marks(row);
            if (!marks.isEmpty()) {
                side.layout();
                if (!side.revealColumns(row, marks.get(0).start(), marks.get(0).end())) {
                    // a sheet's tab not shown yet (a conflict's): done once the panes have their width
                    revealWhenLaidOut = row;
                }
                return;
            }
        }
    }

    @Override
    protected void layoutChildren() {
        super.layoutChildren();
        if (revealWhenLaidOut >= 0) {
            int row = revealWhenLaidOut;
            revealWhenLaidOut = -1;
            // after this pulse, when the panes' rows exist at their width
            Platform.runLater(() -> {
                if (shown != null && row < left.source().rowCount()) {
                    reveal(row);
                }
            });
        }
    }

    private void revealChange(int index) {
        int row = shown == null ? -1 : shown.changeRow(index);
        if (row >= 0) {
            reveal(row);
        }
    }

    public ChangesList changesList() {
        return changes;
    }

    public JsonLinesView leftPane() {
        return left;
    }

    public JsonLinesView rightPane() {
        return right;
    }

    /** Both panes have the same rows: keep their scroll positions equal. */
    private void syncScrolling() {
        if (synced) {
            return;
        }
        VirtualFlow<?> l = flow(left);
        VirtualFlow<?> r = flow(right);
        if (l != null && r != null) {
            synced = true;
            l.positionProperty().addListener((o, a, b) -> {
                if (Math.abs(r.getPosition() - b.doubleValue()) > 1e-9) {
                    r.setPosition(b.doubleValue());
                }
            });
            r.positionProperty().addListener((o, a, b) -> {
                if (Math.abs(l.getPosition() - b.doubleValue()) > 1e-9) {
                    l.setPosition(b.doubleValue());
                }
            });
            left.sideways().addListener((o, a, b) -> follow(right, b.doubleValue()));
            right.sideways().addListener((o, a, b) -> follow(left, b.doubleValue()));
        }
    }

    /** Scrolls the other pane sideways as far as it goes towards where this one went. */
    private void follow(JsonLinesView other, double x) {
        if (!following) {
            following = true;
            try {
                other.scrollSideways(x);
            } finally {
                following = false;
            }
        }
    }

    private static VirtualFlow<?> flow(JsonLinesView view) {
        if (view.getSkin() instanceof ListViewSkin) {
            Node n = view.lookup(".virtual-flow");
            return n instanceof VirtualFlow ? (VirtualFlow<?>) n : null;
        }
        return null;
    }
}
