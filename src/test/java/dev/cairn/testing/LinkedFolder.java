package dev.cairn.testing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** A folder and a symlink to it: one storage under two names, for tests of "same storage". */
public record LinkedFolder(Path real, Path link) {

    /** Creates {@code dir/real} and {@code dir/link} pointing at it. */
    public static LinkedFolder create(Path dir) throws IOException {
        Path real = Files.createDirectories(dir.resolve("real"));
        return new LinkedFolder(real, Files.createSymbolicLink(dir.resolve("link"), real));
    }
}
