package dev.cairn.state;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

/**
 * A fingerprint of a state's stored documents, for telling equal states apart without building or
 * walking their trees: equal digests mean equal stored text, so equal JSON. A part still held as
 * the text a backend read (the system database's columns) is hashed as that text; a parsed part as
 * Meltano's {@code json.dumps} of it, which is the text Meltano stores, so a state copied by Meltano
 * between a database and a bucket hashes alike on both. Different digests say nothing: the texts
 * may still be equal JSON (keys in another order), which {@link StateComparison} then decides.
 *
 * @param high the first 64 bits of the SHA-256 of the parts' tagged text
 * @param low the next 64 bits
 * @param chars how many characters were hashed: what holding the state costs, roughly
 */
public record StoredDigest(long high, long low, long chars) {

    private static final byte NULL = 0;
    private static final byte JSON = 1;
    private static final byte CORRUPT = 2;

    public static StoredDigest of(StateDocument document) {
        MessageDigest sha = sha256();
        long chars = add(sha, document.completed()) + add(sha, document.partial());
        ByteBuffer digest = ByteBuffer.wrap(sha.digest());
        return new StoredDigest(digest.getLong(), digest.getLong(), chars);
    }

    private static long add(MessageDigest sha, StatePart part) {
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
        return text.length();
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("the JDK has no SHA-256", e);
        }
    }
}
