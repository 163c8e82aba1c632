package dev.cairn.ops.compare;

import dev.cairn.state.StateComparison;

/**
 * How one state ID stands in a {@link Comparison}.
 *
 * @param hereId the ID on this side (for an ID only there: the ID it would have here)
 * @param thereId the ID on the other side, after the rename (for an ID only here: the ID it would have there)
 * @param detail what comparing the two documents found; {@code null} for an ID on one side only, or one a side failed to read
 * @param hereProblem why this side's state cannot be read or used, or {@code null}
 * @param thereProblem the same for the other side
 */
public record IdComparison(String hereId, String thereId, Status status, StateComparison detail, String hereProblem,
                           String thereProblem) {

    /** What an ID is to the two sides, spelled as the command line prints it. */
    public enum Status {
        ONLY_HERE("only-here"),
        ONLY_THERE("only-there"),
        SAME("same"),
        SAME_EFFECTIVE("same-effective"),
        DIFFERENT("different"),
        UNREADABLE("unreadable");

        private final String label;

        Status(String label) {
            this.label = label;
        }

        public String label() {
            return label;
        }

        /** Whether a tap resumes alike from both sides. */
        public boolean agrees() {
            return this == SAME || this == SAME_EFFECTIVE;
        }
    }

    /** An ID listed here only; {@code problem}: why its state could not be read, or {@code null}. */
    static IdComparison onlyHere(String hereId, String thereId, String problem) {
        return new IdComparison(hereId, thereId, Status.ONLY_HERE, null, problem, null);
    }

    static IdComparison onlyThere(String hereId, String thereId, String problem) {
        return new IdComparison(hereId, thereId, Status.ONLY_THERE, null, null, problem);
    }

    static IdComparison unreadable(String hereId, String thereId, String hereProblem, String thereProblem) {
        return new IdComparison(hereId, thereId, Status.UNREADABLE, null, hereProblem, thereProblem);
    }

    static IdComparison of(String hereId, String thereId, StateComparison detail) {
        Status status;
        switch (detail.verdict()) {
            case SAME: status = Status.SAME; break;
            case SAME_EFFECTIVE: status = Status.SAME_EFFECTIVE; break;
            case DIFFERENT: status = Status.DIFFERENT; break;
            default: status = Status.UNREADABLE;
        }
        return new IdComparison(hereId, thereId, status, detail, detail.hereProblem(), detail.thereProblem());
    }
}
