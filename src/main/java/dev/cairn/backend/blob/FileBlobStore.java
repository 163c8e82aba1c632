package dev.cairn.backend.blob;

import dev.cairn.backend.BackendException;
import dev.cairn.backend.Version;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * A local folder as a blob store. Whole files are written to a temporary name and renamed over
 * the target, so a reader never sees a torn {@code state.json}; creating a blob that must not exist
 * yet (a lock) is atomic. Versions are content hashes.
 */
final class FileBlobStore implements BlobStore {

    private static final String TEMP_PREFIX = ".cairn-";

    private final Path root;

    FileBlobStore(Path root) {
        this.root = root;
    }

    Path root() {
        return root;
    }

    @Override
    public String displayUri() {
        return root.toUri().toString().replaceFirst("^file:/(?!/)", "file:///");
    }

    @Override
    public Blob get(String key) {
        try {
            byte[] data = Files.readAllBytes(path(key));
            return new Blob(data, Version.ofContent(data));
        } catch (NoSuchFileException e) {
            return null;
        } catch (IOException e) {
            throw failure("read", key, e);
        }
    }

    @Override
    public synchronized Version put(String key, byte[] data, Version expected) {
        Path target = path(key);
        try {
            Files.createDirectories(target.getParent());
            if (Version.ABSENT.equals(expected)) {
                try {
                    Files.write(target, data, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
                } catch (FileAlreadyExistsException e) {
                    throw new PreconditionFailed(key);
                }
                return Version.ofContent(data);
            }
            if (expected != null) {
                Blob current = get(key);
                if (current == null || !current.version().equals(expected)) {
                    throw new PreconditionFailed(key);
                }
            }
            Path temp = Files.createTempFile(target.getParent(), TEMP_PREFIX, ".tmp");
            try {
                Files.write(temp, data, StandardOpenOption.WRITE, StandardOpenOption.SYNC);
                move(temp, target);
            } finally {
                Files.deleteIfExists(temp);
            }
            return Version.ofContent(data);
        } catch (IOException e) {
            throw failure("write", key, e);
        }
    }

    private static void move(Path from, Path to) throws IOException {
        try {
            Files.move(from, to, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(from, to, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    /** Deletes the file, then the folders it leaves empty (Meltano removes a cleared ID's folder). */
    @Override
    public synchronized void delete(String key, Version expected) {
        Path target = path(key);
        if (expected != null) {
            Blob current = get(key);
            if (current != null && !current.version().equals(expected)) {
                throw new PreconditionFailed(key);
            }
        }
        try {
            Files.deleteIfExists(target);
            for (Path dir = target.getParent(); dir != null && dir.startsWith(root) && !dir.equals(root); dir = dir.getParent()) {
                try {
                    Files.delete(dir);
                } catch (DirectoryNotEmptyException | NoSuchFileException e) {
                    break;
                }
            }
        } catch (IOException e) {
            throw failure("delete", key, e);
        }
    }

    @Override
    public void list(String prefix, Consumer<String> keys) {
        if (!Files.isDirectory(root)) {
            return;
        }
        try (Stream<Path> files = Files.walk(root)) {
            files.filter(p -> !p.getFileName().toString().startsWith(TEMP_PREFIX))
                    .filter(Files::isRegularFile)
                    .map(p -> key(root.relativize(p)))
                    .filter(k -> k.startsWith(prefix))
                    .forEach(keys);
        } catch (IOException | UncheckedIOException e) {
            throw new BackendException("cannot list " + displayUri() + ": " + e.getMessage(), e);
        }
    }

    @Override
    public void close() {
        // nothing held open
    }

    private Path path(String key) {
        Path p = root.resolve(key).normalize();
        if (!p.startsWith(root)) {
            throw new BackendException("state ID escapes the backend folder: " + key);
        }
        return p;
    }

    private static String key(Path relative) {
        StringBuilder k = new StringBuilder();
        for (Path part : relative) {
            if (k.length() > 0) {
                k.append('/');
            }
            k.append(part);
        }
        return k.toString();
    }

    private BackendException failure(String what, String key, IOException e) {
        return new BackendException("cannot " + what + " " + root.resolve(key) + ": " + e.getMessage(), e);
    }
}
