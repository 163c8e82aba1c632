package dev.cairn.state;

import static dev.cairn.state.TestJson.json;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

@Tag("unit")
class RenderedStateTest {

    private static final Runnable GOING_ON = () -> { };

    @Test
    void withNothingPartialTheEffectiveTextIsTheCompletedOne() throws Exception {
        RenderedState texts = new RenderedState(StateDocument.of(json("{'singer_state': {'a': 1}}"), json("{}")));
        PrettyText effective = texts.effective(GOING_ON);
        assertSame(texts.completed(GOING_ON), effective);
        texts.partial(GOING_ON);
        assertEquals(2, texts.prints());
    }

    @Test
    void eachDocumentIsPrintedOnceWhoeverAsksAndHowOften() throws Exception {
        StateDocument doc = StateDocument.of(json("{'singer_state': {'a': 1, 'b': 1}}"), json("{'singer_state': {'a': 2}}"));
        RenderedState texts = new RenderedState(doc);
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            CountDownLatch go = new CountDownLatch(1);
            List<Future<List<PrettyText>>> callers = new ArrayList<>();
            for (int i = 0; i < 4; i++) {
                callers.add(pool.submit(() -> {
                    go.await();
                    return List.of(texts.effective(GOING_ON), texts.completed(GOING_ON), texts.partial(GOING_ON));
                }));
            }
            go.countDown();
            List<PrettyText> first = callers.get(0).get();
            for (Future<List<PrettyText>> caller : callers) {
                List<PrettyText> got = caller.get();
                for (int part = 0; part < 3; part++) {
                    assertSame(first.get(part), got.get(part));
                }
            }
        } finally {
            pool.shutdownNow();
        }
        assertEquals(3, texts.prints());
        assertEquals(PythonJson.write(doc.effective(), PythonJson.Style.INDENT2), texts.effective(GOING_ON).text());
    }

    @Test
    void aCancelledPrintLeavesNothingAndTheNextCallerPrints() throws Exception {
        RenderedState texts = new RenderedState(StateDocument.of(json("{'singer_state': {'a': 1}}"), json("{}")));
        assertThrows(CancellationException.class, () -> texts.completed(() -> {
            throw new CancellationException();
        }));
        assertEquals(0, texts.prints());
        assertTrue(texts.completed(GOING_ON).text().contains("\"a\": 1"));
        assertEquals(1, texts.prints());
    }

    @Test
    void aCorruptPartIsItsRawTextAndACorruptStateHasNoEffectiveText() {
        StatePart corrupt = StatePart.parse("{\"a\": ");
        RenderedState texts = new RenderedState(new StateDocument(StatePart.of(json("{}")), corrupt));
        assertTrue(texts.partial(GOING_ON).isRaw());
        assertEquals("{\"a\": ", texts.partial(GOING_ON).text());
        assertThrows(StateError.class, () -> texts.effective(GOING_ON));
    }
}
