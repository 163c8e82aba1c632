package dev.cairn.backend.blob;

import dev.cairn.backend.Version;
import java.io.IOException;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Who holds a lock Cairn wrote: digits for this machine and user, and the process ID, appended to
 * the lock's timestamp after its microseconds ({@code 1717225200.481233} +
 * {@code 000} + 8 owner digits + 7 process digits). Meltano reads the lock with Python's
 * {@code float()}, which takes any number of decimals, so the instant is unchanged for it; its own
 * locks have at most 17 significant digits, so they never look like Cairn's. A lock of this owner
 * whose process no longer runs was left by a killed Cairn and is safe to remove at once. (Two
 * containers with the same machine ID, host name and user would take each other's locks for
 * dead ones: give containers that share a bucket their own host names, as Docker does by default.)
 */
record LockOwner(String machine, long pid) {

    private static final Pattern CAIRN_LOCK = Pattern.compile("\\d+\\.\\d{6}000(\\d{8})(\\d{7})");
    private static final LockOwner CURRENT = new LockOwner(machineDigits(), ProcessHandle.current().pid());

    static LockOwner current() {
        return CURRENT;
    }

    /** The digits appended to the timestamp. */
    String digits() {
        return "000" + machine + String.format("%07d", pid);
    }

    /**
     * The process ID of a lock written by Cairn on this machine and user, in a process that no
     * longer runs; {@code null} for any other lock (Meltano's, another machine's, a live process's).
     */
    static Long deadCairnOfThisMachine(String lockContent) {
        Matcher m = CAIRN_LOCK.matcher(lockContent.trim());
        if (!m.matches() || !m.group(1).equals(CURRENT.machine)) {
            return null;
        }
        long pid = Long.parseLong(m.group(2));
        return pid == CURRENT.pid || ProcessHandle.of(pid).isPresent() ? null : pid;
    }

    /** Eight digits of a hash of this machine's identity and the user name (no name is written out). */
    private static String machineDigits() {
        String hash = Version.ofContent(machineId(), hostName(), System.getProperty("user.name")).token();
        return String.format("%08d", Long.parseLong(hash.substring(0, 12), 16) % 100_000_000L);
    }

    /** systemd's machine ID, where there is one. Containers made from one image may share it, hence the host name too. */
    private static String machineId() {
        try {
            return Files.readString(Path.of("/etc/machine-id")).strip();
        } catch (IOException | SecurityException e) {
            return "";
        }
    }

    /**
     * The kernel's host name on Linux (a container's own, and read without a DNS lookup that can
     * take seconds), else Java's.
     */
    private static String hostName() {
        try {
            return Files.readString(Path.of("/proc/sys/kernel/hostname")).strip();
        } catch (IOException | SecurityException e) {
            try {
                return InetAddress.getLocalHost().getHostName();
            } catch (IOException hostUnknown) {
                return "";
            }
        }
    }
}
