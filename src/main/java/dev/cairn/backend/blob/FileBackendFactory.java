package dev.cairn.backend.blob;

import dev.cairn.backend.BackendException;
import dev.cairn.backend.BackendFactory;
import dev.cairn.backend.BackendKind;
import dev.cairn.backend.BackendOptions;
import dev.cairn.backend.BackendSetting;
import dev.cairn.backend.StateBackend;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;

/**
 * Opens Meltano's local {@code file:///absolute/path} backend. The setting {@code file.layout=windows}
 * reads a folder written by Meltano on Windows (base64 folder names).
 */
public final class FileBackendFactory implements BackendFactory {

    public static final String LAYOUT_SETTING = "file.layout";

    private static final BackendKind KIND = new BackendKind("file", "A local folder", List.of("file"),
            "file:///abs/folder",
            uri -> uri.startsWith("file:///") ? null : "A file backend URI needs an absolute path: file:///abs/dir",
            List.of(BackendSetting.cairn(LAYOUT_SETTING, null, "Folder layout").withDefault("posix")
                    .withHint("posix, or windows for a folder written by Meltano on Windows (base64 folder names)")),
            true);

    @Override
    public BackendKind kind() {
        return KIND;
    }

    @Override
    public boolean accepts(String uri) {
        return uri.startsWith("file:");
    }

    @Override
    public StateBackend open(String uri, BackendOptions options) {
        Path root = root(uri);
        if (!Files.isDirectory(root)) {
            // Meltano would list nothing, and a typo'd path would look like an empty backend.
            throw new BackendException((Files.exists(root) ? root + " is not a folder" : "no folder at " + root)
                    + " (from " + uri + ")");
        }
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

    /**
     * Whether the folder of a {@code file://} URI looks written by Meltano on Windows: every folder
     * holding a {@code state.json} at its top is named with the base64 of printable text, and at
     * least one of those texts has the {@code :} of {@code dev:tap-x-to-target-y} while no name
     * does. Read as POSIX, such a folder lists base64 names as IDs.
     */
    public static boolean looksLikeWindowsLayout(String uri) {
        Path root = root(uri);
        boolean environmentIds = false;
        try (DirectoryStream<Path> folders = Files.newDirectoryStream(root, Files::isDirectory)) {
            for (Path folder : folders) {
                String name = folder.getFileName().toString();
                if (!Files.isRegularFile(folder.resolve("state.json"))) {
                    continue;
                }
                String id = WindowsLayout.decode(name);
                if (name.contains(":") || id == null || id.isEmpty() || id.chars().anyMatch(Character::isISOControl)) {
                    return false;
                }
                environmentIds |= id.contains(":");
            }
        } catch (IOException | UncheckedIOException e) {
            return false;
        }
        return environmentIds;
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
