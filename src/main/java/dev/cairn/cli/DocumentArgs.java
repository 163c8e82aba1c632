package dev.cairn.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.cairn.state.Validation;
import java.io.PrintWriter;
import java.nio.file.Path;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** The state ID and document of {@code set} and {@code merge}, as {@code meltano state} takes them. */
final class DocumentArgs {

    @Parameters(index = "0", paramLabel = "ID", description = "The state ID to write.")
    String stateId;

    @Parameters(index = "1", arity = "0..1", paramLabel = "STATE", description = "The document as JSON text.")
    String state;

    @Option(names = "--input-file", paramLabel = "FILE", description = "Read the document from a file (- for stdin).")
    Path inputFile;

    @Option(names = "--if-version", paramLabel = "V",
            description = "Write only if the state is still at this version (from get --show-version).")
    String ifVersion;

    boolean hasDocument() {
        return state != null || inputFile != null;
    }

    /** The document given; numbers Meltano would store as {@code Infinity} are warned about on {@code err}. */
    ObjectNode document(boolean validate, PrintWriter err) {
        ObjectNode document = StateInput.read(state, inputFile, validate);
        for (Validation.Problem warning : Validation.nonFiniteNumbers(document)) {
            err.println("cairn: warning: " + warning.message());
        }
        return document;
    }
}
