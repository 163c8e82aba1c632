package dev.cairn.ui.browse;

import dev.cairn.backend.ListedState;
import dev.cairn.backend.LockStatus;
import dev.cairn.backend.RunRow;
import dev.cairn.backend.StoredState;
import dev.cairn.ops.Park;
import dev.cairn.state.IdSpelling;
import dev.cairn.state.StateHealth;
import dev.cairn.ui.Texts;
import java.time.Instant;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * One state ID in the list. Listing creates it; the background scan fills in what reading the
 * state tells (health, pending partial, lock) from a worker thread, hence the volatile fields.
 */
public final class StateIdEntry {

    private final String stateId;
    private final String lowerCaseId;
    private final String hiddenFromMeltano;
    private final boolean nfc;
    private final boolean parked;
    /** The other listed IDs with the same NFC form: the same letters, spelled apart in Unicode. */
    private List<String> sameLetters = List.of();
    private volatile Badge health = Badge.UNREAD;
    private volatile boolean partialPending;
    private volatile LockStatus lock = LockStatus.FREE;
    private volatile Badge run;

    private static final Badge[] BADGES = Badge.values();

    public StateIdEntry(ListedState listed) {
        this.stateId = listed.stateId();
        this.lowerCaseId = stateId.toLowerCase(Locale.ROOT);
        this.hiddenFromMeltano = listed.hiddenFromMeltano();
        this.nfc = IdSpelling.isNfc(stateId);
        this.parked = Park.parse(stateId).isPresent();
    }

    public String stateId() {
        return stateId;
    }

    String lowerCaseId() {
        return lowerCaseId;
    }

    /** Why {@code meltano state list} would not show this ID, or null. */
    public String hiddenFromMeltano() {
        return hiddenFromMeltano;
    }

    /** Records the other listed IDs with the same letters in another Unicode spelling; before the entry is shown. */
    void sameLettersAs(List<String> others) {
        sameLetters = List.copyOf(others);
    }

    /**
     * What tells this ID from its look-alikes, spelled in ASCII — it is not in NFC, another ID has
     * the same letters — or null where there is nothing to tell.
     */
    public String spelling() {
        if (nfc && sameLetters.isEmpty()) {
            return null;
        }
        String others = sameLetters.stream().map(IdSpelling::escaped).collect(Collectors.joining(", "));
        if (nfc) {
            return Texts.get("list.spelling.othersNotNfc", others, IdSpelling.escaped(stateId));
        }
        return others.isEmpty() ? Texts.get("list.spelling.notNfc", IdSpelling.escaped(stateId))
                : Texts.get("list.spelling.notNfcWithOthers", IdSpelling.escaped(stateId), others);
    }

    public Badge health() {
        return health;
    }

    public LockStatus lock() {
        return lock;
    }

    /** Records what a read of the state showed; callable from any thread. */
    public void update(StoredState stored) {
        partialPending = stored.document().hasPendingPartial();
        health = Badge.of(StateHealth.of(stored.document()));
    }

    public void readFailed() {
        health = Badge.READ_FAILED;
    }

    public void updateLock(LockStatus status) {
        lock = status == null ? LockStatus.FREE : status;
    }

    /** Records the newest RUNNING row of this ID's pipeline (null: none), as of {@code now}; callable from any thread. */
    public void updateRunning(RunRow running, Instant now) {
        run = Badge.ofRun(running, now);
    }

    /** The health badge first, then the flags. */
    public Set<Badge> badges() {
        EnumSet<Badge> badges = EnumSet.noneOf(Badge.class);
        int bits = badgeBits();
        for (Badge badge : BADGES) {
            if ((bits & bit(badge)) != 0) {
                badges.add(badge);
            }
        }
        return badges;
    }

    /** Whether the entry carries the badge, without building its set (a filter asks it of every entry). */
    boolean has(Badge badge) {
        return (badgeBits() & bit(badge)) != 0;
    }

    /**
     * The badges as bits ({@code 1 << ordinal}): what counting the badges of 100,000 entries
     * after each step of a scan reads, without a set per entry.
     */
    int badgeBits() {
        Badge health = this.health;
        LockStatus lock = this.lock;
        int bits = bit(health);
        if (partialPending && health != Badge.CORRUPT_JSON) {
            bits |= bit(Badge.PARTIAL_PENDING);
        }
        if (lock.state() == LockStatus.State.HELD) {
            bits |= bit(Badge.LOCKED);
        } else if (lock.state() == LockStatus.State.STALE) {
            bits |= bit(Badge.STALE_LOCK);
        }
        Badge run = this.run;
        if (run != null) {
            bits |= bit(run);
        }
        if (hiddenFromMeltano != null) {
            bits |= bit(Badge.HIDDEN);
        }
        if (!nfc) {
            bits |= bit(Badge.NOT_NFC);
        }
        if (parked) {
            bits |= bit(Badge.PARKED);
        }
        return bits;
    }

    static int bit(Badge badge) {
        return 1 << badge.ordinal();
    }

    @Override
    public String toString() {
        return stateId;
    }
}
