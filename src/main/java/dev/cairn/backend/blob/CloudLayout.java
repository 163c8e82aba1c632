package dev.cairn.backend.blob;

import dev.cairn.backend.ListedState;
import dev.cairn.state.Glob;
import java.time.Instant;
import java.util.function.BiConsumer;
import java.util.function.Predicate;

/**
 * Meltano's S3 / Azure / GCS layout: {@code <prefix>/<state ID>/state.json} ({@code <state ID>/state.json}
 * with an empty prefix). Its list takes every key under the raw prefix whose last segment is
 * {@code state.json} and calls the second-to-last segment the ID; Cairn lists the real ID and says
 * where Meltano would show something else.
 */
final class CloudLayout implements BlobLayout {

    private final String prefix;

    CloudLayout(String prefix) {
        this.prefix = prefix;
    }

    @Override
    public String root() {
        return prefix;
    }

    @Override
    public String folder(String stateId) {
        return prefix.isEmpty() ? stateId : prefix + "/" + stateId;
    }

    @Override
    public void list(BlobStore store, String pattern, BiConsumer<ListedState, Instant> sink) {
        Glob glob = pattern == null ? null : Glob.compile(pattern);
        list(store, "", listed -> glob == null || glob.matches(listed.stateId()), sink);
    }

    /**
     * The keys under {@code <prefix>/<idPrefix>} only: every ID starting with the prefix, the
     * doubled-prefix layout's too. A key outside the prefix folder, or one with a leading '/', is
     * listed under its whole key, which no narrowed listing reaches; {@link #list} shows them.
     */
    @Override
    public void listStartingWith(BlobStore store, String idPrefix, BiConsumer<ListedState, Instant> sink) {
        list(store, idPrefix, listed -> listed.stateId().startsWith(idPrefix), sink);
    }

    private void list(BlobStore store, String idPrefix, Predicate<ListedState> wanted, BiConsumer<ListedState, Instant> sink) {
        BiConsumer<String, Instant> keys = (key, modified) -> {
            ListedState listed = listed(key);
            if (listed != null && wanted.test(listed)) {
                sink.accept(listed, modified);
            }
        };
        if (!idPrefix.isEmpty()) {
            store.list(folder(idPrefix), keys);
            return;
        }
        store.list(prefix, keys);
        if (!prefix.isEmpty()) {
            // `meltano upgrade` (4.2+) copies the 2.10-2.20 layout to '/<prefix>/…', which a listing of '<prefix>' misses.
            store.list("/" + prefix + "/", keys);
        }
    }

    /** What a key under the prefix is, or {@code null} when it is no {@code state.json}. */
    private ListedState listed(String key) {
        if (!key.equals(STATE_FILE) && !key.endsWith(STATE_SUFFIX)) {
            return null;
        }
        String folder = prefix.isEmpty() ? "" : prefix + "/";
        String parent = key.substring(0, Math.max(0, key.length() - STATE_SUFFIX.length()));
        String meltanoId = parent.substring(parent.lastIndexOf('/') + 1);
        if (!folder.isEmpty() && key.startsWith("/" + folder)) {
            return new ListedState(key, "key with a leading '/', as `meltano upgrade` copies old keys:"
                    + " Meltano reads '" + key.substring(1) + "' for '" + meltanoId + "', not this");
        }
        if (!key.startsWith(folder)) {
            return new ListedState(key, "key outside the prefix folder '" + folder
                    + "': Meltano lists it as '" + meltanoId + "' but reads nothing there");
        }
        String id = parent.substring(folder.length());
        if (!prefix.isEmpty() && id.startsWith(prefix + "/")) {
            return new ListedState(id, "historical layout of Meltano 2.10-2.20 (prefix written twice):"
                    + " Meltano lists it as '" + meltanoId + "' but reads nothing there");
        }
        if (id.indexOf('/') >= 0) {
            return new ListedState(id, "the ID contains '/': Meltano lists it as '" + meltanoId + "'");
        }
        return ListedState.visible(id);
    }
}
