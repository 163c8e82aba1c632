package dev.cairn.backend.blob;

import dev.cairn.backend.ListedState;
import dev.cairn.state.Glob;
import java.util.function.Consumer;

/**
 * Meltano's S3 / Azure / GCS layout: {@code <prefix>/<state ID>/state.json} ({@code <state ID>/state.json}
 * with an empty prefix). Its list takes every key under the raw prefix whose last segment is
 * {@code state.json} and calls the second-to-last segment the ID; Cairn lists the real ID and says
 * where Meltano would show something else.
 */
final class CloudLayout implements BlobLayout {

    private static final String SUFFIX = "/" + STATE_FILE;

    private final String prefix;

    CloudLayout(String prefix) {
        this.prefix = prefix;
    }

    @Override
    public String stateKey(String stateId) {
        return folder(stateId) + SUFFIX;
    }

    @Override
    public String lockKey(String stateId) {
        return folder(stateId) + "/" + LOCK_FILE;
    }

    private String folder(String stateId) {
        return prefix.isEmpty() ? stateId : prefix + "/" + stateId;
    }

    @Override
    public void list(BlobStore store, String pattern, Consumer<ListedState> sink) {
        Glob glob = pattern == null ? null : Glob.compile(pattern);
        String folder = prefix.isEmpty() ? "" : prefix + "/";
        store.list(prefix, key -> {
            if (!key.equals(STATE_FILE) && !key.endsWith(SUFFIX)) {
                return;
            }
            String parent = key.substring(0, Math.max(0, key.length() - SUFFIX.length()));
            String meltanoId = parent.substring(parent.lastIndexOf('/') + 1);
            ListedState listed;
            if (!key.startsWith(folder)) {
                listed = new ListedState(key, "key outside the prefix folder '" + folder
                        + "': Meltano lists it as '" + meltanoId + "' but reads nothing there");
            } else {
                String id = parent.substring(folder.length());
                if (!prefix.isEmpty() && id.startsWith(prefix + "/")) {
                    listed = new ListedState(id, "historical layout of Meltano 2.10-2.20 (prefix written twice):"
                            + " Meltano lists it as '" + meltanoId + "' but reads nothing there");
                } else if (id.indexOf('/') >= 0) {
                    listed = new ListedState(id, "the ID contains '/': Meltano lists it as '" + meltanoId + "'");
                } else {
                    listed = ListedState.visible(id);
                }
            }
            if (glob == null || glob.matches(listed.stateId())) {
                sink.accept(listed);
            }
        });
    }
}
