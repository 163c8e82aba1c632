package dev.cairn.backend.blob;

import com.azure.core.http.jdk.httpclient.JdkHttpClientBuilder;
import com.azure.identity.DefaultAzureCredentialBuilder;
import com.azure.storage.blob.BlobServiceClient;
import com.azure.storage.blob.BlobServiceClientBuilder;
import com.azure.storage.common.policy.RequestRetryOptions;
import com.azure.storage.common.policy.RetryPolicyType;
import dev.cairn.backend.BackendException;
import dev.cairn.backend.BackendOptions;
import java.time.Duration;
import java.util.Map;

/**
 * How to reach an Azure storage account, resolved as Meltano resolves it: an account URL from
 * {@code azure.storage_account_url} (or {@code MELTANO_STATE_BACKEND_AZURE_STORAGE_ACCOUNT_URL}) with
 * the default Azure credential chain, else a connection string from {@code azure.connection_string}
 * (or {@code MELTANO_STATE_BACKEND_AZURE_CONNECTION_STRING}). Secrets stay inside the client.
 */
public final class AzureConnection {

    public static final String CONNECTION_STRING_SETTING = "azure.connection_string";
    public static final String ACCOUNT_URL_SETTING = "azure.storage_account_url";

    /**
     * Four tries, 0.25 s to 2 s apart: the SDK's default (4 s doubling) keeps a desktop user waiting
     * 40 s before "the server is unreachable".
     */
    private static final RequestRetryOptions RETRIES = new RequestRetryOptions(RetryPolicyType.EXPONENTIAL, 4, null,
            Duration.ofMillis(250), Duration.ofSeconds(2), null);

    private final String accountUrl;
    private final String connectionString;
    private final Duration connectTimeout;
    private final Duration readTimeout;
    private final Duration requestTimeout;

    private AzureConnection(String accountUrl, String connectionString, Duration connectTimeout, Duration readTimeout,
                            Duration requestTimeout) {
        this.accountUrl = accountUrl;
        this.connectionString = connectionString;
        this.connectTimeout = connectTimeout;
        this.readTimeout = readTimeout;
        this.requestTimeout = requestTimeout;
    }

    public static AzureConnection resolve(BackendOptions options) {
        return resolve(options, System.getenv());
    }

    static AzureConnection resolve(BackendOptions options, Map<String, String> env) {
        String accountUrl = SettingValues.first(options.setting(ACCOUNT_URL_SETTING),
                env.get("MELTANO_STATE_BACKEND_AZURE_STORAGE_ACCOUNT_URL"));
        String connectionString = SettingValues.first(options.setting(CONNECTION_STRING_SETTING),
                env.get("MELTANO_STATE_BACKEND_AZURE_CONNECTION_STRING"));
        if (accountUrl == null && connectionString == null) {
            throw new BackendException("the Azure state backend needs a connection string (" + CONNECTION_STRING_SETTING
                    + ") or a storage account URL (" + ACCOUNT_URL_SETTING + ") to use the default Azure credentials");
        }
        // Meltano prefers the account URL when both are set.
        return new AzureConnection(accountUrl, accountUrl == null ? connectionString : null,
                options.connectTimeout(), options.readTimeout(), options.requestTimeout());
    }

    public BlobServiceClient client() {
        // The same bounds as S3's client: --connect-timeout to connect, --read-timeout of silence in an answer.
        JdkHttpClientBuilder http = new JdkHttpClientBuilder().connectionTimeout(connectTimeout)
                .responseTimeout(readTimeout).readTimeout(readTimeout);
        BlobServiceClientBuilder builder = new BlobServiceClientBuilder().httpClient(http.build()).retryOptions(RETRIES);
        try {
            if (accountUrl != null) {
                return builder.endpoint(accountUrl).credential(new DefaultAzureCredentialBuilder().build()).buildClient();
            }
            return builder.connectionString(connectionString).buildClient();
        } catch (IllegalArgumentException | IllegalStateException e) {
            // the SDK's message names the faulty part, never the account key
            throw new BackendException("cannot use the Azure " + (accountUrl != null ? "storage account URL " + accountUrl
                    : "connection string") + ": " + e.getMessage(), e);
        }
    }

    /**
     * The limit on a whole call ({@link BackendOptions#requestTimeout}), its tries included: the client
     * has none of its own (its try timeout does not cut a synchronous call), so every call passes it as
     * the call's timeout, which the SDK enforces by interrupting the call.
     */
    public Duration requestTimeout() {
        return requestTimeout;
    }

    /** Where credentials come from, for diagnostics; never the key. */
    public String credentialSource() {
        return accountUrl != null ? "the default Azure credential chain" : "the connection string";
    }
}
