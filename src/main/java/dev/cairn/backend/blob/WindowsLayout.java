package dev.cairn.backend.blob;

import dev.cairn.backend.ListedState;
import dev.cairn.state.Glob;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.function.Consumer;

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
    public void list(BlobStore store, String pattern, Consumer<ListedState> sink) {
        List<String> folders = new ArrayList<>();
        store.list("", key -> {
            String folder = BlobLayout.stateFolder(key);
            if (folder != null) {
                folders.add(folder);
            }
        });
        Glob glob = pattern == null ? null : Glob.compile(pattern);
        List<ListedState> found = new ArrayList<>();
        for (String folder : folders) {
            String id = decode(folder);
            if (id == null) {
                found.add(new ListedState(folder, "the folder name is not base64: Meltano on Windows cannot read it"));
            } else if (glob == null || glob.matches(id)) {
                found.add(ListedState.visible(id));
            }
        }
        found.sort((a, b) -> a.stateId().compareTo(b.stateId()));
        found.forEach(sink);
    }

    private static String decode(String folder) {
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
