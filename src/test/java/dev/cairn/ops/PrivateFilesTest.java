package dev.cairn.ops;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The journal's folder and files are the owner's only, the way ssh keeps its keys. */
@Tag("unit")
class PrivateFilesTest {

    @TempDir
    Path dir;

    static String mode(Path path) throws Exception {
        return PosixFilePermissions.toString(Files.getPosixFilePermissions(path));
    }

    @Test
    void theJournalAndItsFoldersAreTheOwnersOnly() throws Exception {
        UserFolders folders = new UserFolders(dir.resolve("home/data"), dir.resolve("home/config"));
        Journal journal = folders.journal();
        journal.history("file:///none", "dev:none");
        assertEquals("rwx------", mode(dir.resolve("home")));
        assertEquals("rwx------", mode(folders.data()));
        assertEquals("rwx------", mode(journal.file().getParent()));
        assertEquals("rw-------", mode(journal.file()));
        for (String suffix : new String[] {"-wal", "-shm"}) {
            Path side = Path.of(journal.file() + suffix);
            if (Files.exists(side)) {
                assertEquals("rw-------", mode(side), side.toString());
            }
        }
    }

    @Test
    void aJournalAnEarlierCairnLeftReadableIsMadeTheOwnersOnly() throws Exception {
        Path folder = Files.createDirectories(dir.resolve("journal"));
        Files.setPosixFilePermissions(folder, PosixFilePermissions.fromString("rwxr-x---"));
        Journal first = new Journal(folder);
        first.history("file:///none", "dev:none");
        Files.setPosixFilePermissions(first.file(), PosixFilePermissions.fromString("rw-r--r--"));
        new Journal(folder).history("file:///none", "dev:none");
        assertEquals("rw-------", mode(first.file()));
        assertEquals("rwxr-x---", mode(folder), "a folder that was there is left as it is");
    }
}
