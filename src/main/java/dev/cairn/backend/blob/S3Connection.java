package dev.cairn.backend.blob;

import dev.cairn.backend.BackendException;
import dev.cairn.backend.BackendOptions;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.URI;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.AwsCredentialsProvider;
import software.amazon.awssdk.auth.credentials.DefaultCredentialsProvider;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.awscore.exception.AwsServiceException;
import software.amazon.awssdk.core.checksums.RequestChecksumCalculation;
import software.amazon.awssdk.core.checksums.ResponseChecksumValidation;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.core.retry.RetryUtils;
import software.amazon.awssdk.http.apache5.Apache5HttpClient;
import software.amazon.awssdk.profiles.ProfileFile;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.regions.providers.AwsProfileRegionProvider;
import software.amazon.awssdk.retries.DefaultRetryStrategy;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.S3ClientBuilder;
import software.amazon.awssdk.services.s3.S3Configuration;

/**
 * How to reach an S3 bucket, resolved as Meltano resolves it: the key and secret from the
 * {@code s3.*} settings (or their {@code MELTANO_STATE_BACKEND_S3_*} variables), else from the URI,
 * else the AWS default chain (environment, profiles, SSO, web identity …); an endpoint for MinIO and
 * other S3-compatible servers from {@code s3.endpoint_url}, {@code MELTANO_STATE_BACKEND_S3_ENDPOINT_URL},
 * {@code AWS_ENDPOINT_URL_S3} or {@code AWS_ENDPOINT_URL}. Secrets stay inside the client.
 */
public final class S3Connection {

    /** Enough pooled connections for a bulk copy's workers and a listing at once. */
    private static final int MAX_CONNECTIONS = 64;
    /** The SDK's standard mode: a request and two retries. */
    private static final int MAX_ATTEMPTS = 3;
    /**
     * The answers the SDK's and botocore's standard retry modes take for transient: without the
     * client's defaults (which would retry a timeout too) a bare 503 was not retried, where Meltano's
     * boto3 rides it out.
     */
    private static final Set<Integer> TRANSIENT_STATUS = Set.of(500, 502, 503, 504);
    private static final Set<String> TRANSIENT_CODES = Set.of("InternalError", "ServiceUnavailable", "SlowDown",
            "RequestTimeout", "RequestTimeoutException", "PriorRequestNotComplete");

    public static final String ACCESS_KEY_SETTING = "s3.aws_access_key_id";
    public static final String SECRET_KEY_SETTING = "s3.aws_secret_access_key";
    public static final String ENDPOINT_SETTING = "s3.endpoint_url";
    /** Not a Meltano setting: the AWS profile whose credentials and region to use ({@code AWS_PROFILE} otherwise). */
    public static final String PROFILE_SETTING = "s3.profile";
    /** Not a Meltano setting: Meltano leaves the region to boto3's configuration. */
    public static final String REGION_SETTING = "s3.region";

    private final AwsCredentialsProvider credentials;
    private final String credentialSource;
    private final URI endpoint;
    private final Region region;
    private final boolean regionGuessed;
    private final Duration connectTimeout;
    private final Duration readTimeout;
    private final Duration requestTimeout;

    private S3Connection(AwsCredentialsProvider credentials, String credentialSource, URI endpoint, Region region,
                         boolean regionGuessed, Duration connectTimeout, Duration readTimeout, Duration requestTimeout) {
        this.credentials = credentials;
        this.credentialSource = credentialSource;
        this.endpoint = endpoint;
        this.region = region;
        this.regionGuessed = regionGuessed;
        this.connectTimeout = connectTimeout;
        this.readTimeout = readTimeout;
        this.requestTimeout = requestTimeout;
    }

    public static S3Connection resolve(S3Location location, BackendOptions options) {
        return resolve(location, options, System.getenv());
    }

    static S3Connection resolve(S3Location location, BackendOptions options, Map<String, String> env) {
        String key = first(options.setting(ACCESS_KEY_SETTING), env.get("MELTANO_STATE_BACKEND_S3_AWS_ACCESS_KEY_ID"));
        String secret = first(options.setting(SECRET_KEY_SETTING), env.get("MELTANO_STATE_BACKEND_S3_AWS_SECRET_ACCESS_KEY"));
        String keySource = key != null ? "settings" : "the URI";
        String profile = first(options.setting(PROFILE_SETTING));
        // Meltano takes each of the two from the URI on its own when the setting is empty.
        key = first(key, location.accessKeyId());
        secret = first(secret, location.secretAccessKey());
        AwsCredentialsProvider credentials;
        String credentialSource;
        if (key != null && secret != null) {
            credentials = StaticCredentialsProvider.create(AwsBasicCredentials.create(key, secret));
            credentialSource = "an access key from " + keySource;
        } else if (secret != null) {
            throw new BackendException("AWS secret access key configured, but not AWS access key ID.");
        } else if (key != null) {
            throw new BackendException("AWS access key ID configured, but no AWS secret access key.");
        } else if (profile != null) {
            credentials = DefaultCredentialsProvider.builder().profileName(profile).build();
            credentialSource = "the AWS default credential chain with the profile " + profile;
        } else {
            credentials = DefaultCredentialsProvider.builder().build();
            credentialSource = "the AWS default credential chain";
        }

        String endpointText = first(options.setting(ENDPOINT_SETTING), env.get("MELTANO_STATE_BACKEND_S3_ENDPOINT_URL"),
                env.get("AWS_ENDPOINT_URL_S3"), env.get("AWS_ENDPOINT_URL"));
        URI endpoint = endpointText == null ? null : endpoint(endpointText);

        String regionName = first(options.setting(REGION_SETTING), env.get("AWS_REGION"), env.get("AWS_DEFAULT_REGION"),
                profileRegion(profile));
        Region region = regionName == null ? Region.US_EAST_1 : Region.of(regionName);
        return new S3Connection(credentials, credentialSource, endpoint, region, regionName == null,
                options.connectTimeout(), options.readTimeout(), options.requestTimeout());
    }

