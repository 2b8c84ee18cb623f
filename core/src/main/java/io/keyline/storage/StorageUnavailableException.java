package io.keyline.storage;

/**
 * The backend is down and recovering (docs/RULES.md#STORAGE-RECOVERY): the call was refused
 * before it touched any data, so retrying it later is safe. The server answers DynamoDB's
 * retryable ServiceUnavailable (HTTP 503); a failure whose outcome is unknown is a plain
 * {@link StorageException} instead (InternalServerError, HTTP 500). Unchecked, as
 * StorageException is.
 */
public final class StorageUnavailableException extends RuntimeException {
    public StorageUnavailableException(String message) { super(message, null, false, false); }
}
