package dev.cairn.ops;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.cairn.backend.CommandWrite;
import dev.cairn.backend.ConflictException;
import dev.cairn.backend.MeltanoRun;
import dev.cairn.backend.StateBackend;
import dev.cairn.backend.StoredState;
import dev.cairn.backend.Version;
import dev.cairn.state.Json;
import dev.cairn.state.StateDocument;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.event.Level;

/**
 * One planned write to one state: made from the state as read, it knows what it will change
 * ({@link #before()} → {@link #after()}), writes only if the stored state is still the one read,
 * records itself in the journal first, leaves the {@code runs} row Meltano's own command for the
 * edit leaves, and can make the command that undoes it.
 */
public final class WriteCommand {

    private static final Logger LOG = LoggerFactory.getLogger(WriteCommand.class);

    private final StateBackend backend;
    private final String stateId;
    private final String verb;
    private final WriteKind kind;
    /** {@link Edit#parameters}; for an undo, the write it undoes. */
    private final ObjectNode parameters;
    private final StoredState before;
    private final StateDocument after;
    /**
     * What the command was planned from; null for an undo, which is valid only on the state its
     * write left: that is how an undo is told from a plan ({@link #isUndo}).
     */
    private final Edit edit;
    private final MeltanoRun.Payload runPayload;
    private Version written;
    /** The journal's record of this write, once executed: what an undo of it names. */
    private String journalId;
    private boolean writtenWithoutRunsRow;

    private WriteCommand(StateBackend backend, String stateId, String verb, WriteKind kind, ObjectNode parameters,
                         StoredState before, StateDocument after, Edit edit, MeltanoRun.Payload runPayload) {
        this.backend = backend;
        this.stateId = stateId;
        this.verb = verb;
        this.kind = kind;
        this.parameters = parameters;
        this.before = before;
        this.after = after;
        this.edit = edit;
        this.runPayload = runPayload;
    }

    /** Reads the state now and plans the edit on it. */
    public static WriteCommand plan(StateBackend backend, String stateId, Edit edit) throws EditRefused {
        return plan(backend, edit, backend.read(stateId));
    }

    /** Plans the edit on a state the caller read earlier: the write will conflict if it changed since. */
    public static WriteCommand plan(StateBackend backend, Edit edit, StoredState before) throws EditRefused {
        StateDocument after = edit.apply(before.document());
        WriteCommand command = new WriteCommand(backend, before.stateId(), edit.verb(), edit.kind(),
                edit.parameters(), before, after, edit, edit.runPayload(after));
        LOG.debug("Planned {} on version {}: {}", command.description(), before.version(),
                command.changesNothing() ? "no change" : command.deletes() ? "deletes the state" : "writes a new document");
        return command;
    }

    /**
     * The same edit planned again on the state stored now (read again): how a write refused by a
     * conflict tries again ({@link ConflictRetry}). An undo cannot be: it is valid only on the state
     * its write left.
     */
    WriteCommand replanned() throws EditRefused {
        if (isUndo()) {
            throw new IllegalStateException(description() + " is valid only on the state its write left; it is never planned again");
        }
        return plan(backend, stateId, edit);
    }

    public StateBackend backend() {
        return backend;
    }

    public String stateId() {
        return stateId;
    }

    public String verb() {
        return verb;
    }

    /** What the write does, as the journal records it ({@link WriteKind#UNDO} for an undo). */
    public WriteKind kind() {
        return kind;
    }

    /** What the journal records of the write besides its kind ({@link Edit#parameters}). */
    public ObjectNode parameters() {
        return parameters.deepCopy();
    }

    /** Names the action and the target, as confirmations must. */
    public String description() {
        return action() + " on " + backend.displayUri();
    }

    /** The action and the state ID, without the backend: a headline's first line, the URI under it. */
    public String action() {
        return verb + " of " + stateId;
    }

    /** The state as read when the command was planned. */
    public StoredState before() {
        return before;
    }

    /** The document the state will hold, or {@code null} when the state is deleted. */
    public StateDocument after() {
        return after;
    }

    /** The payload of the {@code runs} row the write adds, as Meltano's command for the edit does; null for none. */
    public MeltanoRun.Payload runPayload() {
        return runPayload;
    }

    /** The short form of the verb, for a button ({@link Edit#shortVerb}); the verb itself for an undo. */
    public String shortVerb() {
        return edit == null ? verb : edit.shortVerb();
    }

    /** This command undoes an earlier write (the journal's walk back skips it). */
    public boolean isUndo() {
        return edit == null;
    }

    public boolean deletes() {
        return after == null;
    }

    /** Executing would leave the stored state as it is. */
    public boolean changesNothing() {
        return after == null ? !before.exists() : before.exists() && after.equals(before.document());
    }

    /** The version the write stored ({@link Version#ABSENT} after a delete); null until executed. */
    public Version written() {
        return written;
    }

    /**
     * Saves the state as read in the journal, then writes if the stored version still equals the
     * one read. Raises {@link dev.cairn.backend.ConflictException} otherwise, with nothing written.
     */
    public Version execute(Journal journal) {
        return execute(journal, null);
    }

    /**
     * {@link #execute(Journal)} as one write of an operation that writes several states: the
     * journal records it in {@code group} ({@link Journal#newGroup}), so that they are undone together.
     */
    public Version execute(Journal journal, String group) {
        return execute(journal, group, false);
    }

    /**
     * {@link #execute(Journal, String)} as one of many in a bulk transfer, which logs a summary line of its
     * own: this write's line (and a refusal's) goes to DEBUG, so 10,000 IDs do not make 10,000 lines.
     */
    Version executeInBulk(Journal journal, String group) {
        return execute(journal, group, true);
    }

