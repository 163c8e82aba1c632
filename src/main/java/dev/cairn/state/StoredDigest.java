package dev.cairn.state;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Map;

/**
 * A fingerprint of a state's stored documents, for telling equal states apart when one of them is
 * no longer held (a comparison lets documents go that wait too long for their counterpart): equal
 * digests mean equal stored text, so equal JSON. A part still held as
 * the text a backend read (the system database's columns) is hashed as that text; a parsed part as
 * Meltano's {@code json.dumps} of it, which is the text Meltano stores, so a state copied by Meltano
 * between a database and a bucket hashes alike on both. Different digests say nothing: the texts
 * may still be equal JSON (keys in another order), which {@link StateComparison} then decides.
 *
 * @param high the first 64 bits of the SHA-256 of the parts' tagged text
 * @param low the next 64 bits
 */
public record StoredDigest(long high, long low) {

    private static final byte NULL = 0;
    private static final byte JSON = 1;
    private static final byte CORRUPT = 2;

    public static StoredDigest of(StateDocument document) {
        MessageDigest sha = sha256();
        add(sha, document.completed());
        add(sha, document.partial());
        ByteBuffer digest = ByteBuffer.wrap(sha.digest());
        return new StoredDigest(digest.getLong(), digest.getLong());
    }

    /**
     * Roughly how many characters the document's stored text has, without writing it: the text's
     * length where it is held as text, else its strings' lengths and a few for each value. For
     * budgeting what a comparison holds.
     */
    public static long approximateChars(StateDocument document) {
        return approximateChars(document.completed()) + approximateChars(document.partial());
    }

    private static long approximateChars(StatePart part) {
        String text = part.unparsedText();
        if (text != null) {
            return text.length();
        }
        if (part.isCorrupt()) {
            return part.rawText().length();
        }
        return part.isNull() ? 0 : approximateChars(part.value());
    }

    private static long approximateChars(JsonNode value) {
        long chars = value.isTextual() ? value.textValue().length() + 4 : 8;
        for (Map.Entry<String, JsonNode> field : value.properties()) {
            chars += field.getKey().length() + 4 + approximateChars(field.getValue());
        }
        if (value.isArray()) {
            for (JsonNode item : value) {
                chars += approximateChars(item);
            }
        }
        return chars;
    }

    private static void add(MessageDigest sha, StatePart part) {
        String text = part.unparsedText();
        byte tag = JSON;
        if (text == null) {
            if (part.isCorrupt()) {
                tag = CORRUPT;
                text = part.rawText();
            } else if (part.isNull()) {
                tag = NULL;
                text = "";
            } else {
                text = PythonJson.dumps(part.value());
            }
        }
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        sha.update(tag);
        sha.update(ByteBuffer.allocate(Integer.BYTES).putInt(bytes.length).array());
        sha.update(bytes);
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("the JDK has no SHA-256", e);
        }
    }
}
