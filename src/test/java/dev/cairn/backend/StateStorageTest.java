package dev.cairn.backend;

import static org.junit.jupiter.api.Assertions.*;

import dev.cairn.testing.LinkedFolder;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What makes two storages one, without a server: files by what they are, buckets by their service. */
@Tag("unit")
class StateStorageTest {

    @TempDir
    Path dir;

    @Test
    void aFolderIsTheSameThroughASymlinkAHardLinkedFileToo() throws Exception {
        LinkedFolder folder = LinkedFolder.create(dir);
        Path real = folder.real();
        Path link = folder.link();
        assertTrue(StateStorage.same(StateStorage.LocalFile.of("folder", real), StateStorage.LocalFile.of("folder", link)));
        assertTrue(StateStorage.same(StateStorage.LocalFile.of("folder", real),
                StateStorage.LocalFile.of("folder", dir.resolve("real/../real/"))));
        assertFalse(StateStorage.same(StateStorage.LocalFile.of("folder", real),
                StateStorage.LocalFile.of("folder", Files.createDirectories(dir.resolve("other")))));

        Path db = Files.writeString(dir.resolve("meltano.db"), "");
        Path hard = Files.createLink(dir.resolve("hard.db"), db);
        assertTrue(StateStorage.same(StateStorage.LocalFile.of("sqlite", db), StateStorage.LocalFile.of("sqlite", hard)),
                "another name, the same inode");
        assertFalse(StateStorage.same(StateStorage.LocalFile.of("sqlite", db), StateStorage.LocalFile.of("folder", db)));
    }

    @Test
    void aFolderNotCreatedYetIsNamedThroughItsRealParent() throws Exception {
        LinkedFolder folder = LinkedFolder.create(dir);
        Path real = folder.real();
        Path link = folder.link();
        assertTrue(StateStorage.same(StateStorage.LocalFile.of("folder", real.resolve("new/state")),
                StateStorage.LocalFile.of("folder", link.resolve("new/state"))));
    }

    @Test
    void aBucketIsTheSameOnOneServerWhateverItsHostIsCalled() {
        StateStorage local = new StateStorage.ObjectStore("s3", URI.create("http://127.0.0.1:9000"), "meltano");
        assertTrue(StateStorage.same(local, new StateStorage.ObjectStore("s3", URI.create("http://localhost:9000/"), "meltano")));
        assertFalse(StateStorage.same(local, new StateStorage.ObjectStore("s3", URI.create("http://127.0.0.1:9001"), "meltano")),
                "another port, another server");
        assertFalse(StateStorage.same(local, new StateStorage.ObjectStore("s3", URI.create("http://127.0.0.1:9000"), "other")));
        assertFalse(StateStorage.same(local, new StateStorage.ObjectStore("s3", null, "meltano")), "MinIO is not AWS");
        StateStorage unresolved = new StateStorage.ObjectStore("s3", URI.create("http://cairn-test.invalid:9000"), "meltano");
        assertTrue(StateStorage.same(local, unresolved),
                "a host that does not resolve may be this server: leaning to 'same' refuses a move rather than risk the state");
        assertTrue(StateStorage.same(new StateStorage.ObjectStore("s3", null, "meltano"),
                new StateStorage.ObjectStore("s3", null, "meltano")), "AWS bucket names are global");
        assertFalse(StateStorage.same(new StateStorage.ObjectStore("azure", URI.create("http://127.0.0.1:10000/devstoreaccount1"), "c"),
                new StateStorage.ObjectStore("azure", URI.create("http://127.0.0.1:10000/otheraccount"), "c")),
                "path-style Azure: the path names the account");
    }
}
