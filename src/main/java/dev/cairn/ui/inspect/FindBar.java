package dev.cairn.ui.inspect;

import dev.cairn.ui.Texts;
import dev.cairn.ui.theme.Icon;
import dev.cairn.ui.theme.Styles;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.Supplier;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.Region;

/**
 * Find in a text (Ctrl+F): the match is shown as the query is typed, Enter and Shift+Enter go to the
 * next and previous ones, Escape leaves; the status says which match of how many and where
 * ("3 of 41 · line 1,204"). Used by the document panes and the editor.
 */
public final class FindBar {

    /** Shows a match in the text and says where it is ("line 1,204"). */
    public interface Hits {
        String show(int offset, int length);
    }

    /** Matches counted before the count reads "10,000+": typing stays quick on a huge document. */
    static final int MATCHES_COUNTED = 10_000;

    private final TextField field = new TextField();
    private final Label status = new Label();
    private final Button previous = JsonPane.iconButton(Icon.UP, Texts.get("find.previous"));
    private final Button next = JsonPane.iconButton(Icon.DOWN, Texts.get("find.next"));
    private final Supplier<String> text;
    private final Hits hits;
    private String searched;
    private TextSearch search;
    /** The first matches of the query, to say "3 of 41"; at most {@link #MATCHES_COUNTED}. */
    private int[] matches = new int[0];
    private int lastHit = -1;

    /**
     * @param text the text searched, asked again before each search (an edited text changes)
     * @param hits shows a match
     * @param leave where Escape goes (the text's view)
     */
    public FindBar(Supplier<String> text, Hits hits, Runnable leave) {
        this.text = text;
        this.hits = hits;
        field.setPromptText(Texts.get("find.prompt"));
        field.getStyleClass().add(Styles.SEARCH_BAR);
        field.setPrefColumnCount(12);
        // never narrower than its placeholder ("Find (Ctr" at 70 px): what shares its row gives way
        field.setMinWidth(Region.USE_PREF_SIZE);
        field.setOnAction(e -> find(true));
        field.setOnKeyPressed(e -> {
            if (e.getCode() == KeyCode.ESCAPE) {
                field.clear();
                leave.run();
            } else if (e.getCode() == KeyCode.ENTER && e.isShiftDown()) {
                find(false);
                e.consume();
            }
        });
        field.textProperty().addListener((o, a, b) -> {
            // the match shown stays while it still matches the longer query
            lastHit = lastHit <= 0 ? -1 : lastHit - 1;
            find(true);
        });
        previous.setOnAction(e -> find(false));
        next.setOnAction(e -> find(true));
        status.getStyleClass().add(Styles.MUTED);
        status.setMinWidth(Region.USE_PREF_SIZE);
    }

    /** The status, the field and the previous/next buttons, in that order, for a tool bar. */
    public List<Node> nodes() {
        return List.of(status, field, previous, next);
    }

    /** Another text is shown: the next search starts at its top. */
    public void reset() {
        lastHit = -1;
        searched = null;
        status.setText("");
    }

    /** Another state is shown: what was sought in the last one is not sought in it. */
    public void clear() {
        reset();
        field.clear();
    }

    public void focus() {
        field.requestFocus();
        field.selectAll();
    }

    /** Finds the next (or previous) match of the query and shows it; false if there is none. */
    public boolean find(boolean forward) {
        String query = field.getText();
        String now = text.get();
        if (now == null || query.isEmpty()) {
            status.setText("");
            return false;
        }
        if (now != searched) {
            searched = now;
            search = new TextSearch(now);
        }
        matches = search.matches(query, MATCHES_COUNTED);
        int hit = search.find(query, lastHit < 0 ? 0 : (forward ? lastHit + 1 : lastHit), forward);
        if (hit < 0) {
            status.setText("no match");
            return false;
        }
        lastHit = hit;
        status.setText(ordinal(hit) + " · " + hits.show(hit, query.length()));
        return true;
    }

    /** "3 of 41", "3 of 10,000+", or "of 10,000+" past the matches counted. */
    private String ordinal(int hit) {
        int index = Arrays.binarySearch(matches, hit);
        String total = String.format(Locale.ROOT, "%,d", matches.length) + (matches.length == MATCHES_COUNTED ? "+" : "");
        return (index >= 0 ? String.format(Locale.ROOT, "%,d ", index + 1) : "") + "of " + total;
    }

    public TextField field() {
        return field;
    }

    /** What the search found: "3 of 41 · line 1,204", "no match". */
    public Label status() {
        return status;
    }
}
