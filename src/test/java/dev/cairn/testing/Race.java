package dev.cairn.testing;

import dev.cairn.backend.ConflictException;
import dev.cairn.backend.StateBackend;
import dev.cairn.backend.StoredState;
import dev.cairn.state.Json;
import dev.cairn.state.JsonSyntaxError;
import dev.cairn.state.StateDocument;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/** Many writers that read the same version and write at once: compare-and-set must let exactly one win. */
public final class Race {

    private Race() {}

    /** Returns how many of the writers succeeded; the others must have got a conflict. */
    public static int writersWinning(StateBackend backend, String stateId, int writers) throws Exception {
        StoredState read = backend.read(stateId);
        CountDownLatch start = new CountDownLatch(1);
        ExecutorService pool = Executors.newFixedThreadPool(writers);
        try {
            List<Future<Boolean>> results = new ArrayList<>();
            for (int i = 0; i < writers; i++) {
                StateDocument mine = document(i);
                results.add(pool.submit(() -> {
                    start.await();
                    try {
                        backend.write(stateId, mine, read.version());
                        return true;
                    } catch (ConflictException e) {
                        return false;
                    }
                }));
            }
            start.countDown();
            int won = 0;
            for (Future<Boolean> f : results) {
                won += f.get() ? 1 : 0;
            }
            return won;
        } finally {
            pool.shutdownNow();
        }
    }

    private static StateDocument document(int writer) throws JsonSyntaxError {
        return StateDocument.completeWrite(Json.parseObject("{\"singer_state\": {\"writer\": " + writer + "}}"));
    }
}
