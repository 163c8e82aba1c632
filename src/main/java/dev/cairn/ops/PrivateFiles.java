package dev.cairn.ops;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.EnumSet;
import java.util.Set;

/**
 * Cairn's own folders and files, readable by their owner only: the journal holds whole state
 * documents (tokens in bookmarks), the log the command lines, the configuration the connections.
 * Folders are created {@code 0700} (as the XDG base directory specification asks of the folders it
 * names), files {@code 0600}, as ssh, gh and aws keep theirs. Where the file system has no POSIX
 * permissions (Windows) the user's profile folders are private already and nothing is set.
 */
public final class PrivateFiles {

    private static final Set<PosixFilePermission> OWNER_ONLY = EnumSet.of(PosixFilePermission.OWNER_READ,
            PosixFilePermission.OWNER_WRITE);
    private static final Set<PosixFilePermission> OTHERS = EnumSet.of(PosixFilePermission.GROUP_READ,
            PosixFilePermission.GROUP_WRITE, PosixFilePermission.GROUP_EXECUTE, PosixFilePermission.OTHERS_READ,
            PosixFilePermission.OTHERS_WRITE, PosixFilePermission.OTHERS_EXECUTE);

    private PrivateFiles() {}

    /**
     * Creates the folder and its missing parents {@code 0700}. A folder already there is left as
     * it is: it may be one the user chose to share ({@code CAIRN_LOG_DIR=/var/log/…}).
     */
    public static Path folder(Path folder) throws IOException {
        if (Files.isDirectory(folder) || !posix(folder)) {
            return Files.createDirectories(folder);
        }
        return Files.createDirectories(folder, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
    }

    /**
     * Creates the file empty and {@code 0600} if it is missing (its folder with {@link #folder});
     * a file of Cairn's already there loses what group and others could do with it, which a Cairn
     * before this one left them.
     */
    public static Path file(Path file) throws IOException {
        Path parent = file.toAbsolutePath().getParent();
        folder(parent);
        if (!posix(parent)) {
            if (!Files.exists(file)) {
                Files.createFile(file);
            }
            return file;
        }
        try {
            Files.createFile(file, PosixFilePermissions.asFileAttribute(OWNER_ONLY));
        } catch (FileAlreadyExistsException e) {
            Set<PosixFilePermission> now = Files.getPosixFilePermissions(file);
            if (now.removeAll(OTHERS)) {
                Files.setPosixFilePermissions(file, now);
            }
        }
        return file;
    }

    private static boolean posix(Path path) {
        return path.getFileSystem().supportedFileAttributeViews().contains("posix");
    }
}
