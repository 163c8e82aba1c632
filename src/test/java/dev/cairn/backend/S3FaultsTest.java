package dev.cairn.backend;

import static org.junit.jupiter.api.Assertions.*;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.cairn.state.Json;
import dev.cairn.state.StateDocument;
import dev.cairn.state.StatePart;
import dev.cairn.testing.EmptyBackends;
import dev.cairn.testing.FaultyHttpProxy;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.NoSuchKeyException;

/** S3 on a bad day, as boto3 rides it out for Meltano: transient 500/503 answers, lost answers. */
@Tag("server")
class S3FaultsTest {

    private final FaultyHttpProxy proxy = new FaultyHttpProxy(TestS3.endpoint());
    private final String bucket = TestS3.freshBucket();

    @AfterEach
    void stop() {
        proxy.close();
    }

    private StateBackend open() {
        return Backends.open("s3://" + bucket + "/meltano/state", EmptyBackends.s3Options()
                .withSetting("s3.endpoint_url", proxy.endpoint().toString()).withLockWait(Duration.ofSeconds(2)));
    }

    private static StateDocument document(int v) {
        ObjectNode completed = Json.object();
        completed.putObject("singer_state").put("v", v);
        return new StateDocument(StatePart.of(completed), StatePart.of(Json.object()));
    }

    private boolean lockLeft(String stateId) {
        try (S3Client s3 = TestS3.client()) {
            s3.headObject(b -> b.bucket(bucket).key("meltano/state/" + stateId + "/lock"));
            return true;
        } catch (NoSuchKeyException e) {
            return false;
        } catch (software.amazon.awssdk.services.s3.model.S3Exception e) {
            if (e.statusCode() == 404) {
                return false;
            }
            throw e;
        }
    }

    @Test
    void oneServiceUnavailableOnEveryKindOfRequestIsRetried() {
        try (StateBackend s3 = open()) {
            s3.write("dev:a", document(1), Version.ABSENT);
            proxy.fail(r -> true, 503, false, 1);
            assertEquals(1, s3.read("dev:a").document().completed().value().path("singer_state").path("v").asInt());
            proxy.fail(r -> true, 500, false, 1);
            assertEquals(1, s3.list(null).size());
            proxy.fail(r -> r.method().equals("PUT"), 503, false, 2);
            proxy.fail(r -> r.method().equals("DELETE"), 503, false, 1);
            s3.write("dev:a", document(2), s3.read("dev:a").version());
            assertEquals(2, s3.read("dev:a").document().completed().value().path("singer_state").path("v").asInt());
            assertFalse(lockLeft("dev:a"));
        }
    }

    /** S3Proxy answers so while a conditional put replaces the object: there is no version to write against. */
    @Test
    void aReadAnsweredWithoutAnETagIsReadAgainAFewTimes() {
        try (StateBackend s3 = open()) {
            s3.write("dev:a", document(1), Version.ABSENT);
            proxy.dropHeader(r -> r.method().equals("GET") && r.path().endsWith("/state.json"), "ETag", 4);
            StoredState read = s3.read("dev:a");
            assertEquals(1, read.document().completed().value().path("singer_state").path("v").asInt());
            assertFalse(read.version().token().isBlank());
            proxy.dropHeader(r -> r.method().equals("GET") && r.path().endsWith("/state.json"), "ETag", 5);
            BackendException failed = assertThrows(BackendException.class, () -> s3.read("dev:a"));
            assertTrue(failed.getMessage().contains("5 reads of meltano/state/dev:a/state.json without an ETag"),
                    failed.getMessage());
        }
    }

    @Test
    void aLockWhoseCreationWasAnsweredWithAnErrorIsRetriedAndDeletedAfter() {
        try (StateBackend s3 = open()) {
            // the server made the lock; its answer was lost: the retry finds a lock there, ours
            proxy.fail(r -> r.method().equals("PUT") && r.path().endsWith("/lock"), 500, true, 1);
            s3.write("dev:a", document(1), Version.ABSENT);
            assertEquals(1, s3.read("dev:a").document().completed().value().path("singer_state").path("v").asInt());
            assertFalse(lockLeft("dev:a"), "the lock Cairn took is gone");
        }
    }

    @Test
    void aWriteThatFailsForGoodDeletesTheLockItTook() {
        failedWrite(1);
        assertFalse(lockLeft("dev:a"), "the lock Cairn took is gone");
    }

    @Test
    void aLockThatCannotBeDeletedAfterAFailedWriteDoesNotHideWhyTheWriteFailed() {
        BackendException failed = failedWrite(100);
        assertTrue(failed.getMessage().contains("state.json"), failed.getMessage());
        assertTrue(failed.getMessage().endsWith("; Meltano's lock on dev:a may be left behind, stale after 10 s"),
                failed.getMessage());
        assertEquals(1, failed.getSuppressed().length, "the lock's own failure rides along");
    }

    /** A write whose state.json answers 503 every time, and whose lock's deletion the first {@code lockDeletes} times. */
    private BackendException failedWrite(int lockDeletes) {
        try (StateBackend s3 = open()) {
            proxy.fail(r -> r.method().equals("PUT") && r.path().endsWith("/state.json"), 503, false, 100);
            proxy.fail(r -> r.method().equals("DELETE") && r.path().endsWith("/lock"), 503, false, lockDeletes);
            return assertThrows(BackendException.class, () -> s3.write("dev:a", document(1), Version.ABSENT));
        }
    }
}
