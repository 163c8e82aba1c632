package dev.cairn.backend.blob;

/**
 * Where an {@code s3://[KEY:SECRET@]bucket/prefix} URI points, read as Meltano reads it (see
 * {@link CloudUri}): the key and secret are the user-info parts taken raw.
 */
public final class S3Location {

    private final CloudUri uri;

    /** @param uri an {@code s3://} URI with a bucket, as {@link CloudBackendFactory} hands it on */
    S3Location(CloudUri uri) {
        this.uri = uri;
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
