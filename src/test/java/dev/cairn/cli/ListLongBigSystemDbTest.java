package dev.cairn.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.cairn.testing.BackendLockWatchdog;
import dev.cairn.testing.BigSystemDb;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** {@code cairn list --long} reads every state of system databases with tens of thousands of states and runs rows. */
@Tag("server")
@ExtendWith(BackendLockWatchdog.class)
class ListLongBigSystemDbTest {

    @TempDir
    Path dir;
    @RegisterExtension
    final CliRun cli = new CliRun();

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
        assertEquals(0, cli.cairn("list", "--backend", uri, "--long"), cli.err());
        List<String> lines = cli.out().lines().collect(Collectors.toList());
        assertEquals("ID\tHEALTH\tNOTES", lines.get(0), "the header line");
        assertEquals(count + 1, lines.size());
        assertEquals(IntStream.range(0, count).filter(BigSystemDb::running).count(),
                lines.stream().filter(line -> line.contains("\trunning: ")).count());
        assertEquals(IntStream.range(0, count).filter(BigSystemDb::staleRun).count(),
                lines.stream().filter(line -> line.contains("\tstale run: ")).count());
    }
}
