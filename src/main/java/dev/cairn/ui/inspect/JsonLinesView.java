package dev.cairn.ui.inspect;

import dev.cairn.ui.theme.Styles;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import javafx.beans.property.DoubleProperty;
import javafx.beans.property.SimpleDoubleProperty;
import javafx.beans.value.ObservableDoubleValue;
import javafx.collections.ObservableListBase;
import javafx.geometry.Orientation;
import javafx.scene.Node;
import javafx.scene.control.IndexedCell;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.ScrollBar;
import javafx.scene.control.SelectionMode;
import javafx.scene.control.skin.VirtualFlow;
import javafx.scene.input.Clipboard;
import javafx.scene.input.ClipboardContent;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Region;
import javafx.scene.text.Font;
import javafx.scene.text.FontWeight;
import javafx.scene.text.Text;
import javafx.scene.text.TextFlow;

/**
 * A read-only, virtualised JSON viewer: a {@code ListView} over row indices, each visible cell
 * lexing its own row. It holds one {@code String} and an offset table whatever the size, which is
 * why big documents use it (TOOLCHAIN.md: 10 MB opens in ~0.6 s in 44 MB of heap, where a RichTextFX
 * area needs seconds and ~570 bytes per line). Rows can be selected and copied (Ctrl+C).
 */
public final class JsonLinesView extends ListView<Integer> {

    private RowSource source;
    private int hitRow = -1;
    private int hitStart;
    private int hitEnd;
    private int gutterDigits;
    private Font gutterFont;
    private double gutterTextWidth;
    /** How far the rows are scrolled sideways: the gutter moves back by as much, so line numbers stay put. */
    private final DoubleProperty sideways = new SimpleDoubleProperty(this, "sideways");
    private ScrollBar sidewaysBar;

    public JsonLinesView(RowSource source) {
        getStyleClass().addAll(Styles.JSON_VIEW);
        setFixedCellSize(18);
        getSelectionModel().setSelectionMode(SelectionMode.MULTIPLE);
        setCellFactory(list -> new RowCell());
        skinProperty().addListener((o, a, b) -> findSidewaysBar());
        addEventHandler(KeyEvent.KEY_PRESSED, event -> {
            if (event.isShortcutDown() && event.getCode() == KeyCode.C) {
                copySelection();
                event.consume();
            }
        });
        setSource(source);
    }

    private void findSidewaysBar() {
        for (Node node : lookupAll(".scroll-bar")) {
            if (node instanceof ScrollBar
                    && ((ScrollBar) node).getOrientation() == Orientation.HORIZONTAL) {
                sidewaysBar = (ScrollBar) node;
                sideways.bind(sidewaysBar.valueProperty());
                return;
            }
        }
    }

    /** How far the rows are scrolled sideways, in pixels. */
    public ObservableDoubleValue sideways() {
        return sideways;
    }

    /** Scrolls sideways to {@code x} pixels, or as far as the rows go. */
    public void scrollSideways(double x) {
        if (sidewaysBar != null) {
            sidewaysBar.setValue(Math.max(sidewaysBar.getMin(), Math.min(x, sidewaysBar.getMax())));
        }
    }

    /**
     * Scrolls sideways, if need be, so that columns {@code start} to {@code end} of a row are in view
     * beside the line numbers: a changed value at the end of a long line is what the eye lands on. The
     * row's key stays in view with it, and where both do not fit, with the value's first characters
     * (the whole value is in the changes list); where the key alone takes the view, the value goes first.
     */
    public boolean revealColumns(int row, int start, int end) {
        Node line = lookup("." + Styles.JSON_LINE);
        Node number = lookup("." + Styles.LINE_NUMBER);
        if (sidewaysBar == null || !(line instanceof Text) || !(number instanceof Label) || getWidth() <= 0) {
            return false; // not laid out yet: nothing to measure against
        }
        String text = source.row(row);
        int indent = 0;
        while (indent < start && text.charAt(indent) == ' ') {
            indent++;
        }
        Text probe = new Text(text.substring(0, indent));
        probe.setFont(((Text) line).getFont());
        double key = probe.getLayoutBounds().getWidth();
        probe.setText(text.substring(0, start));
        double from = probe.getLayoutBounds().getWidth();
        // the value is drawn bold (a changed value), wider than the regular text measured
        probe.setFont(Font.font(probe.getFont().getFamily(), FontWeight.BOLD, probe.getFont().getSize()));
        probe.setText(text.substring(start, Math.min(end, start + VALUE_HEAD)));
        double head = from + probe.getLayoutBounds().getWidth();
        probe.setText(text.substring(start, end));
        double to = from + probe.getLayoutBounds().getWidth();
        double gutter = ((Label) number).getWidth();
        double view = getWidth() - snappedLeftInset() - snappedRightInset() - gutter - VALUE_MARGIN;
        double x = sideways.get();
        if (to - x > view || from < x) {
            // the least scroll that shows the value's end, never past the start of the key
            double keyInView = Math.min(Math.max(0, to - view), key);
            scrollSideways(head - keyInView <= view ? keyInView : Math.max(0, Math.min(from, to - view)));
        }
        return true;
    }

    /** Room kept right of a revealed value: the vertical scroll bar and a little air. */
    private static final double VALUE_MARGIN = 32;
    /** The characters of a revealed value kept in view at least, beside its key: {@code "2024-06}. */
    private static final int VALUE_HEAD = 8;

