package dev.cairn.backend;

/** A backend could not do what was asked; the message is written for the user. */
public class BackendException extends RuntimeException {

    public BackendException(String message) {
        super(message);
    }

    public BackendException(String message, Throwable cause) {
        super(message, cause);
    }
}
