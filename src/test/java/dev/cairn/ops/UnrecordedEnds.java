package dev.cairn.ops;

/**
 * Writes whose end the journal never recorded, as a journal disk that filled up or a {@code kill -9}
 * leaves them: journalled as started, and then written or not. For tests of other packages too.
 */
public final class UnrecordedEnds {

    private UnrecordedEnds() {
    }

    /** The write is made and journalled as started, and the process dies before recording that it completed. */
    public static void written(Journal journal, WriteCommand command) {
        journal.begin(command, null);
        command.backend().write(command.stateId(), command.after(), command.before().version());
    }

    /** The write is journalled as started, and the process dies before making it. */
    public static void notWritten(Journal journal, WriteCommand command) {
        journal.begin(command, null);
    }
}
