package dev.cairn.cli;

/**
 * ANSI colours for a terminal, or none ({@code on} false: piped, {@code NO_COLOR}): a diff's added,
 * removed and changed lines, comparison and check statuses, and the error and warning prefixes.
 */
record Colours(boolean on) {

    /** What a piece of text is, and so its colour. */
    enum Role {
        ADDED("32"), REMOVED("31"), CHANGED("33"),
        /** What is fine: the same state on both sides. */
        GOOD("32"),
        WARNING("33"), ERROR("1;31");

        private final String sgr;

        Role(String sgr) {
            this.sgr = sgr;
        }
    }

    String paint(Role role, String text) {
        return on ? "\u001b[" + role.sgr + "m" + text + "\u001b[0m" : text;
    }
}
