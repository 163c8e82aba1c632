package dev.cairn.ui.inspect;

import dev.cairn.state.PrettyText;
import dev.cairn.ui.theme.Styles;
import java.util.List;

/**
 * Rows for {@link JsonLinesView}: the text of each row, its gutter number, a style class for the
 * whole row (diff colours, filler rows) and marked ranges painted over the syntax colours.
 */
public interface RowSource {

    int rowCount();

    String row(int row);

    /** The number shown in the gutter; 0 shows none (filler rows, continuation rows). */
    int lineNumber(int row);

    /** A style class for the whole row, or null. */
    default String rowStyleClass(int row) {
        return null;
    }

    /** Ranges of the row to paint with a style class on top of the syntax colours (errors, changed values). */
    default List<JsonLexer.Token> marks(int row) {
        return List.of();
    }

    /** The rows of a document, with its syntax error marked. */
    static RowSource of(PrettyText text) {
        return new RowSource() {
            @Override
            public int rowCount() {
                return text.rowCount();
            }

            @Override
            public String row(int row) {
                return text.row(row);
            }

            @Override
            public int lineNumber(int row) {
                return text.lineNumber(row);
            }

            @Override
            public List<JsonLexer.Token> marks(int row) {
                if (row != text.errorRow()) {
                    return List.of();
                }
                int length = text.rowEnd(row) - text.rowStart(row);
                int from = Math.min(text.errorColumn(), Math.max(0, length - 1));
                return List.of(new JsonLexer.Token(from, Math.max(from + 1, length), Styles.JSON_ERROR));
            }
        };
    }
}
