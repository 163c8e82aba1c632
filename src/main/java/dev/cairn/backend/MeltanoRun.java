package dev.cairn.backend;

import com.fasterxml.jackson.databind.JsonNode;
import java.security.SecureRandom;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Objects;
import java.util.UUID;

/**
 * A row of the system database's {@code runs} table as Meltano's state commands add it
 * ({@code StateService.add_state} → {@code _get_or_create_job}, reference §1.3): a job named after
 * the state ID in state {@code STATE_EDIT}, started and ended at the same moment, no heartbeat,
 * with the document the command wrote as its payload. Nothing reads state from these rows; they
 * are the project's history of who set what, which Meltano keeps for every {@code set},
 * {@code merge}, {@code copy} and {@code move} (not for {@code clear}).
 *
 * @param at started_at and ended_at, UTC, to the microsecond as Python's datetime holds it
 * @param trigger {@code MELTANO_JOB_TRIGGER} of the writing process, or null
 */
public record MeltanoRun(String jobName, UUID runId, Instant at, Payload payload, String trigger) {

    public static final String STATE_EDIT = "STATE_EDIT";

    /**
     * The payload and its flags ({@code Payload.STATE} = 1 for a complete write,
     * {@code Payload.INCOMPLETE_STATE} = 2 for a merge into the partial state).
     */
    public record Payload(JsonNode document, int flags) {
        public static final int STATE = 1;
        public static final int INCOMPLETE_STATE = 2;

        public static Payload complete(JsonNode document) {
            return new Payload(document, STATE);
        }

        public static Payload incomplete(JsonNode document) {
            return new Payload(document, INCOMPLETE_STATE);
        }
    }

    private static final SecureRandom RANDOM = new SecureRandom();

    public MeltanoRun {
        Objects.requireNonNull(jobName);
        Objects.requireNonNull(runId);
        Objects.requireNonNull(payload);
        at = at.truncatedTo(ChronoUnit.MICROS);
    }

    /** The row for a state command run now by this process: a new run ID, the trigger from the environment. */
    public static MeltanoRun stateEdit(String stateId, Payload payload) {
        Instant now = Instant.now();
        return new MeltanoRun(stateId, uuid7(now), now, payload, System.getenv("MELTANO_JOB_TRIGGER"));
    }

    /** A version 7 UUID (RFC 9562: Unix milliseconds, then random bits), as Meltano's {@code new_run_id}. */
    static UUID uuid7(Instant at) {
        long millis = at.toEpochMilli();
        long high = (millis << 16) | 0x7000L | (RANDOM.nextInt() & 0x0FFFL);
        long low = (RANDOM.nextLong() & 0x3FFF_FFFF_FFFF_FFFFL) | 0x8000_0000_0000_0000L;
        return new UUID(high, low);
    }
}
