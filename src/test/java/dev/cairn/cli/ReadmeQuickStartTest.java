package dev.cairn.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cairn.ui.demo.DemoWorkspace;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The README's tour on the command line, run as written: its code blocks are read from README.md,
 * each {@code $} command runs in bash after the block that sets the variables, with {@code bin/cairn}
 * a launcher of this build and the demo the window makes at its first start, and prints what the
 * README shows (run IDs, versions and times aside). A README that stops being true fails here.
 */
@Tag("unit")
class ReadmeQuickStartTest {

    private static final String TOUR_HOME = "/tmp/cairn-tour";
    /** What differs from run to run: run IDs and versions (hex), and times. */
    private static final Pattern VARYING = Pattern.compile("\\b[0-9a-f]{16,}\\b|\\d{4}-\\d{2}-\\d{2}T[0-9:.]+Z");

    @TempDir
    Path dir;

    /** A command of the README and what it prints there. */
    record Step(String command, List<String> output) {}

    @Test
    void theCommandLineTourPrintsWhatTheReadmeShows() throws Exception {
        String readme = Files.readString(Path.of("README.md"));
        String tour = readme.substring(readme.indexOf("### On the command line"), readme.indexOf("\n## Documentation"));
        List<String> blocks = new ArrayList<>();
        Matcher block = Pattern.compile("```\\n(.*?)```", Pattern.DOTALL).matcher(tour);
        while (block.find()) {
            blocks.add(block.group(1).replace(TOUR_HOME, dir.toString()));
        }
        String setup = blocks.get(0);
        assertTrue(setup.contains("export CAIRN_HOME="), setup);
        List<Step> steps = new ArrayList<>();
        for (String text : blocks.subList(1, blocks.size())) {
            for (String line : text.lines().toList()) {
                if (line.startsWith("$ ")) {
                    steps.add(new Step(line.substring(2), new ArrayList<>()));
                } else {
                    steps.get(steps.size() - 1).output().add(line);
                }
            }
        }
        assertTrue(steps.size() >= 8, steps.toString());

        new DemoWorkspace(dir.resolve("data/demo")).create(); // what the window's first start makes
        Path clone = launcher();
        for (Step step : steps) {
            assertEquals(normalised(step.output()), normalised(bash(clone, setup + step.command())), step.command());
        }
    }

    /** A folder with {@code bin/cairn}: this build's classes, as the clone's script runs the jar. */
    private Path launcher() throws IOException {
        Path clone = Files.createDirectories(dir.resolve("clone"));
        Path cairn = Files.createDirectories(clone.resolve("bin")).resolve("cairn");
        Files.writeString(cairn, "#!/bin/sh\nexec '" + Path.of(System.getProperty("java.home"), "bin", "java")
                + "' -XX:TieredStopAtLevel=1 -cp '" + System.getProperty("java.class.path") + "' dev.cairn.Main \"$@\"\n");
        assertTrue(cairn.toFile().setExecutable(true));
        return clone;
    }

    private static List<String> bash(Path clone, String script) throws IOException, InterruptedException {
        Process bash = new ProcessBuilder("bash", "-c", script).directory(clone.toFile()).redirectErrorStream(true).start();
        String out = new String(bash.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        bash.waitFor();
        return out.lines().toList();
    }

    private static List<String> normalised(List<String> lines) {
        return lines.stream().map(line -> VARYING.matcher(line).replaceAll("…")).toList();
    }
}
