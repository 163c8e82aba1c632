package dev.cairn.cli;

import java.io.BufferedReader;
import java.io.Console;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;

/**
 * The terminal a confirmation is asked on: what the user reads before answering, and the line they
 * answer with. The process's console where there is one; a test passes its own.
 */
public interface Terminal {

    /** Where the preview and the question go. */
    PrintWriter writer();

    /** The user's answer; null at the end of the input. */
    String readLine();

    /** The process's console, or null when it has none (input or output redirected). */
    static Terminal ofProcess() {
        Console console = System.console();
        if (console == null) {
            return null;
        }
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        return new Terminal() {
            @Override
            public PrintWriter writer() {
                return console.writer();
            }

            @Override
            public String readLine() {
                try {
                    return in.readLine();
                } catch (IOException e) {
                    return null;
                }
            }
        };
    }
}