    /** Shows other rows; the first visible row stays where it was. */
    public void setSource(RowSource source) {
        int top = firstVisibleRow();
        this.source = source;
        hitRow = -1;
        setItems(new RowIndices(source.rowCount()));
        if (top > 0) {
            scrollTo(top);
        }
    }

    private int firstVisibleRow() {
        Node flow = lookup(".virtual-flow");
        if (flow instanceof VirtualFlow) {
            IndexedCell<?> cell = ((VirtualFlow<?>) flow).getFirstVisibleCell();
            return cell == null ? 0 : cell.getIndex();
        }
        return 0;
    }

    public RowSource source() {
        return source;
    }

    /** Marks a search hit and scrolls to it. */
    public void showHit(int row, int start, int end) {
        hitRow = row;
        hitStart = start;
        hitEnd = end;
        getSelectionModel().clearAndSelect(row);
        scrollToCentered(row);
        refresh();
    }

    public void scrollToCentered(int row) {
        scrollTo(Math.max(0, row - 8));
    }

    /** Copies the selected rows, one per line. */
    public void copySelection() {
        TreeSet<Integer> rows = new TreeSet<>(getSelectionModel().getSelectedIndices());
        StringBuilder out = new StringBuilder();
        for (int row : rows) {
            out.append(source.row(row)).append('\n');
        }
        ClipboardContent content = new ClipboardContent();
        content.putString(out.toString());
        Clipboard.getSystemClipboard().setContent(content);
    }

    static List<Text> render(String row, List<JsonLexer.Token> marks) {
        List<Text> texts = new ArrayList<>();
        for (JsonLexer.Run run : JsonLexer.runs(row, marks)) {
            Text text = new Text(row.substring(run.start(), run.end()));
            text.getStyleClass().add(Styles.JSON_LINE);
            text.getStyleClass().addAll(run.styleClasses());
            texts.add(text);
        }
        return texts;
    }

    /**
     * Wide enough for the largest line number in the font the gutter is drawn in (measured, as
     * digits are wider in some fonts than others): "1,000,000" is never cut to "100…". Cached
     * per digit count and font.
     */
    private double gutterWidth(Label number) {
        int digits = Math.max(3, Integer.toString(source.rowCount()).length());
        if (digits != gutterDigits || !number.getFont().equals(gutterFont)) {
            Text widest = new Text("0".repeat(digits));
            widest.setFont(number.getFont());
            gutterDigits = digits;
            gutterFont = number.getFont();
            gutterTextWidth = Math.ceil(widest.getLayoutBounds().getWidth());
        }
        return gutterTextWidth + number.snappedLeftInset() + number.snappedRightInset() + 2;
    }

    private final class RowCell extends ListCell<Integer> {
        private final Label number = new Label();
        private final TextFlow flow = new TextFlow();
        private final HBox box = new HBox(number, flow);
        private String rowClass;

        RowCell() {
            number.getStyleClass().add(Styles.LINE_NUMBER);
            number.setMinWidth(Region.USE_PREF_SIZE);
            // drawn over the text, moved back by the sideways scroll: the numbers stay put
            number.translateXProperty().bind(sideways);
            number.setViewOrder(-1);
            // a cell can be filled before the stylesheet reaches it (its font and padding still the defaults):
            // sized again once they arrive, or "10" is cut to nothing in the narrower gutter
            number.fontProperty().addListener(o -> fitGutter());
            number.paddingProperty().addListener(o -> fitGutter());
            // one row is one line: never wrap (a fixed cell height would hide the wrapped part);
            // long lines widen the cell and the list scrolls sideways
            flow.setMinWidth(Region.USE_PREF_SIZE);
            box.setMinWidth(Region.USE_PREF_SIZE);
            setText(null);
        }

        private void fitGutter() {
            number.setPrefWidth(gutterWidth(number));
        }

        @Override
        protected void updateItem(Integer item, boolean empty) {
            super.updateItem(item, empty);
            if (rowClass != null) {
                getStyleClass().remove(rowClass);
                rowClass = null;
            }
            if (empty || item == null || item >= source.rowCount()) {
                setGraphic(null);
                return;
            }
            int row = item;
            int line = source.lineNumber(row);
            number.setText(line > 0 ? Integer.toString(line) : "");
            fitGutter(); // the row count, hence the digits, may have changed with the source
            List<JsonLexer.Token> marks = source.marks(row);
            if (row == hitRow) {
                marks = new ArrayList<>(marks);
                marks.add(new JsonLexer.Token(hitStart, hitEnd, Styles.SEARCH_HIT));
            }
            flow.getChildren().setAll(render(source.row(row), marks));
            rowClass = source.rowStyleClass(row);
            if (rowClass != null) {
                getStyleClass().add(rowClass);
            }
            setGraphic(box);
        }
    }

    /** 0 … n-1 without storing them. */
    private static final class RowIndices extends ObservableListBase<Integer> {
        private final int size;

        RowIndices(int size) {
            this.size = size;
        }

        @Override
        public Integer get(int index) {
            if (index < 0 || index >= size) {
                throw new IndexOutOfBoundsException(index);
            }
            return index;
        }

        @Override
        public int size() {
            return size;
        }

        @Override
        public int indexOf(Object o) {
            return o instanceof Integer && (Integer) o >= 0 && (Integer) o < size ? (Integer) o : -1;
        }
    }
}
