package dev.cairn.cli;

/** Input the user has to fix (bad JSON, a missing file, a refused confirmation); printed as one line. */
final class UserError extends RuntimeException {

    UserError(String message) {
        super(message);
    }
}
