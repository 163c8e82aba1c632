package dev.cairn.cli;

import static org.junit.jupiter.api.Assertions.*;

import dev.cairn.ops.compare.Comparison;
import dev.cairn.ops.compare.IdComparison;
import dev.cairn.ops.compare.IdComparison.Status;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** {@code compare}'s output on a terminal, where the progress line on stderr shares the screen with stdout. */
@Tag("unit")
class ComparisonPrinterTest {

    private static final IdComparison ONLY_HERE = new IdComparison("dev:a", "dev:a", Status.ONLY_HERE, null, null, null);
    private static final Invocation ON_A_TERMINAL = new Invocation(Map.of(), Path.of(""), new ScriptedTerminal("n"));
    private static final Comparison.Totals TOTALS = new Comparison.Totals(Map.of(Status.ONLY_HERE, 1L));

    /** What a terminal shows of the text: a carriage return goes back to the line's start, ESC [K erases to its end. */
    private static String screen(String written) {
        StringBuilder screen = new StringBuilder();
        StringBuilder line = new StringBuilder();
        int column = 0;
        for (int i = 0; i < written.length(); i++) {
            char c = written.charAt(i);
            if (c == '\r') {
                column = 0;
            } else if (c == '\u001b' && written.startsWith("[K", i + 1)) {
                line.setLength(column);
                i += 2;
            } else if (c == '\n') {
                screen.append(line).append('\n');
                line.setLength(0);
                column = 0;
            } else {
                if (column < line.length()) {
                    line.setCharAt(column, c);
                } else {
                    line.append(c);
                }
                column++;
            }
        }
        return screen.append(line).toString();
    }

    private static void run(ComparisonPrinter printer) {
        printer.progress(new Comparison.Progress(512, 0, 0));
        printer.compared(ONLY_HERE);
        printer.progress(new Comparison.Progress(1_024, 1_000, 1)); // the comparison's last word, after every ID
        printer.finish(TOTALS);
    }

    @Test
    void textStartsOnALineOfItsOwnAfterTheProgress() {
        StringWriter terminal = new StringWriter();
        PrintWriter both = new TerminalWriter(terminal, ON_A_TERMINAL);
        run(ComparisonPrinter.text(both, false).withProgress(both));
        assertTrue(terminal.toString().contains("read 1,024 here, 1,000 there; 1 compared"), terminal.toString());
        assertEquals("only-here         dev:a\n"
                + "1 ID: 1 only-here, 0 only-there, 0 same, 0 same-effective, 0 different, 0 unreadable\n",
                screen(terminal.toString()));
    }

    @Test
    void eachJsonLineStandsAlone() {
        StringWriter terminal = new StringWriter();
        PrintWriter both = new TerminalWriter(terminal, ON_A_TERMINAL);
        run(ComparisonPrinter.json(both).withProgress(both));
        String[] lines = screen(terminal.toString()).split("\n", -1);
        assertEquals(2, lines.length, screen(terminal.toString()));
        assertTrue(lines[0].startsWith("{\"id\":\"dev:a\""), lines[0]);
        assertEquals("", lines[1]);
    }

    @Test
    void noProgressWhereStderrIsNoTerminal() {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        run(ComparisonPrinter.text(new PrintWriter(out, true), false).withProgress(new PrintWriter(err, true)));
        assertEquals("", err.toString());
    }
}
