package dev.cairn.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cairn.testing.Fixtures;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sqlite.util.LibraryLoaderUtil;

/**
 * The command line on a WAL system database when the disk is full. Cairn's first read makes SQLite
 * grow the {@code -shm} file, and the kernel refuses the write. The full disk here is a file-size
 * limit on the cairn process ({@code ulimit -f}, which needs no root): SQLite meets the refused
 * write at the same place and answers it with the same error as on a full tmpfs
 * (SQLITE_IOERR_SHMSIZE, "disk I/O error"), where Cairn used to say "not a Meltano system database".
 */
@Tag("unit")
class FullDiskCliTest {

    /** In 512- or 1024-byte blocks (as the shell counts): under the 32 KiB SQLite maps first, over Cairn's log. */
    private static final int FILE_SIZE_LIMIT_BLOCKS = 24;

    @TempDir
    Path dir;

    @Test
    void aFullDiskIsReportedInSqlitesWordsOnOneLine() throws Exception {
        String db = Fixtures.systemDb(dir);
        String expected = "cairn: " + db + ": [SQLITE_IOERR_SHMSIZE] I/O error within xShmMap while trying to resize an existing"
                + " shared memory segment (disk I/O error); is the disk that holds it full?\n";
        assertEquals(expected, cairnOnFullDisk("get", "--backend", db, Fixtures.A));
        assertEquals(expected, cairnOnFullDisk("set", "--backend", db, Fixtures.A, "{\"singer_state\": {}}", "--force"));
    }

    /** Runs cairn under the file-size limit; returns its stderr after checking it failed as on any backend error. */
    private String cairnOnFullDisk(String... args) throws Exception {
        Path library = sqliteLibrary();
        Path err = dir.resolve("err.txt");
        List<String> command = new ArrayList<>(List.of("sh", "-c", "ulimit -f " + FILE_SIZE_LIMIT_BLOCKS + " && exec \"$@\"",
                "sh", Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-XX:-UsePerfData",
                "-Dorg.sqlite.lib.path=" + library.getParent(), "-Dorg.sqlite.lib.name=" + library.getFileName(),
                "-Dcairn.home=" + dir.resolve("home"), "-cp", System.getProperty("java.class.path"), "dev.cairn.Main"));
        command.addAll(List.of(args));
        Process cairn = new ProcessBuilder(command).redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(err.toFile()).start();
        assertTrue(cairn.waitFor(2, TimeUnit.MINUTES), "cairn ended");
        assertEquals(Cli.FAILED, cairn.exitValue(), Files.readString(err));
        return Files.readString(err);
    }

    /** sqlite-jdbc's native library, copied out here beforehand: under the limit it could not write its own copy. */
    private Path sqliteLibrary() throws Exception {
        Path library = dir.resolve("lib").resolve(LibraryLoaderUtil.getNativeLibName());
        if (!Files.exists(library)) {
            Files.createDirectories(library.getParent());
            String resource = LibraryLoaderUtil.getNativeLibResourcePath() + "/" + LibraryLoaderUtil.getNativeLibName();
            try (InputStream in = LibraryLoaderUtil.class.getResourceAsStream(resource)) {
                Files.copy(in, library);
            }
        }
        return library;
    }
}
