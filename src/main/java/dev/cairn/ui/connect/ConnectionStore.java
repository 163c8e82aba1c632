package dev.cairn.ui.connect;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Saved connections and window preferences in {@code <config>/connections.json}. Secrets are never
 * written: URIs are redacted and secret settings dropped before saving. Blocking I/O: call it
 * from background tasks, or at start-up before the window shows.
 */
public final class ConnectionStore {

    private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private final Path file;

    public ConnectionStore(Path configDir) {
        this.file = configDir.resolve("connections.json");
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
        JsonNode root = MAPPER.readTree(file.toFile());
        List<SavedConnection> connections = new ArrayList<>();
        for (JsonNode c : root.path("connections")) {
            Map<String, String> settings = new LinkedHashMap<>();
            c.path("settings").properties().forEach(e -> settings.put(e.getKey(), e.getValue().asText()));
            connections.add(new SavedConnection(c.path("name").asText(), c.path("uri").asText(),
                    Environment.parse(c.path("environment").asText()), c.path("readOnly").asBoolean(false), settings));
        }
        return new Saved(connections, root.path("theme").asText("light"));
    }

    public void save(Saved saved) throws IOException {
        ObjectNode root = MAPPER.createObjectNode();
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
        }
        Files.createDirectories(file.getParent());
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        MAPPER.writeValue(tmp.toFile(), root);
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    /** What is saved: the connections in the user's order and the theme name. */
    public record Saved(List<SavedConnection> connections, String theme) {
        public Saved {
            connections = List.copyOf(connections);
        }
    }
}
