package dev.cairn.backend.blob;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.cairn.backend.BackendException;
import dev.cairn.backend.BackendOptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

@Tag("unit")
class S3LocationTest {

    /** The location the S3 factory hands on for the URI. */
    static S3Location parse(String uri) {
        return new S3Location(CloudUri.parse("s3://", uri));
    }

    @Test
    void bucketIsTheLowerCasedHostAndPrefixLosesItsSlashes() {
        S3Location s3 = parse("s3://My-Bucket:9000//state/dev//");
        assertEquals("my-bucket", s3.bucket());
        assertEquals("state/dev", s3.prefix());
        assertNull(s3.accessKeyId());
    }

    @Test
    void emptyPrefixIsTheBucketRoot() {
        assertEquals("", parse("s3://bucket").prefix());
        assertEquals("", parse("s3://bucket/").prefix());
        assertEquals("", parse("s3://bucket?x=1").prefix());
    }

    @Test
    void keyAndSecretAreTakenRawNotPercentDecoded() {
        S3Location s3 = parse("s3://AKIA123:abc%2Bdef+ghi@bucket/prefix");
        assertEquals("AKIA123", s3.accessKeyId());
        assertEquals("abc%2Bdef+ghi", s3.secretAccessKey());
        assertEquals("bucket", s3.bucket());
    }

    @Test
    void theLastAtSignEndsTheUserInfoAndTheFirstColonSplitsIt() {
        S3Location s3 = parse("s3://key:se:cr@et@bucket/p");
        assertEquals("key", s3.accessKeyId());
        assertEquals("se:cr@et", s3.secretAccessKey());
        assertEquals("bucket", s3.bucket());
    }

    @Test
    void aSecretWithASlashBreaksTheUriAsInMeltano() {
        // urlparse ends the host part at the first '/': the "bucket" becomes the key's name
        S3Location s3 = parse("s3://KEY:ab/cd@bucket/prefix");
        assertEquals("key", s3.bucket());
        assertNull(s3.accessKeyId());
        assertEquals("cd@bucket/prefix", s3.prefix());
    }

    @Test
    void displayNeverShowsTheSecret() {
        assertEquals("s3://KEY:***@bucket/prefix", parse("s3://KEY:p/ss@bucket/prefix").displayUri());
        S3Location s3 = parse("s3://KEY:s3cr:et@bucket/prefix");
        assertEquals("s3://KEY:***@bucket/prefix", s3.displayUri());
        assertFalse(s3.toString().contains("s3cr"));
        assertEquals("s3://bucket/prefix", parse("s3://bucket/prefix").displayUri());
    }

    @Test
    void aUriWithoutBucketIsRefused() {
        BackendException e = assertThrows(BackendException.class,
                () -> new S3BackendFactory().open("s3:///prefix", BackendOptions.defaults()));
        assertEquals("no bucket in s3:///prefix (expected s3://bucket/prefix)", e.getMessage());
        assertFalse(new S3BackendFactory().accepts("gs://bucket/prefix"));
        assertEquals("An S3 URI needs a bucket: s3://bucket/prefix", new S3BackendFactory().kind().problem("s3:///prefix"));
    }
}
