package dev.cairn.backend.blob;

import dev.cairn.backend.BackendException;
import dev.cairn.backend.BackendFactory;
import dev.cairn.backend.BackendKind;
import dev.cairn.backend.BackendOptions;
import dev.cairn.backend.BackendSetting;
import dev.cairn.backend.StateBackend;
import java.time.Clock;
import java.util.List;

/**
 * A cloud blob backend Meltano addresses as {@code scheme://bucket/prefix}: the URI read as Meltano
 * reads it ({@link CloudUri}), the keys laid out as {@link CloudLayout}; the family opens the store,
 * checking that its bucket exists (like Meltano, Cairn never creates it).
 */
abstract class CloudBackendFactory implements BackendFactory {

    private final String scheme;
    private final String bucket;
    private final BackendKind kind;

    /**
     * @param scheme with its {@code ://}, e.g. {@code "s3://"}
     * @param bucket what the family calls the URI's host: "bucket", "container"
     * @param uriName how a sentence names one of its URIs: "An S3 URI"
     */
    CloudBackendFactory(String id, String displayName, String scheme, String bucket, String uriName,
                        List<BackendSetting> settings) {
        this.scheme = scheme;
        this.bucket = bucket;
        String form = scheme + bucket + "/prefix";
        String needsHost = uriName + " needs a " + bucket + ": " + form;
        this.kind = new BackendKind(id, displayName, List.of(scheme.substring(0, scheme.indexOf(':'))),
                form,
                uri -> CloudUri.parse(scheme, uri).host() == null ? needsHost : null, settings, false);
    }

    @Override
    public final BackendKind kind() {
        return kind;
    }

    @Override
    public final boolean accepts(String uri) {
        return CloudUri.hasScheme(uri, scheme);
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
