package dev.cairn.backend.blob;

import dev.cairn.backend.BackendException;
import dev.cairn.backend.BackendFactory;
import dev.cairn.backend.BackendOptions;
import dev.cairn.backend.StateBackend;
import java.nio.file.Path;
import java.time.Clock;

/**
 * Opens Meltano's local {@code file:///absolute/path} backend. The setting {@code file.layout=windows}
 * reads a folder written by Meltano on Windows (base64 folder names).
 */
public final class FileBackendFactory implements BackendFactory {

    public static final String LAYOUT_SETTING = "file.layout";

    @Override
    public boolean accepts(String uri) {
        return uri.startsWith("file:");
    }

    @Override
    public String schemes() {
        return "file:///absolute/path";
    }

    @Override
    public StateBackend open(String uri, BackendOptions options) {
        Path root = root(uri);
        String layoutName = options.setting(LAYOUT_SETTING);
        BlobLayout layout;
        if (layoutName == null || layoutName.equals("posix")) {
            layout = new PosixLayout();
        } else if (layoutName.equals("windows")) {
            layout = new WindowsLayout();
        } else {
            throw new BackendException("unknown file layout '" + layoutName + "' (posix or windows)");
        }
        return new BlobStateBackend(new FileBlobStore(root), layout, options, Clock.systemUTC());
    }

    static Path root(String uri) {
        if (!uri.startsWith("file:///")) {
            throw new BackendException("a file backend URI must be absolute, file:///absolute/path (got " + uri
                    + "; Meltano would read file://x/y as the folder /y)");
        }
        // Meltano takes the URL path as it is (no percent-decoding): ':' and spaces in folder names are fine.
        String path = uri.substring("file://".length());
        int query = path.indexOf('?');
        return Path.of(query < 0 ? path : path.substring(0, query)).toAbsolutePath().normalize();
    }
}
