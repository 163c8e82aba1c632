package dev.cairn.state;

/**
 * The fast path of {@link Json#scanShape}: a check of plain RFC 8259 JSON in one tight loop over
 * the text, with no parser to set up and no token objects. It accepts only what the tree reader
 * surely accepts too (no {@code NaN}, no lone surrogates, short numbers, shallow nesting, top-level
 * keys without escapes); anything else, malformed or merely unusual, it leaves to the streaming
 * parser, which decides exactly. Tokenizing was most of the health scan's cost.
 */
final class ShapeScanner {

    /** Thrown where this scanner leaves the text to the parser; no stack: it is a branch, not an error. */
    private static final RuntimeException UNSURE = new RuntimeException(null, null, false, false) { };
    private static final int MAX_DEPTH = 500;
    private static final int MAX_NUMBER_LENGTH = 1000;

    private final String text;
    private final int length;
    private int at;

    private ShapeScanner(String text) {
        this.text = text;
        this.length = text.length();
    }

    /** The shape of plain JSON text, or {@code null} if the parser must decide. */
    static StatePart.Shape scan(String text) {
        try {
            return new ShapeScanner(text).root();
        } catch (RuntimeException e) {
            if (e == UNSURE || e instanceof StringIndexOutOfBoundsException) {
                return null;
            }
            throw e;
        }
    }

    private StatePart.Shape root() {
        space();
        StatePart.Shape shape;
        char c = peek();
        if (c == '{') {
            shape = rootObject();
        } else if (c == '[') {
            at++;
            space();
            if (peek() == ']') {
                at++;
                shape = StatePart.Shape.EMPTY_ARRAY;
            } else {
                arrayItems(1);
                shape = StatePart.Shape.OTHER;
            }
        } else if (c == 'n') {
            literal("null");
            shape = StatePart.Shape.NULL;
        } else {
            value(0);
            shape = StatePart.Shape.OTHER;
        }
        space();
        if (at != length) {
            throw UNSURE;
        }
        return shape;
    }

    private StatePart.Shape rootObject() {
        at++;
        space();
        if (peek() == '}') {
            at++;
            return StatePart.Shape.EMPTY_OBJECT;
        }
        boolean singerState = false;
        while (true) {
            int start = at + 1;
            if (string()) {
                throw UNSURE; // an escaped key might spell singer_state: the parser decodes it
            }
            singerState |= at == start + 13 && text.startsWith("singer_state", start);
            space();
            expect(':');
            space();
            value(1);
            space();
            char c = next();
            if (c == '}') {
                return singerState ? StatePart.Shape.OBJECT_WITH_SINGER_STATE : StatePart.Shape.OBJECT;
            }
            if (c != ',') {
                throw UNSURE;
            }
            space();
        }
    }

    private void value(int depth) {
        char c = peek();
        switch (c) {
            case '{': object(depth + 1); break;
            case '[':
                at++;
                space();
                if (peek() == ']') {
                    at++;
                } else {
                    arrayItems(depth + 1);
                }
                break;
            case '"': string(); break;
            case 't': literal("true"); break;
            case 'f': literal("false"); break;
            case 'n': literal("null"); break;
            default: number();
        }
    }

    /**
     * The items of an array whose '[' and first blanks are read, up to its ']'. {@link #object}
     * repeats the step after an item on purpose: a shared method cost ~25 % of the whole scan
     * (the JIT inlines less of the recursion), measured side by side.
     */
    private void arrayItems(int depth) {
        if (depth > MAX_DEPTH) {
            throw UNSURE;
        }
        while (true) {
            value(depth);
            space();
            char c = next();
            if (c == ']') {
                return;
            }
            if (c != ',') {
                throw UNSURE;
            }
            space();
        }
    }

    private void object(int depth) {
        if (depth > MAX_DEPTH) {
            throw UNSURE;
        }
        at++;
        space();
        if (peek() == '}') {
            at++;
            return;
        }
        while (true) {
            string();
            space();
            expect(':');
            space();
            value(depth);
            space();
            char c = next();
            if (c == '}') {
                return;
            }
            if (c != ',') {
                throw UNSURE;
            }
            space();
        }
    }

    /** Reads past a string; returns whether it has an escape. */
    private boolean string() {
        expect('"');
        boolean escaped = false;
        while (true) {
            char c = next();
            if (c == '"') {
                return escaped;
            }
            if (c == '\\') {
                escaped = true;
                char e = next();
                if (e == 'u') {
                    for (int k = 0; k < 4; k++) {
                        if (Character.digit(next(), 16) < 0) {
                            throw UNSURE;
                        }
                    }
                } else if ("\"\\/bfnrt".indexOf(e) < 0) {
                    throw UNSURE;
                }
            } else if (c < 0x20 || Character.isSurrogate(c)) {
                throw UNSURE; // control characters are errors; surrogates, paired or not, the parser judges
            }
        }
    }

    private void number() {
        int start = at;
        if (peek() == '-') {
            at++;
        }
        char c = next();
        if (c == '0') {
            // no more digits may follow a leading zero
        } else if (c >= '1' && c <= '9') {
            digits();
        } else {
            throw UNSURE;
        }
        if (at < length && text.charAt(at) == '.') {
            at++;
            requireDigits();
        }
        if (at < length && (text.charAt(at) == 'e' || text.charAt(at) == 'E')) {
            at++;
            if (at < length && (text.charAt(at) == '+' || text.charAt(at) == '-')) {
                at++;
            }
            requireDigits();
        }
        if (at - start > MAX_NUMBER_LENGTH) {
            throw UNSURE;
        }
    }

    private void requireDigits() {
        char c = next();
        if (c < '0' || c > '9') {
            throw UNSURE;
        }
        digits();
    }

    private void digits() {
        while (at < length && text.charAt(at) >= '0' && text.charAt(at) <= '9') {
            at++;
        }
    }

    private void literal(String word) {
        if (!text.startsWith(word, at)) {
            throw UNSURE;
        }
        at += word.length();
    }

    private void space() {
        while (at < length) {
            char c = text.charAt(at);
            if (c != ' ' && c != '\n' && c != '\r' && c != '\t') {
                return;
            }
            at++;
        }
    }

    private void expect(char c) {
        if (next() != c) {
            throw UNSURE;
        }
    }

    private char peek() {
        return text.charAt(at);
    }

    private char next() {
        return text.charAt(at++);
    }
}
