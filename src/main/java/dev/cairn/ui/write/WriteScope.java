package dev.cairn.ui.write;

import dev.cairn.ui.Selection;

/**
 * What the window's write forms work on: where writes go now and the selected state as read. A
 * form takes both when it opens and plans its write on them, so that a selection changing while
 * the form is open changes nothing it writes.
 */
public interface WriteScope {

    /** The current backend's target; null while none is open. */
    WriteTarget target();

    /** The selected state as last read or written; null while none is. */
    Selection selection();
}
