package dev.cairn.ui.task;

import dev.cairn.backend.BackendException;
import dev.cairn.backend.Redaction;
import dev.cairn.ops.EditRefused;
import dev.cairn.state.StateError;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.Objects;

/**
 * An error as the window shows it: one sentence saying what failed and why, and the technical
 * details behind a toggle. Never a stack trace dialog.
 */
public record UserError(String message, String details) {

    public UserError {
        Objects.requireNonNull(message);
        details = details == null ? "" : details;
    }

    public static UserError of(String doing, Throwable error) {
        // exception texts quote URIs and settings as given, secrets included
        return new UserError(Redaction.redactText(doing + ": " + reason(error)), Redaction.redactText(stackTrace(error)));
    }

    /**
     * A message ending as a sentence does: the reasons quoted from backends and edits ("… is opened
     * read-only") are clauses, with no full stop of their own.
     */
    public static String sentence(String text) {
        return text.isEmpty() || ".!?…".indexOf(text.charAt(text.length() - 1)) >= 0 ? text : text + ".";
    }

    /** The most useful message in the cause chain: ours are written for users, others get their type named. */
    static String reason(Throwable error) {
        for (Throwable t = error; t != null; t = t.getCause()) {
            if ((t instanceof BackendException || t instanceof StateError || t instanceof EditRefused)
                    && t.getMessage() != null) {
                return t.getMessage();
            }
        }
        Throwable root = error;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        String text = root.getMessage();
        String type = root.getClass().getSimpleName();
        return text == null || text.isBlank() ? type : text + " (" + type + ")";
    }

    private static String stackTrace(Throwable error) {
        StringWriter out = new StringWriter();
        error.printStackTrace(new PrintWriter(out));
        return out.toString();
    }
}
