package dev.cairn.backend.blob;

import java.io.IOException;
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
            Instant now = Instant.now();
            return now.getEpochSecond() + "." + String.format("%06d", now.getNano() / 1000)
                    + new LockOwner(LockOwner.current().machine(), ended.pid()).digits();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
