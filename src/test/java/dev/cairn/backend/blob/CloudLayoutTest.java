package dev.cairn.backend.blob;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cairn.backend.ListedState;
import dev.cairn.backend.StateStorage;
import dev.cairn.backend.Version;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.BiConsumer;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** Meltano's cloud layout over keys a real S3 holds but S3Proxy's file-backed stores cannot (a leading '/'). */
@Tag("unit")
class CloudLayoutTest {

    /** Keys in byte order, listed by raw prefix, as S3 does. */
    private static final class Keys implements BlobStore {
        final TreeMap<String, byte[]> blobs = new TreeMap<>();

        @Override
        public String displayUri() {
            return "keys";
        }

        @Override
        public StateStorage storage() {
            return new StateStorage.ObjectStore("s3", null, "keys");
        }

        @Override
        public Blob get(String key) {
            byte[] data = blobs.get(key);
            return data == null ? null : new Blob(data, Version.ofContent(data));
        }

        @Override
        public Version put(String key, byte[] data, Version expected) {
            blobs.put(key, data);
            return Version.ofContent(data);
        }

        @Override
        public void delete(String key, Version expected) {
            blobs.remove(key);
        }

        @Override
        public void list(String prefix, BiConsumer<String, Instant> keys) {
            blobs.keySet().stream().filter(k -> k.startsWith(prefix)).forEach(k -> keys.accept(k, Instant.EPOCH));
        }

        @Override
        public void close() {}
    }

    @Test
    void keysThatMeltanoUpgradeCopiedUnderALeadingSlashAreReported() {
        Keys store = new Keys();
        for (String key : List.of("state/dev:now/state.json", "/state/dev:upgraded/state.json", "/other/x/state.json")) {
            store.put(key, new byte[0], null);
        }
        Map<String, ListedState> listed = new TreeMap<>();
        new CloudLayout("state").list(store, null, (l, modified) -> listed.put(l.stateId(), l));
        assertEquals(2, listed.size(), listed.toString());
        assertTrue(listed.get("dev:now").visibleToMeltano());
        String why = listed.get("/state/dev:upgraded/state.json").hiddenFromMeltano();
        assertTrue(why.contains("leading '/'") && why.contains("state/dev:upgraded/state.json"), why);
    }
}
