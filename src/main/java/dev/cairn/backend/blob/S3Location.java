package dev.cairn.backend.blob;

import dev.cairn.backend.BackendException;

/**
 * Where an {@code s3://[KEY:SECRET@]bucket/prefix} URI points, read as Meltano reads it (see
 * {@link CloudUri}): the key and secret are the user-info parts taken raw.
 */
public final class S3Location {

    private static final String SCHEME = "s3://";

    private final CloudUri uri;

    private S3Location(CloudUri uri) {
        this.uri = uri;
    }

    public static boolean accepts(String uri) {
        return CloudUri.hasScheme(uri, SCHEME);
    }

    public static S3Location parse(String uri) {
        if (!accepts(uri)) {
            throw new BackendException("not an S3 URI: " + CloudUri.display(0, uri));
        }
        CloudUri parsed = CloudUri.parse(SCHEME, uri);
        if (parsed.host() == null) {
            throw new BackendException("no bucket in " + parsed.display() + " (expected s3://bucket/prefix)");
        }
        return new S3Location(parsed);
    }

    public String bucket() {
        return uri.host();
    }

    /** The key prefix without leading or trailing {@code /}; empty for the bucket's root. */
    public String prefix() {
        return uri.prefix();
    }

    /** The access key ID written in the URI, or {@code null}. */
    public String accessKeyId() {
        return uri.user();
    }

    /** The secret written in the URI, or {@code null}. Never shown. */
    String secretAccessKey() {
        return uri.secret();
    }

    /** The URI with the secret hidden. */
    public String displayUri() {
        return uri.display();
    }

    @Override
    public String toString() {
        return uri.display();
    }
}
