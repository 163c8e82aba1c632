package dev.cairn.backend.blob;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;

/** The lock a Cairn process of this machine leaves when it is killed while holding Meltano's lock. */
public final class KilledCairn {

    private KilledCairn() {
    }

    /** A fresh lock (taken now, so not stale by age) written by a process that has ended. */
    public static String lockContent() {
        try {
            Process ended = new ProcessBuilder("true").start();
            ended.waitFor();
            byte[] lock = MeltanoLock.content(Instant.now(), new LockOwner(LockOwner.current().machine(), ended.pid()));
            return new String(lock, StandardCharsets.US_ASCII);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
