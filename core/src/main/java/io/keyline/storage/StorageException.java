package io.keyline.storage;

/**
 * A failure inside a storage backend (I/O error, corruption, use after close). Never a client
 * error: the server reports it as an internal error. Unchecked so the SPI stays free of
 * backend-specific checked exceptions.
 */
public final class StorageException extends RuntimeException {
    public StorageException(String message) { super(message); }

    public StorageException(String message, Throwable cause) { super(message, cause); }
}
