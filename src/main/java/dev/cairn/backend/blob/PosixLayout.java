package dev.cairn.backend.blob;

import dev.cairn.backend.ListedState;
import dev.cairn.state.Glob;
import java.time.Instant;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.BiConsumer;

/**
 * Meltano's local {@code file://} backend on Linux and macOS: {@code <root>/<state ID>/state.json},
 * the ID used verbatim. Its list globs {@code <root>/<pattern>/state.json}, one folder level, so an
 * ID with a {@code /} is readable but never listed; Cairn lists it and says so.
 */
final class PosixLayout implements BlobLayout {

    @Override
    public String folder(String stateId) {
        return stateId;
    }

    @Override
    public void list(BlobStore store, String pattern, BiConsumer<ListedState, Instant> sink) {
        Map<String, Instant> ids = new TreeMap<>();
        store.list("", (key, modified) -> {
            String folder = BlobLayout.stateFolder(key);
            if (folder != null) {
                ids.put(folder, modified);
            }
        });
        String[] patternSegments = pattern == null ? null : pattern.split("/", -1);
        Glob[] globs = patternSegments == null ? null : new Glob[patternSegments.length];
        for (int i = 0; globs != null && i < globs.length; i++) {
            globs[i] = Glob.compile(patternSegments[i]);
        }
        ids.forEach((id, modified) -> {
            String[] segments = id.split("/", -1);
            if (globs == null || globMatches(patternSegments, globs, segments)) {
                sink.accept(new ListedState(id, hiddenReason(segments)), modified);
            }
        });
    }

    /** Python's glob: each path segment matched on its own; names starting with '.' only by a pattern that does. */
    private static boolean globMatches(String[] pattern, Glob[] globs, String[] segments) {
        if (pattern.length != segments.length) {
            return false;
        }
        for (int i = 0; i < pattern.length; i++) {
            if (segments[i].startsWith(".") && !pattern[i].startsWith(".")) {
                return false;
            }
            if (!globs[i].matches(segments[i])) {
                return false;
            }
        }
        return true;
    }

    private static String hiddenReason(String[] segments) {
        if (segments.length > 1) {
            return "the ID contains '/': Meltano's list looks one folder deep and does not show it";
        }
        if (segments[0].startsWith(".")) {
            return "the ID starts with '.': Meltano's list skips it";
        }
        return null;
    }
}
