package dev.cairn.ui.connect;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.cairn.ops.PrivateFiles;
import dev.cairn.ops.UserFolders;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Saved connections and window preferences in {@code <config>/connections.json}. Secrets are never
 * written: URIs are redacted and secret settings dropped before saving. Blocking I/O: call it
 * from background tasks, or at start-up before the window shows.
 *
 * <p>Saves may come from several threads in any order (a new connection and a theme toggle a moment
 * apart): each caller first {@link #offer offers} its snapshot in the order the changes happened, and
 * one writer at a time writes the newest snapshot offered, so the last change always wins and an
 * older snapshot never overwrites a newer one.
 */
public final class ConnectionStore {

    /** In a holder: the store is built before the first frame, Jackson's start (~300 classes) waits for the first read. */
    private static final class Json {
        static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    }

    private static final String FAILED_AT_LAST_START = "failedAtLastStart";

    private final Path file;
    /** The newest snapshot not yet written, or {@code null}. */
    private final AtomicReference<Saved> offered = new AtomicReference<>();
    private final Object writer = new Object();

    public ConnectionStore(Path configDir) {
        this.file = configDir.resolve(UserFolders.CONNECTIONS_FILE);
    }

    public Path file() {
        return file;
    }

    /** Nothing was ever saved: the first start. */
    public boolean isFirstStart() {
        return !Files.exists(file);
    }

    public Saved load() throws IOException {
        if (!Files.exists(file)) {
            return new Saved(List.of(), "light");
        }
        JsonNode root = Json.MAPPER.readTree(file.toFile());
        List<SavedConnection> connections = new ArrayList<>();
        Set<String> failedAtLastStart = new HashSet<>();
        for (JsonNode c : root.path("connections")) {
            Map<String, String> settings = new LinkedHashMap<>();
            c.path("settings").properties().forEach(e -> settings.put(e.getKey(), e.getValue().asText()));
            connections.add(new SavedConnection(c.path("name").asText(), c.path("uri").asText(),
                    Environment.parse(c.path("environment").asText()), c.path("readOnly").asBoolean(false), settings,
                    c.path("meltanoEnvironment").textValue()));
            if (c.path(FAILED_AT_LAST_START).asBoolean(false)) {
                failedAtLastStart.add(c.path("name").asText());
            }
        }
        return new Saved(connections, root.path("theme").asText("light"), failedAtLastStart);
    }

    /** Offers the snapshot and writes the newest one offered. */
    public void save(Saved saved) throws IOException {
        offer(saved);
        saveOffered();
    }

    /** Makes this the snapshot to save; call it in the order the changes happen (on the FX thread). */
    public void offer(Saved saved) {
        offered.set(saved);
    }

    /** Writes the newest offered snapshot, if a writer before has not already written it. */
    public void saveOffered() throws IOException {
        synchronized (writer) {
            Saved newest = offered.getAndSet(null);
            if (newest != null) {
                write(Json.MAPPER.writeValueAsBytes(json(newest)));
            }
        }
    }

    private static ObjectNode json(Saved saved) {
        ObjectNode root = Json.MAPPER.createObjectNode();
        root.put("theme", saved.theme());
        ArrayNode list = root.putArray("connections");
        for (SavedConnection raw : saved.connections()) {
            SavedConnection c = raw.withoutSecrets();
            ObjectNode node = list.addObject();
            node.put("name", c.name());
            node.put("uri", c.uri());
            node.put("environment", c.environment().label());
            node.put("readOnly", c.readOnly());
            ObjectNode settings = node.putObject("settings");
            c.settings().forEach(settings::put);
            if (c.meltanoEnvironment() != null) {
                node.put("meltanoEnvironment", c.meltanoEnvironment());
            }
            if (saved.failedAtLastStart().contains(c.name())) {
                node.put(FAILED_AT_LAST_START, true);
            }
        }
        return root;
    }

    /** A temp file of its own, on disk before it replaces the file, and the rename on disk before returning. */
    private void write(byte[] bytes) throws IOException {
        Path dir = file.getParent();
        PrivateFiles.folder(dir);
        Path tmp = Files.createTempFile(dir, file.getFileName() + ".", ".tmp");
        try {
            try (FileChannel out = FileChannel.open(tmp, StandardOpenOption.WRITE)) {
                ByteBuffer buffer = ByteBuffer.wrap(bytes);
                while (buffer.hasRemaining()) {
                    out.write(buffer);
                }
                out.force(true);
            }
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } finally {
            Files.deleteIfExists(tmp);
        }
        try (FileChannel folder = FileChannel.open(dir, StandardOpenOption.READ)) {
            folder.force(true);
        }
    }

    /**
     * What is saved: the connections in the user's order, the theme name, and the names of the
     * connections that failed or did not answer when the window last started (the next start does
     * not open them by itself).
     */
    public record Saved(List<SavedConnection> connections, String theme, Set<String> failedAtLastStart) {
        public Saved {
            connections = List.copyOf(connections);
            failedAtLastStart = Set.copyOf(failedAtLastStart);
        }

        /** None failed at the last start. */
        public Saved(List<SavedConnection> connections, String theme) {
            this(connections, theme, Set.of());
        }
    }
}
