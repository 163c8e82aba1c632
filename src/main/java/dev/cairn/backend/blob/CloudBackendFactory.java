package dev.cairn.backend.blob;

import dev.cairn.backend.BackendException;
import dev.cairn.backend.BackendFactory;
import dev.cairn.backend.BackendOptions;
import dev.cairn.backend.StateBackend;
import java.time.Clock;

/**
 * A cloud blob backend Meltano addresses as {@code scheme://bucket/prefix}: the URI read as Meltano
 * reads it ({@link CloudUri}), the keys laid out as {@link CloudLayout}; the family opens the store,
 * checking that its bucket exists (like Meltano, Cairn never creates it).
 */
abstract class CloudBackendFactory implements BackendFactory {

    private final String scheme;
    private final String userInfo;
    private final String bucket;

    /** @param bucket what the family calls the URI's host: "bucket", "container" */
    CloudBackendFactory(String scheme, String bucket) {
        this(scheme, "", bucket);
    }

    /** @param userInfo the credentials the family's URI may carry, as the list of schemes shows them: "[KEY:SECRET@]" */
    CloudBackendFactory(String scheme, String userInfo, String bucket) {
        this.scheme = scheme;
        this.userInfo = userInfo;
        this.bucket = bucket;
    }

    @Override
    public final boolean accepts(String uri) {
        return CloudUri.hasScheme(uri, scheme);
    }

    @Override
    public final String schemes() {
        return scheme + userInfo + bucket + "/prefix";
    }

    @Override
    public final StateBackend open(String uri, BackendOptions options) {
        CloudUri location = CloudUri.parse(scheme, uri);
        if (location.host() == null) {
            throw new BackendException("no " + bucket + " in " + location.display() + " (expected " + scheme + bucket + "/prefix)");
        }
        return new BlobStateBackend(openStore(location, options), new CloudLayout(location.prefix()), options, Clock.systemUTC());
    }

    /** The store of {@code location}'s bucket, checked to exist; fails in one line naming it otherwise. */
    abstract BlobStore openStore(CloudUri location, BackendOptions options);
}
