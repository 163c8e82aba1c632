package dev.cairn.backend.blob;

import dev.cairn.backend.BackendException;
import dev.cairn.backend.Version;
import java.time.Duration;
import java.time.Instant;
import java.util.function.BiConsumer;
import software.amazon.awssdk.core.ResponseBytes;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.GetObjectResponse;
import software.amazon.awssdk.services.s3.model.HeadObjectResponse;
import software.amazon.awssdk.services.s3.model.NoSuchKeyException;
import software.amazon.awssdk.services.s3.model.PutObjectRequest;
import software.amazon.awssdk.services.s3.model.S3Exception;

/**
 * An S3 bucket (or S3-compatible server) as a blob store. Versions are ETags; conditional puts use
 * {@code If-Match} / {@code If-None-Match: *}, so a writer that ignores Meltano's lock still cannot
 * slip a change in between Cairn's read and its write.
 */
final class S3BlobStore extends CloudBlobStore {

    /** What Meltano uploads every object with (v3.6.0+). */
    static final String CONTENT_TYPE = "application/json";

    private final S3Client s3;
    private final String bucket;
    private final Duration requestTimeout;

    S3BlobStore(S3Client s3, String bucket, String displayUri, Duration requestTimeout) {
        super("s3", s3.serviceClientConfiguration().endpointOverride().orElse(null), null, bucket, displayUri);
        this.s3 = s3;
        this.bucket = bucket;
        this.requestTimeout = requestTimeout;
    }

    /**
     * An S3-compatible server may answer a read of an object that a conditional put is replacing
     * without its ETag (S3Proxy does, racing writers): it is read again, up to five reads over
     * 100 ms, in the expectation that the put has ended by then (S3FaultsTest shows the re-reads,
     * not how long such a put takes).
     */
    private static final int READS_WITHOUT_ETAG = 5;

    @Override
    public Blob get(String key) {
        for (int read = 1; ; read++) {
            ResponseBytes<GetObjectResponse> object;
            try {
                object = s3.getObjectAsBytes(b -> b.bucket(bucket).key(key));
            } catch (NoSuchKeyException e) {
                return null;
            } catch (SdkException e) {
                throw failure("read", key, e);
            }
            String etag = object.response().eTag();
            if (etag != null && !etag.isBlank()) {
                return new Blob(object.asByteArray(), Version.of(etag));
            }
            if (read == READS_WITHOUT_ETAG) {
                throw new BackendException(displayUri() + ": the server answered " + read + " reads of " + key
                        + " without an ETag, so there is no version to compare a write against");
            }
            try {
                Thread.sleep(10L * read);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new BackendException("interrupted while reading " + key + " on " + displayUri());
            }
        }
    }

    /**
     * A HEAD of the object: its ETag, with its time and size where a server racing a put answers
     * without one (see {@link #READS_WITHOUT_ETAG}), which the next look then tells apart.
     */
    @Override
    public String changeStamp(String key) {
        try {
            HeadObjectResponse head = s3.headObject(b -> b.bucket(bucket).key(key));
            return head.eTag() != null && !head.eTag().isBlank() ? head.eTag()
                    : "no ETag " + head.lastModified() + " " + head.contentLength();
        } catch (NoSuchKeyException e) {
            return Version.ABSENT.token();
        } catch (S3Exception e) {
            if (e.statusCode() == 404) {
                return Version.ABSENT.token(); // a HEAD's 404 has no body to name NoSuchKey
            }
            throw failure("read", key, e);
        } catch (SdkException e) {
            throw failure("read", key, e);
        }
    }

    @Override
    public Version put(String key, byte[] data, Version expected) {
        PutObjectRequest.Builder request = PutObjectRequest.builder().bucket(bucket).key(key).contentType(CONTENT_TYPE);
        if (Version.ABSENT.equals(expected)) {
            request.ifNoneMatch("*");
        } else if (expected != null) {
            request.ifMatch(expected.token());
        }
        try {
            return Version.of(s3.putObject(request.build(), RequestBody.fromBytes(data)).eTag());
        } catch (S3Exception e) {
            if (expected != null && isPreconditionFailure(e, !Version.ABSENT.equals(expected))) {
                return ownRetriedWrite(key, data);
            }
            throw failure("write", key, e);
        } catch (SdkException e) {
            throw failure("write", key, e);
        }
    }

    /**
     * 412: the object is not at the expected ETag (or exists, for {@code If-None-Match}); 409: a
     * concurrent conditional write to the same key won; 404 NoSuchKey: {@code If-Match} on an object
     * deleted meanwhile.
     */
    private static boolean isPreconditionFailure(S3Exception e, boolean ifMatch) {
        String code = e.awsErrorDetails() == null ? "" : String.valueOf(e.awsErrorDetails().errorCode());
        return e.statusCode() == 412
                || (e.statusCode() == 409 && code.equals("ConditionalRequestConflict"))
                || (ifMatch && e.statusCode() == 404 && code.equals("NoSuchKey"));
    }

    @Override
    public void delete(String key, Version expected) {
        try {
            s3.deleteObject(b -> b.bucket(bucket).key(key).ifMatch(expected == null ? null : expected.token()));
        } catch (NoSuchKeyException e) {
            // AWS's answer to If-Match on a key deleted meanwhile: done all the same
        } catch (S3Exception e) {
            if (expected != null && isPreconditionFailure(e, false)) {
                deletedUnlessChanged(key);
                return;
            }
            throw failure("delete", key, e);
        } catch (SdkException e) {
            throw failure("delete", key, e);
        }
    }

    /** Every page of the listing, one request per 1000 keys, handed on as it arrives. */
    @Override
    public void list(String prefix, BiConsumer<String, Instant> keys) {
        try {
            s3.listObjectsV2Paginator(b -> b.bucket(bucket).prefix(prefix)).contents()
                    .forEach(o -> keys.accept(o.key(), o.lastModified()));
        } catch (S3Exception e) {
            if (prefix.startsWith("/") && e.statusCode() == 400) {
                return; // a server refusing keys that start with '/' (S3Proxy's file stores, for one) holds none
            }
            throw failure("list", prefix + "*", e);
        } catch (SdkException e) {
            throw failure("list", prefix + "*", e);
        }
    }

    @Override
    public void close() {
        s3.close();
    }

    private BackendException failure(String action, String key, SdkException e) {
        return failure(action, key, S3BackendFactory.reason(e, requestTimeout), e);
    }
}
