package dev.cairn.backend.blob;

import dev.cairn.backend.BackendException;
import dev.cairn.backend.BackendOptions;
import dev.cairn.backend.BackendSetting;
import dev.cairn.backend.Transport;
import java.time.Duration;
import java.util.List;
import software.amazon.awssdk.core.exception.ApiCallTimeoutException;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.S3Exception;

/**
 * Opens Meltano's {@code s3://[KEY:SECRET@]bucket/prefix} backend, on AWS or on an S3-compatible
 * server named by an endpoint setting (see {@link S3Connection}).
 */
public final class S3BackendFactory extends CloudBackendFactory {

    public S3BackendFactory() {
        super("s3", "Amazon S3 or an S3-compatible server", "s3://", "bucket", "An S3 URI", List.of(
                BackendSetting.meltano(S3Connection.ACCESS_KEY_SETTING, "MELTANO_STATE_BACKEND_S3_AWS_ACCESS_KEY_ID",
                        "AWS access key ID").asSecret(),
                BackendSetting.meltano(S3Connection.SECRET_KEY_SETTING, "MELTANO_STATE_BACKEND_S3_AWS_SECRET_ACCESS_KEY",
                        "AWS secret access key").asSecret(),
                BackendSetting.meltano(S3Connection.ENDPOINT_SETTING, "MELTANO_STATE_BACKEND_S3_ENDPOINT_URL", "S3 endpoint")
                        .withHint("https://minio.internal:9000 (empty for AWS)").inConnectForm(),
                BackendSetting.cairn(S3Connection.PROFILE_SETTING, "AWS_PROFILE", "S3 profile")
                        .withHint("AWS profile (credentials stay in ~/.aws)").inConnectForm(),
                BackendSetting.cairn(S3Connection.REGION_SETTING, "AWS_REGION", "S3 region")
                        .withHint("eu-west-1 (empty: AWS_DEFAULT_REGION, the profile's, or us-east-1)")));
    }

    @Override
    BlobStore openStore(CloudUri uri, BackendOptions options) {
        S3Location location = new S3Location(uri);
        S3Connection connection = S3Connection.resolve(location, options);
        S3Client client = connection.client();
        try {
            checkBucket(client, location, connection);
        } catch (RuntimeException e) {
            client.close();
            throw e;
        }
        return new S3BlobStore(client, location.bucket(), location.displayUri(), connection.requestTimeout());
    }

    /** Fails early, saying which bucket, server and credentials, rather than on the first listing. */
    private static void checkBucket(S3Client client, S3Location location, S3Connection connection) {
        String where = "bucket " + location.bucket() + (connection.endpoint() == null ? "" : " at " + connection.endpoint())
                + " (credentials: " + connection.credentialSource() + ")";
        try {
            client.headBucket(b -> b.bucket(location.bucket()));
        } catch (S3Exception e) {
            String why = switch (e.statusCode()) {
                case 404 -> "no such bucket";
                case 403 -> "access denied";
                case 301 -> "the bucket is in another region than " + connection.region().id();
                default -> "HTTP " + e.statusCode();
            };
            throw new BackendException("cannot open " + location.displayUri() + ": " + why + ", " + where, e);
        } catch (SdkException e) {
            throw new BackendException("cannot open " + location.displayUri() + ": " + reason(e, connection.requestTimeout())
                    + ", " + where, e);
        }
    }

    /**
     * An SDK failure in one line: missing credentials say where they are looked for (the SDK lists
     * its whole provider chain, 1.3 KB), a network failure says which, a call cut at the request
     * timeout says so.
     */
    static String reason(SdkException e, Duration requestTimeout) {
        if (e instanceof ApiCallTimeoutException) {
            return Transport.tookLongerThan(requestTimeout);
        }
        String message = e.getMessage() == null ? "" : e.getMessage();
        if (message.startsWith("Unable to load credentials")) {
            return "no AWS credentials found (give them in the URI as s3://KEY:SECRET@bucket, as the project's"
                    + " state_backend.s3.aws_access_key_id and aws_secret_access_key, in AWS_ACCESS_KEY_ID and"
                    + " AWS_SECRET_ACCESS_KEY, or in an AWS profile)";
        }
        return Transport.reasonOrFirstLine(e);
    }
}
