package dev.cairn.backend;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CancellationException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;

/**
 * {@link StateBackend#readAll} with the work on each state spread over worker threads: the calling
 * thread reads (a database streams rows, a bucket answers requests) while the workers look at what
 * it read so far. The health scan of 100,000 states spends as long reading the text as checking it;
 * done one after the other, the two add up.
 *
 * <p>The reader never waits for the workers: when they are behind it does a batch itself. It may be
 * holding the backend's connection while it reads, and a worker may need that connection; a reader
 * that waited for room in the queue then waited for ever (every scan of a system DB of more than
 * ~2,000 states did, while a worker asked each state's lock).
 */
public final class PipelinedScan {

    /** States handed over at once: a queue operation per state would cost more than some checks. */
    private static final int BATCH = 64;
    /** Batches read ahead of the workers at most, so a fast reader does not hold the whole backend in memory. */
    private static final int QUEUE = 32;

    private PipelinedScan() {}

    /**
     * Reads every state matching the pattern and calls {@code sink} for each on one of
     * {@code workers} threads (or on the calling one, when they are behind), in no particular order; returns when every call has returned. The
     * first exception of a call stops the read and is thrown here (a {@link CancellationException}
     * from a cancelled task stays one).
     */
    public static void readAll(StateBackend backend, String pattern, int workers, Consumer<StoredState> sink) {
        BlockingQueue<List<StoredState>> queue = new ArrayBlockingQueue<>(QUEUE);
        AtomicReference<Throwable> failure = new AtomicReference<>();
        List<Thread> threads = new ArrayList<>(workers);
        for (int i = 0; i < workers; i++) {
            Thread thread = new Thread(() -> work(queue, sink, failure), "cairn-scan-" + i);
            thread.setDaemon(true);
            thread.start();
            threads.add(thread);
        }
        boolean handedAll = false;
        try {
            Batches batches = new Batches(queue, sink, failure);
            backend.readAll(pattern, batches);
            batches.flush();
            for (int i = 0; i < workers; i++) {
                hand(queue, List.of(), failure); // one end mark per worker
            }
            handedAll = true;
        } catch (RuntimeException e) {
            if (failure.get() == null) {
                throw e; // the read failed
            } // else it stopped because a worker failed (the backend may have wrapped the WorkerFailed): thrown below
        } finally {
            if (!handedAll) {
                threads.forEach(Thread::interrupt);
            }
            join(threads);
        }
        Throwable failed = failure.get();
        if (failed instanceof RuntimeException) {
            throw (RuntimeException) failed;
        }
        if (failed instanceof Error) {
            throw (Error) failed;
        }
    }

    /** Collects what the read gives into batches for the workers, and does one itself when they are behind. */
    private static final class Batches implements Consumer<StoredState> {
        private final BlockingQueue<List<StoredState>> queue;
        private final Consumer<StoredState> sink;
        private final AtomicReference<Throwable> failure;
        private List<StoredState> batch = new ArrayList<>(BATCH);

        Batches(BlockingQueue<List<StoredState>> queue, Consumer<StoredState> sink, AtomicReference<Throwable> failure) {
            this.queue = queue;
            this.sink = sink;
            this.failure = failure;
        }

        @Override
        public void accept(StoredState stored) {
            batch.add(stored);
            if (batch.size() == BATCH) {
                flush();
            }
        }

        void flush() {
            if (batch.isEmpty()) {
                return;
            }
            stopIfAWorkerFailed(failure);
            if (!queue.offer(batch)) {
                try {
                    batch.forEach(sink);
                } catch (RuntimeException | Error e) {
                    failure.compareAndSet(null, e);
                    throw new WorkerFailed();
                }
            }
            batch = new ArrayList<>(BATCH);
        }
    }

    private static void work(BlockingQueue<List<StoredState>> queue, Consumer<StoredState> sink, AtomicReference<Throwable> failure) {
        try {
            for (List<StoredState> batch = queue.take(); !batch.isEmpty(); batch = queue.take()) {
                for (StoredState stored : batch) {
                    sink.accept(stored);
                }
            }
        } catch (InterruptedException e) {
            // the read stopped early: nothing more comes
        } catch (Throwable e) {
            failure.compareAndSet(null, e);
        }
    }

    private static void stopIfAWorkerFailed(AtomicReference<Throwable> failure) {
        if (failure.get() != null) {
            throw new WorkerFailed();
        }
    }

    /**
     * Hands a worker its end mark once the read is over (the connection given back): waits for room
     * in the queue, unless a worker failed (then nobody may take it).
     */
    private static void hand(BlockingQueue<List<StoredState>> queue, List<StoredState> batch, AtomicReference<Throwable> failure) {
        try {
            while (!queue.offer(batch, 50, TimeUnit.MILLISECONDS)) {
                stopIfAWorkerFailed(failure);
            }
            stopIfAWorkerFailed(failure);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CancellationException("interrupted while reading states");
        }
    }

    private static void join(List<Thread> threads) {
        boolean interrupted = false;
        for (Thread thread : threads) {
            while (thread.isAlive()) {
                try {
                    thread.join();
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    /** Stops the read: a worker's exception is what the caller gets. */
    private static final class WorkerFailed extends RuntimeException {
        WorkerFailed() {
            super(null, null, false, false);
        }
    }
}
