package dev.cairn.ops.plan;

import java.nio.file.Path;

/** A file given as a plan that Cairn did not make as it is: changed since, cut short, or something else. */
public final class NotAPlan extends Exception {

    NotAPlan(Path file, String why) {
        super(file + " is not a plan Cairn made, or it was changed or truncated: " + why + "; nothing was written");
    }
}
