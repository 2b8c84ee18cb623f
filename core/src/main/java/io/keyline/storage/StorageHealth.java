package io.keyline.storage;

/**
 * Whether a storage backend serves requests now, as the health check and the metrics report it
 * (docs/RULES.md#STORAGE-RECOVERY). Immutable.
 *
 * @param serving    false while the backend is down and recovering: calls fail with
 *                   {@link StorageUnavailableException}
 * @param problem    what took it down (null while serving)
 * @param recoveries how many times it has recovered in place since it was opened
 */
public record StorageHealth(boolean serving, String problem, long recoveries) {
    /** A backend that has never failed. */
    public static final StorageHealth SERVING = new StorageHealth(true, null, 0);
}
