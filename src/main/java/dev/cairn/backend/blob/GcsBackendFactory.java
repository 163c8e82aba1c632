package dev.cairn.backend.blob;

import com.google.cloud.storage.Storage;
import com.google.cloud.storage.StorageException;
import dev.cairn.backend.BackendOptions;
import dev.cairn.backend.BackendSetting;
import dev.cairn.backend.Transport;
import java.util.List;

/**
 * Opens Meltano's {@code gs://bucket/prefix} backend (see {@link GcsConnection} for credentials). The
 * URI is read as Meltano reads it ({@link CloudUri}); like Meltano, Cairn never creates the bucket.
 */
public final class GcsBackendFactory extends CloudBackendFactory {

    public GcsBackendFactory() {
        super("gcs", "Google Cloud Storage", "gs://", "bucket", "A GCS URI", List.of(
                BackendSetting.meltano(GcsConnection.CREDENTIALS_PATH_SETTING,
                        "MELTANO_STATE_BACKEND_GCS_APPLICATION_CREDENTIALS_PATH", "GCS key file")
                        .withHint("/abs/service-account.json (empty: application-default credentials)").inConnectForm(),
                BackendSetting.meltano(GcsConnection.CREDENTIALS_JSON_SETTING,
                        "MELTANO_STATE_BACKEND_GCS_APPLICATION_CREDENTIALS_JSON", "GCS key (JSON)").asSecret(),
                BackendSetting.meltano(GcsConnection.CREDENTIALS_SETTING, "MELTANO_STATE_BACKEND_GCS_APPLICATION_CREDENTIALS",
                        "GCS key file (Meltano's older name)"),
                BackendSetting.cairn(GcsConnection.EMULATOR_HOST_SETTING, GcsConnection.EMULATOR_VARIABLE, "GCS emulator")
                        .withHint("localhost:9023 (empty: Google Cloud, or STORAGE_EMULATOR_HOST)").inConnectForm()));
    }

    @Override
    BlobStore openStore(CloudUri location, BackendOptions options) {
        GcsConnection connection = GcsConnection.resolve(options);
        Storage storage = connection.client();
        GcsBlobStore store = new GcsBlobStore(storage, location.host(), location.display());
        try {
            store.checkBucket(connection.credentialSource());
        } catch (RuntimeException e) {
            store.close();
            throw e;
        }
        return store;
    }

    /**
     * An error in one line: a request cut at the request timeout as such, a service error by its
     * status and reason (the client's message may carry the whole JSON body), a transport failure by
     * its first line.
     */
    static String reason(Exception e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof DeadlineConnections.RequestTimeoutException cut) {
                return Transport.tookLongerThan(cut.limit());
            }
        }
        if (e instanceof StorageException) {
            StorageException s = (StorageException) e;
            if (s.getCode() > 0) {
                return "HTTP " + s.getCode() + (s.getReason() == null ? "" : " " + s.getReason());
            }
            if (s.getCause() != null) {
                return Transport.reasonOrFirstLine(s.getCause());
            }
        }
        return Transport.reasonOrFirstLine(e);
    }
}
