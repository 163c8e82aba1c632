package dev.cairn.ops;

/** An edit that cannot be applied to the stored state (Meltano would fail, or the input is wrong). */
public final class EditRefused extends Exception {

    public EditRefused(String message) {
        super(message);
    }
}
