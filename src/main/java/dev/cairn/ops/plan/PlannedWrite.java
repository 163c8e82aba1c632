package dev.cairn.ops.plan;

import dev.cairn.backend.MeltanoRun;
import dev.cairn.backend.StoredState;
import dev.cairn.backend.Version;
import dev.cairn.ops.Edit;
import dev.cairn.ops.WriteCommand;
import dev.cairn.state.StateDocument;
import dev.cairn.state.StatePart;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * One write of a plan: what was read (the version and a digest of the stored documents), what is
 * to be written there (the document, {@code null} for a deletion, and the {@code runs} row of the
 * verb), and the diff the user reviewed.
 *
 * @param backend the backend's URI without secrets ({@code displayUri()})
 * @param verb the write's verb, as the journal and its description name it ("Set state")
 * @param readDigest {@link #digest} of the state as read; null where there was none
 * @param runPayload the {@code runs} row's payload Meltano's command for the verb adds, or null
 * @param requires the index in the plan of the write this one goes with only if it landed (a
 *                 move's deletion of its source needs its copy), or null
 * @param diff the change as {@code --dry-run} prints it
 */
public record PlannedWrite(String backend, String stateId, String verb, String shortVerb, String description,
                           Version versionRead, String readDigest, StateDocument after, MeltanoRun.Payload runPayload,
                           Integer requires, String diff) {

    /** The write a command would make, with the diff printed of it. */
    public static PlannedWrite of(WriteCommand command, Integer requires, String diff) {
        StoredState read = command.before();
        return new PlannedWrite(command.backend().displayUri(), command.stateId(), command.verb(), command.shortVerb(),
                command.description(), read.version(), read.exists() ? digest(read.document()) : null, command.after(),
                command.runPayload(), requires, diff);
    }

    /** The write again, on the state read now: valid only while that is the state planned on ({@link #isStill}). */
    Edit edit() {
        return Edit.planned(verb, shortVerb, after, runPayload);
    }

    /** Whether the state read now is the one this write was planned on: the same version and documents. */
    public boolean isStill(StoredState now) {
        if (!now.version().equals(versionRead)) {
            return false;
        }
        return now.exists() ? digest(now.document()).equals(readDigest) : readDigest == null;
    }

    /** A SHA-256 of a state's stored documents, each part as its stored text ({@link StatePart#storedText}), in hex. */
    static String digest(StateDocument document) {
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            for (StatePart part : new StatePart[] {document.completed(), document.partial()}) {
                byte[] text = part.storedText().getBytes(StandardCharsets.UTF_8);
                sha.update(ByteBuffer.allocate(Long.BYTES).putLong(text.length).array());
                sha.update(text);
            }
            return HexFormat.of().formatHex(sha.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java has SHA-256", e);
        }
    }
}
