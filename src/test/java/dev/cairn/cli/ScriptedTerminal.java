package dev.cairn.cli;

import java.io.PrintWriter;
import java.io.StringWriter;

/** A terminal whose user answers every question with one line, keeping what the command showed them. */
final class ScriptedTerminal implements Terminal {

    private final StringWriter shown = new StringWriter();
    private final PrintWriter writer = new PrintWriter(shown, true);
    private final String answer;
    private int asked;

    ScriptedTerminal(String answer) {
        this.answer = answer;
    }

    @Override
    public PrintWriter writer() {
        return writer;
    }

    @Override
    public String readLine() {
        asked++;
        return answer;
    }

    /** Everything printed on the terminal, the question included. */
    String shown() {
        writer.flush();
        return shown.toString();
    }

    int asked() {
        return asked;
    }
}