    private static URI endpoint(String text) {
        try {
            URI uri = URI.create(text);
            if (uri.getScheme() == null || uri.getHost() == null) {
                throw new IllegalArgumentException("no scheme or host");
            }
            return uri;
        } catch (IllegalArgumentException e) {
            throw new BackendException("the S3 endpoint '" + text + "' is not a URL like http://host:9000", e);
        }
    }

    /** The region of the AWS profile ({@code null}: the active one); no instance-metadata lookup, which stalls off EC2. */
    private static String profileRegion(String profile) {
        try {
            return (profile == null ? new AwsProfileRegionProvider()
                    : new AwsProfileRegionProvider(ProfileFile::defaultProfileFile, profile)).getRegion().id();
        } catch (SdkClientException | IllegalArgumentException e) {
            return null;
        }
    }

    private static String first(String... values) {
        for (String v : values) {
            if (v != null && !v.isEmpty()) {
                return v;
            }
        }
        return null;
    }

    public S3Client client() {
        S3ClientBuilder builder = S3Client.builder()
                .httpClient(Apache5HttpClient.builder()
                        .maxConnections(MAX_CONNECTIONS)
                        .connectionTimeout(connectTimeout)
                        .socketTimeout(readTimeout)
                        .build())
                // the whole call, its tries and the waits between them: a server that sends its answer a byte at
                // a time never lets the socket's read timeout fire; the SDK aborts the try in flight
                .overrideConfiguration(o -> o.apiCallTimeout(requestTimeout)
                        .retryStrategy(DefaultRetryStrategy.standardStrategyBuilder()
                                .useClientDefaults(false)
                                .maxAttempts(MAX_ATTEMPTS)
                                .retryOnException(S3Connection::worthRetrying)
                                .treatAsThrottling(e -> e instanceof SdkException s && RetryUtils.isThrottlingException(s))
                                .build()))
                .credentialsProvider(credentials)
                .region(region);
        if (endpoint != null) {
            // S3-compatible servers: bucket in the path, and only the checksums the protocol requires,
            // since many of them reject the SDK's default trailing checksums. A state.json goes in one
            // piece, signed whole: the aws-chunked encoding the SDK otherwise uses (a signature per
            // chunk, a 128 KB chunk buffer per put) took ~15 % of a bulk copy's CPU against S3Proxy.
            builder.endpointOverride(endpoint)
                    .forcePathStyle(true)
                    .serviceConfiguration(S3Configuration.builder().chunkedEncodingEnabled(false).build())
                    .requestChecksumCalculation(RequestChecksumCalculation.WHEN_REQUIRED)
                    .responseChecksumValidation(ResponseChecksumValidation.WHEN_REQUIRED);
        } else if (regionGuessed) {
            // like boto3 without a region: reach the bucket wherever it lives
            builder.crossRegionAccessEnabled(true);
        }
        return builder.build();
    }

    /**
     * What the SDK would retry (a 5xx, throttling, a skewed clock, a dropped connection), except a
     * timeout: a server that stayed silent for the whole connect or read timeout gets no second wait,
     * so a call fails in the time the user set rather than a multiple of it. A whole call has the
     * request timeout, longer than the read timeout: a big state takes a while to download while data flows.
     */
    private static boolean worthRetrying(Throwable error) {
        for (Throwable t = error; t != null; t = t.getCause()) {
            if (t instanceof InterruptedIOException) {
                return false; // SocketTimeoutException, and HttpClient's ConnectTimeoutException
            }
        }
        if (error instanceof SdkException e && (RetryUtils.isRetryableException(e) || RetryUtils.isThrottlingException(e)
                || RetryUtils.isClockSkewException(e))) {
            return true;
        }
        if (error instanceof AwsServiceException e && (TRANSIENT_STATUS.contains(e.statusCode())
                || e.awsErrorDetails() != null && e.awsErrorDetails().errorCode() != null
                        && TRANSIENT_CODES.contains(e.awsErrorDetails().errorCode()))) {
            return true;
        }
        return error instanceof SdkClientException && error.getCause() instanceof IOException;
    }

    /** Where credentials come from, for diagnostics; names the access key ID, never the secret. */
    public String credentialSource() {
        return credentialSource;
    }

    /** The endpoint override, or {@code null} for AWS itself. */
    public URI endpoint() {
        return endpoint;
    }

    public Region region() {
        return region;
    }

    /** The limit on a whole call ({@link BackendOptions#requestTimeout}), which the error of a call cut at it names. */
    public Duration requestTimeout() {
        return requestTimeout;
    }
}
