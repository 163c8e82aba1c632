package dev.cairn.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.cairn.state.Json;
import dev.cairn.state.JsonSyntaxError;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.HexFormat;

/** A state document given on the command line, as {@code meltano state set/merge} take it. */
final class StateInput {

    private StateInput() {}

    /** Reads exactly one of the inline text and the file ({@code -} is standard input). */
    static ObjectNode read(String inline, Path file, boolean validate) {
        if ((inline == null) == (file == null)) {
            throw new UsageError("give the state either as an argument or with --input-file, not both or neither");
        }
        String text;
        String source;
        if (inline != null) {
            text = inline;
            source = "the state argument";
        } else {
            source = file.toString();
            text = readFile(file);
        }
        ObjectNode document;
        try {
            document = Json.parseObject(text);
        } catch (JsonSyntaxError e) {
            throw new UserError("invalid JSON in " + source + ": " + e.getMessage());
        }
        if (validate) {
            requireSingerState(document, source);
        }
        return document;
    }

    /** Meltano 4's validation of set/merge input: a top-level {@code singer_state}. */
    static void requireSingerState(ObjectNode document, String source) {
        if (!document.has("singer_state")) {
            throw new UserError("Invalid state format in " + source + ": the top-level key 'singer_state' is missing"
                    + " (Meltano would pass no state to the tap). Use --no-validate to bypass this check.");
        }
    }

    /** A file's text ({@code -} is standard input); a missing or unreadable file is one sentence naming it once. */
    static String readFile(Path file) {
        try {
            byte[] bytes = file.toString().equals("-") ? System.in.readAllBytes() : Files.readAllBytes(file);
            return utf8(bytes, file);
        } catch (NoSuchFileException e) {
            throw new UserError("no such file: " + file);
        } catch (IOException e) {
            throw new UserError("cannot read " + file + ": " + e.getMessage());
        }
    }

    /**
     * The text of UTF-8 bytes, refusing any that are not: Meltano reads input files as UTF-8 and
     * fails on such bytes, where a lenient decoding would store U+FFFD in their place without a word.
     */
    static String utf8(byte[] bytes, Path file) {
        CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(bytes);
        CharBuffer out = CharBuffer.allocate(bytes.length);
        CoderResult result = decoder.decode(in, out, true);
        if (!result.isError()) {
            result = decoder.flush(out);
        }
        if (result.isError()) {
            throw new UserError((file.toString().equals("-") ? "stdin" : file) + " is not valid UTF-8: byte offset "
                    + in.position() + " (0x" + HexFormat.of().toHexDigits(bytes[in.position()]) + ") starts no UTF-8 character"
                    + " (Meltano cannot read it either)");
        }
        return out.flip().toString();
    }
}