    private Version execute(Journal journal, String group, boolean inBulk) {
        if (written != null) {
            throw new IllegalStateException("already executed: " + description());
        }
        Journal.Entry entry = journal.begin(this, group);
        journalId = entry.id();
        try {
            if (after == null) {
                backend.delete(stateId, before.version());
                written = Version.ABSENT;
            } else if (runPayload == null) {
                written = backend.write(stateId, after, before.version());
            } else {
                CommandWrite write = backend.write(stateId, after, before.version(), MeltanoRun.stateEdit(stateId, runPayload));
                written = write.version();
                writtenWithoutRunsRow = write.noRunsTable();
            }
        } catch (RuntimeException e) {
            if (e instanceof ConflictException) {
                LOG.atLevel(inBulk ? Level.DEBUG : Level.WARN).log("Refused {}: {} (journal record {})", description(),
                        e.getMessage(), entry.id());
            } else {
                LOG.error("Failed {} from version {} (journal record {})", description(), before.version(), entry.id(), e);
            }
            journal.fail(entry, e);
            throw e;
        }
        LOG.atLevel(inBulk ? Level.DEBUG : Level.INFO).log("Wrote {}: version {} -> {} (journal record {})", description(),
                before.version(), written, entry.id());
        if (!inBulk) {
            runsRowNote().ifPresent(LOG::warn);
        }
        journal.done(entry, written);
        return written;
    }

    /**
     * The executed write stored the state without the {@code runs} row Meltano's command adds, as the
     * system database has no {@code runs} table.
     */
    public boolean writtenWithoutRunsRow() {
        return writtenWithoutRunsRow;
    }

    /** What the user is told after a write {@link #writtenWithoutRunsRow}; empty after any other. */
    public Optional<String> runsRowNote() {
        return writtenWithoutRunsRow ? Optional.of(noRunsRows(stateId)) : Optional.empty();
    }

    /** That the states named were written without their runs rows, and why. */
    static String noRunsRows(String written) {
        return "No runs row was added for " + written + " because the system database has no runs table.";
    }

    /** The command that puts back what this one replaced, valid only while the state is still as written. */
    public WriteCommand undo() {
        Objects.requireNonNull(written, "not executed");
        return restoring(backend, stateId, verb, kind, journalId, after, written, before.exists() ? before.document() : null);
    }

    /** The command that undoes a journalled write, valid only while the state is still as that write left it. */
    public static WriteCommand undo(StateBackend backend, Journal.Entry entry) {
        if (!entry.isDone()) {
            throw new IllegalArgumentException("the write " + entry.action() + " did not complete; there is nothing to undo");
        }
        return restoring(backend, entry.stateId(), entry.verb(), entry.kind(), entry.id(), entry.after(), entry.versionAfter(),
                entry.before());
    }

    /**
     * The commands that undo journalled writes of one operation to one backend ({@link
     * Journal#undoableInGroup}), in the order given, after reading each state: all or none.
     *
     * @throws ConflictException naming every state that changed since the operation wrote it;
     *     nothing is planned for the others either
     */
    public static List<WriteCommand> undoGroup(StateBackend backend, List<Journal.Entry> entries) {
        return allOrNone(backend, entries.stream().map(entry -> undo(backend, entry)).toList());
    }

    /**
     * The undos given, after reading each state: all of them, or none where a state changed since
     * the write each undoes left it.
     *
     * @throws ConflictException naming every state that changed since the operation wrote it
     */
    static List<WriteCommand> allOrNone(StateBackend backend, List<WriteCommand> undos) {
        List<StoredState> changed = new ArrayList<>();
        for (WriteCommand undo : undos) {
            StoredState now = backend.read(undo.stateId());
            if (!now.version().equals(undo.before().version())) {
                changed.add(now);
            }
        }
        if (!changed.isEmpty()) {
            throw new GroupChanged(changed, undos.size());
        }
        return undos;
    }

    /** Some states an operation wrote changed since, so none of its writes is undone; names them. */
    private static final class GroupChanged extends ConflictException {
        GroupChanged(List<StoredState> changed, int written) {
            super(names(changed) + (changed.size() == 1 ? " has" : " have") + " changed since the operation that wrote "
                    + (written == 1 ? "it" : "these " + written + " states") + ", so none of its writes was undone;"
                    + " nothing was written", changed.get(0));
        }

        private static String names(List<StoredState> changed) {
            return "state" + (changed.size() == 1 ? " " : "s ")
                    + String.join(", ", changed.stream().map(StoredState::stateId).toList());
        }
    }

    /**
     * The command that puts {@code previous} back over what the write of {@code verb} (journalled
     * as {@code journalId}, its kind {@code kind}: either null for a write journalled before kinds were) left.
     */
    private static WriteCommand restoring(StateBackend backend, String stateId, String verb, WriteKind kind,
                                          String journalId, StateDocument written, Version writtenVersion,
                                          StateDocument previous) {
        StoredState now = written == null
                ? StoredState.absent(stateId)
                : StoredState.present(stateId, written, writtenVersion);
        String undoVerb = "Undo " + Character.toLowerCase(verb.charAt(0)) + verb.substring(1);
        ObjectNode undoes = Json.object().put("undoes", journalId).put("kind", kind == null ? null : kind.key());
        return new WriteCommand(backend, stateId, undoVerb, WriteKind.UNDO, undoes, now, previous, null, null);
    }
}
