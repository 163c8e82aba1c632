package dev.cairn.backend.blob;

import dev.cairn.backend.BackendException;
import dev.cairn.backend.StateStorage;
import dev.cairn.backend.Version;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFileAttributeView;
import java.time.Instant;
import java.util.UUID;
import java.util.function.BiConsumer;
import java.util.function.BooleanSupplier;

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

    @Override
    public StateStorage storage() {
        return StateStorage.LocalFile.of("folder", root);
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
            return new Blob(data, Version.ofContentWhenAsked(data));
        } catch (NoSuchFileException e) {
            return null;
        } catch (IOException e) {
            throw failure("read", key, e);
        }
    }

    /**
     * The file's identity (its inode, where the file system has one), modification time and size,
     * from one look at its attributes: every write renames a new file over the old one.
     */
    @Override
    public String changeStamp(String key) {
        try {
            BasicFileAttributes file = Files.readAttributes(path(key), BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
            return file.fileKey() + " " + file.lastModifiedTime().toInstant() + " " + file.size();
        } catch (NoSuchFileException e) {
            return Version.ABSENT.token();
        } catch (IOException e) {
            throw failure("read", key, e);
        }
    }

    @Override
    public Version put(String key, byte[] data, Version expected) {
        return put(key, data, expected, () -> true);
    }

    @Override
    public synchronized Version put(String key, byte[] data, Version expected, BooleanSupplier stillAllowed) {
        Path target = path(key);
        try {
            Files.createDirectories(target.getParent());
            if (Version.ABSENT.equals(expected)) {
                // Written aside, then linked in only if the name is free: the file appears whole. Created
                // in place, a lock was empty for a moment, and Meltano's float() of it fails.
                Path temp = temp(target);
                try {
                    Files.write(temp, data, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
                    Files.createLink(target, temp);
                } catch (FileAlreadyExistsException e) {
                    throw new PreconditionFailed(key);
                } finally {
                    Files.deleteIfExists(temp);
                }
                return Version.ofContent(data);
            }
            Path temp = temp(target);
            try {
                // Created without attributes, the temporary file gets what Python's open() gives a new
                // file (0666 & ~umask); a file it replaces passes on its own mode, as Meltano's rewrite
                // in place keeps it. Files.createTempFile's 0600 would lock out a pipeline of another user.
                Files.write(temp, data, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE, StandardOpenOption.SYNC);
                keepMode(target, temp);
                // Asked and compared only now, after the slow synced write, so that a writer racing
                // Meltano's check-then-write lock has the shortest window before the rename.
                if (!stillAllowed.getAsBoolean()) {
                    throw new PreconditionFailed(key);
                }
                if (expected != null) {
                    Blob current = get(key);
                    if (current == null || !current.version().equals(expected)) {
                        throw new PreconditionFailed(key);
                    }
                }
                move(temp, target);
            } finally {
                Files.deleteIfExists(temp);
            }
            return Version.ofContent(data);
        } catch (IOException e) {
            throw failure("write", key, e);
        }
    }

    private static Path temp(Path target) {
        return target.resolveSibling(TEMP_PREFIX + UUID.randomUUID() + ".tmp");
    }

    private static void keepMode(Path from, Path to) throws IOException {
        PosixFileAttributeView view = Files.getFileAttributeView(from, PosixFileAttributeView.class, LinkOption.NOFOLLOW_LINKS);
        if (view == null) {
            return; // not a POSIX file system: there is no mode to keep
        }
        try {
            Files.setPosixFilePermissions(to, view.readAttributes().permissions());
        } catch (NoSuchFileException e) {
            // nothing replaced: the new file keeps the umask's mode
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
        try {
            if (expected == null) {
                Files.deleteIfExists(target);
            } else {
                deleteIfAt(key, target, expected);
            }
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

    /**
     * Renames the file aside first (atomic), then compares what it took: a file someone wrote in
     * between is never deleted unseen. One found at another version is linked back, unless yet
     * another file has taken the name meanwhile. A file already gone is no failure: what was asked is done.
     */
    private static void deleteIfAt(String key, Path target, Version expected) throws IOException {
        Path aside = temp(target);
        try {
            Files.move(target, aside, StandardCopyOption.ATOMIC_MOVE);
        } catch (NoSuchFileException e) {
            return;
        }
        try {
            if (!Version.ofContent(Files.readAllBytes(aside)).equals(expected)) {
                try {
                    Files.createLink(target, aside);
                } catch (FileAlreadyExistsException newer) {
                    // Someone created the file while it was aside: theirs stays. For a lock that means two
                    // holders, the race Meltano's own check-then-write has, here one rename long.
                }
                throw new PreconditionFailed(key);
            }
        } finally {
            Files.deleteIfExists(aside);
        }
    }

    @Override
    public void list(String prefix, BiConsumer<String, Instant> keys) {
        if (!Files.isDirectory(root)) {
            return;
        }
        try {
            // a root that is itself a link is the folder it leads to, as for get and set (path() checks
            // the links below the root only); links inside it are still not followed
            Path folder = root.toRealPath();
            Path start = walkedFor(folder, prefix);
            if (start == null) {
                return;
            }
            // the walk reads each file's attributes anyway: its modification time comes with them
            Files.walkFileTree(start, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attributes) {
                    // nor a linked file (the walk does not follow links), as path() refuses it
                    if (attributes.isRegularFile() && !file.getFileName().toString().startsWith(TEMP_PREFIX)) {
                        String key = key(folder.relativize(file));
                        if (key.startsWith(prefix)) {
                            keys.accept(key, attributes.lastModifiedTime().toInstant());
                        }
                    }
                    return FileVisitResult.CONTINUE;
                }
            });
        } catch (IOException | UncheckedIOException e) {
            throw new BackendException("cannot list " + displayUri() + ": " + e.getMessage(), e);
        }
    }

    /**
     * The folder below which the keys starting with {@code prefix} lie: the one named up to the
     * prefix's last '/', so that asking for one key (a lock's age) does not walk every state's
     * folder; the root for a prefix without one. Null where no key can start so: that folder is
     * missing, or reached through a link, which the walk from the root would not have followed.
     */
    private static Path walkedFor(Path folder, String prefix) {
        int slash = prefix.lastIndexOf('/');
        if (slash <= 0) {
            return folder;
        }
        try {
            Path start = folder.resolve(prefix.substring(0, slash));
            return Files.isDirectory(start, LinkOption.NOFOLLOW_LINKS) && start.toRealPath().equals(start) ? start : null;
        } catch (InvalidPathException | IOException e) {
            return null;
        }
    }

    @Override
    public void close() {
        // nothing held open
    }

    /**
     * The file for a key, refused when it is not a file of its own inside the root: a key with
     * {@code ..} or a character no file name can hold, or a path through a symbolic link below the
     * root. A link may lead anywhere (Meltano would follow it), so none is followed at all.
     */
    private Path path(String key) {
        Path p;
        try {
            p = root.resolve(key).normalize();
        } catch (InvalidPathException e) {
            throw new BackendException("a state ID in " + displayUri() + " must be a possible folder name: " + e.getReason());
        }
        if (!p.startsWith(root) || p.equals(root)) {
            throw new BackendException("state ID escapes the backend folder: " + key);
        }
        for (Path part = p; !part.equals(root); part = part.getParent()) {
            if (Files.isSymbolicLink(part)) {
                throw new BackendException(part + " is a symbolic link: Cairn follows no link inside a file backend,"
                        + " as one can lead out of " + displayUri());
            }
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
