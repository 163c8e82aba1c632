package dev.cairn.cli;

/**
 * ANSI colours for a terminal, or none ({@code on} false: piped, {@code NO_COLOR}): a diff's added,
 * removed and changed lines, comparison and check statuses, and the error and warning prefixes.
 */
record Colours(boolean on) {

    private static final String GREEN = "32";
    private static final String RED = "31";
    private static final String YELLOW = "33";
    private static final String BOLD_RED = "1;31";

    String added(String text) {
        return paint(GREEN, text);
    }

    String removed(String text) {
        return paint(RED, text);
    }

    String changed(String text) {
        return paint(YELLOW, text);
    }

    /** What is fine: the same state on both sides. */
    String good(String text) {
        return paint(GREEN, text);
    }

    String warning(String text) {
        return paint(YELLOW, text);
    }

    String error(String text) {
        return paint(BOLD_RED, text);
    }

    private String paint(String code, String text) {
        return on ? "\u001b[" + code + "m" + text + "\u001b[0m" : text;
    }
}
