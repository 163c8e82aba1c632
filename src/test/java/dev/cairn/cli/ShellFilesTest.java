package dev.cairn.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** The files {@code mvn package} makes for the packages: a man page per verb, and the completion script. */
@Tag("unit")
class ShellFilesTest {

    @Test
    void writesAManPagePerVerbAndTheCompletionScript(@TempDir Path dir) throws Exception {
        ShellFiles.main(new String[] {dir.resolve("man").toString(), dir.resolve("completion/cairn").toString()});

        Set<String> expected = new TreeSet<>(Set.of("cairn.adoc", "cairn-help.adoc", "cairn-journal-export.adoc"));
        for (Class<?> verb : Cli.verbs()) {
            expected.add("cairn-" + verb.getAnnotation(CommandLine.Command.class).name() + ".adoc");
        }
        try (Stream<Path> pages = Files.list(dir.resolve("man"))) {
            assertEquals(expected, pages.map(p -> p.getFileName().toString()).collect(Collectors.toCollection(TreeSet::new)));
        }
        String list = Files.readString(dir.resolve("man/cairn-list.adoc"));
        assertTrue(list.contains(":doctype: manpage") && list.contains("= cairn-list(1)") && list.contains("*--pattern*=_GLOB_"), list);
        assertEquals(CompletionCommand.script(), Files.readString(dir.resolve("completion/cairn")));
    }
}
