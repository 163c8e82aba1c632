package dev.cairn.state;

/** RFC 6901 JSON pointer tokens. */
public final class JsonPointers {

    private JsonPointers() {}

    public static String escape(String token) {
        if (token.indexOf('~') < 0 && token.indexOf('/') < 0) {
            return token;
        }
        return token.replace("~", "~0").replace("/", "~1");
    }

    public static String unescape(String token) {
        if (token.indexOf('~') < 0) {
            return token;
        }
        return token.replace("~1", "/").replace("~0", "~");
    }

    public static String child(String pointer, String key) {
        return pointer + "/" + escape(key);
    }

    public static String child(String pointer, int index) {
        return pointer + "/" + index;
    }
}
