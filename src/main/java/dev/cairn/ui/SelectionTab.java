package dev.cairn.ui;

/**
 * The view model of a tab that works on the selection. It works only while its tab is shown (Bisq
 * 2's controller lifecycle): a hidden tab costs nothing, and what the user looks at never waits
 * behind it on the small pool.
 */
public interface SelectionTab {

    /** The tab is shown, or the selection changed while it is shown; {@code null}: nothing is selected. */
    void activate(Selection selection);

    /** The tab was hidden: stop work in flight; the next {@link #activate} shows the selection anew if need be. */
    void deactivate();
}
