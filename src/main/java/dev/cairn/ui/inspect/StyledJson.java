package dev.cairn.ui.inspect;

import dev.cairn.state.PrettyText;
import dev.cairn.ui.task.TaskContext;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import org.fxmisc.richtext.model.ReadOnlyStyledDocument;
import org.fxmisc.richtext.model.ReadOnlyStyledDocumentBuilder;
import org.fxmisc.richtext.model.SegmentOps;
import org.fxmisc.richtext.model.SimpleEditableStyledDocument;
import org.fxmisc.richtext.model.StyleSpans;
import org.fxmisc.richtext.model.StyleSpansBuilder;

/**
 * A document's text styled for a RichTextFX area, built whole on a worker thread: one paragraph per
 * row with one {@code StyleSpans} each, so the FX thread only wraps it in an area (TOOLCHAIN.md:
 * building on a worker keeps the FX block to ~0.2 s where {@code replaceText} + {@code setStyleSpans}
 * freezes for seconds). No node: view models build it, views show it.
 */
public final class StyledJson {

    /** Above this many rows documents open in {@link JsonLinesView} instead. */
    public static final int MAX_ROWS = 60_000;

    final SimpleEditableStyledDocument<Collection<String>, Collection<String>> document;

    private StyledJson(SimpleEditableStyledDocument<Collection<String>, Collection<String>> document) {
        this.document = document;
    }

    /** The styled document of a text of at most {@link #MAX_ROWS} rows; null for a bigger one (shown virtualised). */
    public static StyledJson ofModerate(PrettyText text, TaskContext context) {
        return text.rowCount() <= MAX_ROWS ? of(text, context) : null;
    }

    /** Styles every row; a cancelled task stops between rows. */
    public static StyledJson of(PrettyText text, TaskContext context) {
        RowSource rows = RowSource.of(text);
        ReadOnlyStyledDocumentBuilder<Collection<String>, String, Collection<String>> builder =
                new ReadOnlyStyledDocumentBuilder<>(SegmentOps.styledTextOps(), Collections.emptyList(), text.rowCount());
        for (int row = 0; row < text.rowCount(); row++) {
            if (row % 1024 == 0) {
                context.checkCancelled();
            }
            String line = text.row(row);
            builder.addParagraph(line, spans(line, rows.marks(row)));
        }
        ReadOnlyStyledDocument<Collection<String>, String, Collection<String>> doc = builder.build();
        return new StyledJson(new SimpleEditableStyledDocument<>(doc));
    }

    /** The style spans of one pretty-printed line (exact: no JSON token spans a newline). */
    public static StyleSpans<Collection<String>> spans(String line, List<JsonLexer.Token> marks) {
        StyleSpansBuilder<Collection<String>> spans = new StyleSpansBuilder<>();
        List<JsonLexer.Run> runs = JsonLexer.runs(line, marks);
        for (JsonLexer.Run run : runs) {
            spans.add(run.styleClasses(), run.end() - run.start());
        }
        if (runs.isEmpty()) {
            spans.add(Collections.emptyList(), 0);
        }
        return spans.create();
    }
}
