package dev.cairn.state;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * The three documents of one read state as text, each printed at most once however many views ask
 * (the inspector, the diff, the editor): the first caller prints, later ones get the same
 * {@link PrettyText}. A print stopped by its caller's cancellation leaves nothing behind, and the
 * next caller prints. Thread-safe; call off the UI thread.
 */
public final class RenderedState {

    private final StateDocument document;
    private final Memo effective = new Memo();
    private final Memo completed = new Memo();
    private final Memo partial = new Memo();
    private final AtomicInteger prints = new AtomicInteger();

    public RenderedState(StateDocument document) {
        this.document = document;
    }

    public StateDocument document() {
        return document;
    }

    /**
     * What the tap gets, pretty-printed; while a big one is printed, {@code head} gets its first
     * {@code headRows} rows. With nothing partial this is the completed document's text itself.
     *
     * @throws StateError when Meltano's merge fails on this state
     */
    public PrettyText effective(Runnable checkCancelled, int headRows, Consumer<PrettyText> head) throws StateError {
        if (isEffectivelyCompleted(document)) {
            return completed(checkCancelled, headRows, head);
        }
        JsonNode value = document.effective();
        return effective.get(() -> printed(PrettyText.print(value, checkCancelled, headRows, head)));
    }

    /** The completed document: pretty JSON, {@code null} for NULL, or the raw text of a corrupt one. */
    public PrettyText completed(Runnable checkCancelled, int headRows, Consumer<PrettyText> head) {
        return completed.get(() -> printed(document.completed(), checkCancelled, headRows, head));
    }

    public PrettyText partial(Runnable checkCancelled, int headRows, Consumer<PrettyText> head) {
        return partial.get(() -> printed(document.partial(), checkCancelled, headRows, head));
    }

    /** The same, for callers that show nothing before the whole text exists (the diff, the editor). */
    public PrettyText effective(Runnable checkCancelled) throws StateError {
        return effective(checkCancelled, Integer.MAX_VALUE, head -> { });
    }

    public PrettyText completed(Runnable checkCancelled) {
        return completed(checkCancelled, Integer.MAX_VALUE, head -> { });
    }

    public PrettyText partial(Runnable checkCancelled) {
        return partial(checkCancelled, Integer.MAX_VALUE, head -> { });
    }

    /** How many texts were printed for this state: at most one per document, whoever asked. */
    public int prints() {
        return prints.get();
    }

    /**
     * Merging an empty partial onto the completed state gives the completed state itself: big states
     * (usually with nothing partial) skip the deep copy Meltano's merge makes, and a second print.
     */
    public static boolean isEffectivelyCompleted(StateDocument doc) {
        // the partial first, and the completed part by its shape: a completed part held as text stays unparsed
        return doc.partial().shape() == StatePart.Shape.EMPTY_OBJECT && !doc.completed().isCorrupt() && !doc.completed().isNull();
    }

    private PrettyText printed(StatePart part, Runnable checkCancelled, int headRows, Consumer<PrettyText> head) {
        if (part.isCorrupt()) {
            return printed(PrettyText.raw(part.rawText(), part.syntaxError()));
        }
        return printed(PrettyText.print(part.value(), checkCancelled, headRows, head));
    }

    private PrettyText printed(PrettyText text) {
        prints.incrementAndGet();
        return text;
    }

    /** One document's text, made by the first caller; others wait for it rather than print it again. */
    private static final class Memo {
        private PrettyText text;

        synchronized PrettyText get(Supplier<PrettyText> make) {
            if (text == null) {
                text = make.get();
            }
            return text;
        }
    }
}
