package dev.cairn.bench;

import com.sun.management.GarbageCollectionNotificationInfo;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryUsage;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import javax.management.ListenerNotFoundException;
import javax.management.Notification;
import javax.management.NotificationEmitter;
import javax.management.NotificationListener;
import javax.management.openmbean.CompositeData;

/**
 * The most heap a piece of work kept alive: the largest heap in use after any collection while it
 * ran, and after a full collection at its end with its result still referenced, less what was live
 * before it started. Garbage a collector merely had not collected yet does not count, so the figure
 * does not depend on how large the young generation happens to be.
 */
final class HeapProbe implements AutoCloseable {

    private final long baseline;
    private final AtomicLong peakAfterGc = new AtomicLong();
    private final List<NotificationEmitter> emitters = new ArrayList<>();
    private final NotificationListener listener = this::onGc;

    private HeapProbe(long baseline) {
        this.baseline = baseline;
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            if (gc instanceof NotificationEmitter) {
                NotificationEmitter emitter = (NotificationEmitter) gc;
                emitter.addNotificationListener(listener, null, null);
                emitters.add(emitter);
            }
        }
    }

    /** Collects garbage, notes what is live, and starts watching collections. */
    static HeapProbe start() {
        return new HeapProbe(liveHeap());
    }

    private void onGc(Notification notification, Object handback) {
        if (!GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION.equals(notification.getType())) {
            return;
        }
        GarbageCollectionNotificationInfo info = GarbageCollectionNotificationInfo.from((CompositeData) notification.getUserData());
        long used = 0;
        for (Map.Entry<String, MemoryUsage> pool : info.getGcInfo().getMemoryUsageAfterGc().entrySet()) {
            used += pool.getValue().getUsed();
        }
        peakAfterGc.accumulateAndGet(used, Math::max);
    }

    /**
     * Ends the watch; call while the work's result is still referenced.
     *
     * @return megabytes held beyond the baseline at the worst moment
     */
    double peakMb() {
        long end = liveHeap();
        long peak = Math.max(end, peakAfterGc.get());
        return Math.max(0, peak - baseline) / 1048576.0;
    }

    @Override
    public void close() {
        for (NotificationEmitter emitter : emitters) {
            try {
                emitter.removeNotificationListener(listener);
            } catch (ListenerNotFoundException ignored) {
                // never added; nothing to remove
            }
        }
    }

    private static long liveHeap() {
        Runtime rt = Runtime.getRuntime();
        for (int i = 0; i < 2; i++) {
            System.gc();
        }
        return rt.totalMemory() - rt.freeMemory();
    }
}
