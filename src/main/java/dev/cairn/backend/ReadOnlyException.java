package dev.cairn.backend;

/** A write was asked of a backend opened read-only; nothing was written. */
public class ReadOnlyException extends BackendException {

    public ReadOnlyException(String stateId, String displayUri) {
        super("refused to change " + stateId + ": " + displayUri + " is opened read-only");
    }

    /** A backend that cannot be written at all, for the reason given. */
    public ReadOnlyException(String stateId, String displayUri, String reason) {
        super("refused to change " + stateId + ": " + displayUri + " is read-only: " + reason);
    }
}
