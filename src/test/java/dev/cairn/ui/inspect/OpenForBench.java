package dev.cairn.ui.inspect;

import dev.cairn.backend.StoredState;
import dev.cairn.backend.Version;
import dev.cairn.state.PrettyText;
import dev.cairn.state.RenderedState;
import dev.cairn.state.StateDocument;
import dev.cairn.state.StatePart;
import dev.cairn.ui.task.TaskContext;
import java.util.List;

/**
 * What the inspector does with a stored state before the FX thread paints it, for the benchmark
 * ({@code dev.cairn.bench}): take both stored parts as a system database read does (as text, parsed
 * when asked), build the effective
 * document and its pretty text and rows ({@link InspectorViewModel#firstLook}), and tokenize the
 * first screen for highlighting. Documents over {@link StyledJson#MAX_ROWS} rows open in the
 * virtualised viewer, whose cells tokenize their own row as they paint, so only the first screen is
 * tokenized; smaller ones are tokenized whole inside {@code firstLook} ({@link StyledJson#of}).
 */
public final class OpenForBench {

    /** Rows on a first screen: a tall window of 18-pixel rows, with margin. */
    public static final int FIRST_SCREEN_ROWS = 80;

    private OpenForBench() {}

    public static Object open(String stateId, String completedText, String partialText) {
        StateDocument doc = new StateDocument(StatePart.unparsed(completedText), StatePart.unparsed(partialText));
        StoredState stored = StoredState.present(stateId, doc, Version.ofContentWhenAsked(completedText, partialText));
        InspectorViewModel.FirstLook look = InspectorViewModel.firstLook(stored, new RenderedState(doc), TaskContext.NONE, preview -> { });
        PrettyText text = look.effective().text();
        RowSource rows = RowSource.of(text);
        int runs = 0;
        for (int row = 0; row < Math.min(FIRST_SCREEN_ROWS, text.rowCount()); row++) {
            List<JsonLexer.Run> tokens = JsonLexer.runs(rows.row(row), rows.marks(row));
            runs += tokens.size();
        }
        return new Object[] {look, runs};
    }

    /** Rows of the effective document as shown, to describe the dataset. */
    public static int rows(Object opened) {
        return ((InspectorViewModel.FirstLook) ((Object[]) opened)[0]).effective().text().rowCount();
    }
}
