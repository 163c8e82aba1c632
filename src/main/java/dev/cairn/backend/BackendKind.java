package dev.cairn.backend;

import java.util.List;
import java.util.Objects;

/**
 * What a backend kind is, for everything outside its factory: the Connect form renders its settings
 * from it, project discovery reads them from {@code meltano.yml}, redaction hides its secrets, the
 * command line's help lists its example URI, and docs/backends.md holds it (a test compares). A new
 * kind is its factory, this descriptor in it, and its line in
 * {@code META-INF/services/dev.cairn.backend.BackendFactory}.
 *
 * @param id a short name for the kind, unique among all ({@code s3}, {@code sqlite})
 * @param displayName what people call it ("Amazon S3 or an S3-compatible server")
 * @param schemes the URI schemes its factory accepts ({@code s3}, {@code jdbc:sqlite})
 * @param exampleUri a URI its factory accepts, for help texts and placeholders
 * @param check why a URI of its schemes is malformed, before anything is opened
 * @param settings what it reads besides its URI, in the Connect form's order
 * @param locksCheapToScan whether the ID list may ask every ID's lock at each scan (local lock files;
 *        on an object store that is another listing of the bucket)
 */
public record BackendKind(String id, String displayName, List<String> schemes, String exampleUri, UriCheck check,
                          List<BackendSetting> settings, boolean locksCheapToScan) {

    /** Why a URI is malformed, in one line ("An S3 URI needs a bucket: s3://bucket/prefix"), or {@code null} if it is not. */
    @FunctionalInterface
    public interface UriCheck {

        UriCheck NONE = uri -> null;

        String problem(String uri);
    }

    public BackendKind {
        Objects.requireNonNull(id);
        Objects.requireNonNull(displayName);
        schemes = List.copyOf(schemes);
        Objects.requireNonNull(exampleUri);
        check = check == null ? UriCheck.NONE : check;
        settings = List.copyOf(settings);
    }

    /** Why {@code uri} (one its factory accepts) is malformed, or {@code null}. */
    public String problem(String uri) {
        String problem = check.problem(uri);
        return problem == null || problem.isBlank() ? null : problem;
    }

    /** The settings the Connect form has fields for. */
    public List<BackendSetting> offeredSettings() {
        return settings.stream().filter(BackendSetting::offered).toList();
    }
}
