package dev.cairn.state;

/** Lines {@code first} to {@code last}, both included, 0-based. */
public record LineRange(int first, int last) {

    public LineRange {
        if (first < 0 || last < first) {
            throw new IllegalArgumentException("no such line range: " + first + ".." + last);
        }
    }
}
