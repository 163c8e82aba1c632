package dev.cairn.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.cairn.testing.BackendLockWatchdog;
import dev.cairn.testing.BigSystemDb;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/** {@code cairn list --long} reads every state of system databases with tens of thousands of states and runs rows. */
@ExtendWith(BackendLockWatchdog.class)
class ListLongBigSystemDbTest {

    @TempDir
    Path dir;

    @BeforeEach
    void home() {
        System.setProperty("cairn.home", dir.resolve("home").toString());
    }

    @AfterEach
    void tearDown() {
        System.clearProperty("cairn.home");
    }

    @Test
    void twentyThousandSqliteStates() throws Exception {
        listsEveryState(BigSystemDb.sqlite(dir, 20_000), 20_000);
    }

    @Test
    void oneHundredThousandSqliteStates() throws Exception {
        listsEveryState(BigSystemDb.sqlite(dir, 100_000), 100_000);
    }

    @Test
    void twentyThousandPostgresStates() throws Exception {
        listsEveryState(BigSystemDb.postgres(20_000), 20_000);
    }

    @Test
    void oneHundredThousandPostgresStates() throws Exception {
        listsEveryState(BigSystemDb.postgres(100_000), 100_000);
    }

    private void listsEveryState(String uri, int count) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int exit = Cli.run(new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8),
                "list", "--backend", uri, "--long");
        assertEquals(0, exit, err.toString(StandardCharsets.UTF_8));
        List<String> lines = out.toString(StandardCharsets.UTF_8).lines().collect(Collectors.toList());
        assertEquals(count, lines.size());
        assertEquals(IntStream.range(0, count).filter(BigSystemDb::running).count(),
                lines.stream().filter(line -> line.contains("\trunning: ")).count());
        assertEquals(IntStream.range(0, count).filter(BigSystemDb::staleRun).count(),
                lines.stream().filter(line -> line.contains("\tstale run: ")).count());
    }
}
