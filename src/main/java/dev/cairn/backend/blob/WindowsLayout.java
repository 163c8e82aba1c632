package dev.cairn.backend.blob;

import dev.cairn.backend.ListedState;
import dev.cairn.state.Glob;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;

/**
 * Meltano's local {@code file://} backend on Windows: each ID's folder is named with the standard
 * base64 of its UTF-8 bytes (which may itself contain {@code /} and nest).
 */
final class WindowsLayout implements BlobLayout {

    @Override
    public String folder(String stateId) {
        return Base64.getEncoder().encodeToString(stateId.getBytes(StandardCharsets.UTF_8));
    }

    @Override
    public void list(BlobStore store, String pattern, BiConsumer<ListedState, Instant> sink) {
        Map<String, Instant> folders = new LinkedHashMap<>();
        store.list("", (key, modified) -> {
            String folder = BlobLayout.stateFolder(key);
            if (folder != null) {
                folders.put(folder, modified);
            }
        });
        Glob glob = pattern == null ? null : Glob.compile(pattern);
        List<Map.Entry<ListedState, Instant>> found = new ArrayList<>();
        folders.forEach((folder, modified) -> {
            String id = decode(folder);
            if (id == null) {
                found.add(Map.entry(new ListedState(folder, "the folder name is not base64: Meltano on Windows cannot read it"), modified));
            } else if (glob == null || glob.matches(id)) {
                found.add(Map.entry(ListedState.visible(id), modified));
            }
        });
        found.sort(Comparator.comparing(e -> e.getKey().stateId()));
        found.forEach(e -> sink.accept(e.getKey(), e.getValue()));
    }

    /** The ID a folder name is the base64 of, or null if it is none. */
    static String decode(String folder) {
        try {
            byte[] bytes = Base64.getDecoder().decode(folder);
            return StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes))
                    .toString();
        } catch (IllegalArgumentException | CharacterCodingException e) {
            return null;
        }
    }
}
