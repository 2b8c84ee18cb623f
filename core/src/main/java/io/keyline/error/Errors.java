package io.keyline.error;

import java.util.List;
import java.util.Map;

/**
 * Factory for every error DynamoDB sends, with its wire type and HTTP status. Message texts
 * that DynamoDB fixes live here too; operation-specific validation texts are passed in by the
 * caller, which must use DynamoDB's exact wording.
 */
public final class Errors {
    private static final String DDB = "com.amazonaws.dynamodb.v20120810#";
    private static final String CORAL_VALIDATE = "com.amazon.coral.validate#";
    private static final String CORAL_SERVICE = "com.amazon.coral.service#";

    private Errors() {}

    private static ApiException client(String type, String message) {
        return new ApiException(type, 400, message, null);
    }

    public static ApiException validation(String message) {
        return client(CORAL_VALIDATE + "ValidationException", message);
    }

    public static ApiException serialization(String message) {
        return client(CORAL_SERVICE + "SerializationException", message);
    }

    public static ApiException unknownOperation() {
        return client(CORAL_SERVICE + "UnknownOperationException", null);
    }

    /** A request that is no API call at all (not a POST, or not a JSON content type): HTTP 404. */
    public static ApiException notAnApiCall() {
        return new ApiException(CORAL_SERVICE + "UnknownOperationException", 404, null, null);
    }

    public static ApiException missingAuthenticationToken() {
        return new ApiException(CORAL_SERVICE + "MissingAuthenticationTokenException", 400,
                "Request is missing Authentication Token", null);
    }

    public static ApiException unrecognizedClient(String message) {
        return client(CORAL_SERVICE + "UnrecognizedClientException", message);
    }

    /** A signature that lacks a part or has a malformed one (HTTP 400, as DynamoDB sends it). */
    public static ApiException incompleteSignature(String message) {
        return client(CORAL_SERVICE + "IncompleteSignatureException", message);
    }

    public static ApiException invalidSignature(String message) {
        return client(CORAL_SERVICE + "InvalidSignatureException", message);
    }

    public static ApiException accessDenied(String message) {
        return client(CORAL_SERVICE + "AccessDeniedException", message);
    }

    public static ApiException requestTooLarge(String message) {
        return new ApiException(CORAL_SERVICE + "RequestEntityTooLarge", 413, message, null);
    }

    public static ApiException resourceNotFound(String message) {
        return client(DDB + "ResourceNotFoundException", message);
    }

    /** "Requested resource not found" as GetItem/PutItem/... say it for a missing table. */
    public static ApiException tableNotFound() {
        return resourceNotFound("Requested resource not found");
    }

    public static ApiException resourceInUse(String message) {
        return client(DDB + "ResourceInUseException", message);
    }

    public static ApiException limitExceeded(String message) {
        return client(DDB + "LimitExceededException", message);
    }

    /** DynamoDB Streams: a shard iterator used more than 15 minutes after it was issued. */
    public static ApiException expiredIterator(String message) {
        return client(DDB + "ExpiredIteratorException", message);
    }

    /** DynamoDB Streams: a read of stream records already trimmed (older than 24 hours). */
    public static ApiException trimmedDataAccess(String message) {
        return client(DDB + "TrimmedDataAccessException", message);
    }

    public static ApiException conditionalCheckFailed() {
        return client(DDB + "ConditionalCheckFailedException", "The conditional request failed");
    }

    /** With ReturnValuesOnConditionCheckFailure=ALL_OLD: the old item rides along. */
    public static ApiException conditionalCheckFailed(Map<String, ?> oldItem) {
        ApiException e = conditionalCheckFailed();
        return oldItem == null ? e : e.withExtra("Item", oldItem);
    }

    /** A PartiQL INSERT of an item that exists (docs/RULES.md#PARTIQL-INSERT). */
    public static ApiException duplicateItem(String message) {
        return client(DDB + "DuplicateItemException", message);
    }

    /** Message: the exception's message field in the API reference (docs/RULES.md#LSI-ITEM-COLLECTION). */
    public static ApiException itemCollectionSizeLimitExceeded() {
        return client(DDB + "ItemCollectionSizeLimitExceededException",
                "The total size of an item collection has exceeded the maximum limit of 10 gigabytes.");
    }

    public static ApiException provisionedThroughputExceeded(String message) {
        return client(DDB + "ProvisionedThroughputExceededException", message);
    }

    public static ApiException throttling(String message) {
        return client(DDB + "ThrottlingException", message);
    }

    public static ApiException requestLimitExceeded(String message) {
        return client(DDB + "RequestLimitExceeded", message);
    }

    /**
     * A throttled request (docs/RULES.md#THROTTLE-EXCEPTION): ProvisionedThroughputExceededException, ThrottlingException or
     * RequestLimitExceeded by {@code name}, with the {@code ThrottlingReasons} list of
     * {@code {reason, resource}} DynamoDB adds beside the message.
     */
    public static ApiException throttled(String name, String message, List<? extends Map<String, ?>> reasons) {
        ApiException e = switch (name) {
            case "ProvisionedThroughputExceededException" -> provisionedThroughputExceeded(message);
            case "ThrottlingException" -> throttling(message);
            case "RequestLimitExceeded" -> requestLimitExceeded(message);
            default -> throw new IllegalArgumentException("not a throttling error: " + name);
        };
        return e.withExtra("ThrottlingReasons", reasons);
    }

    public static ApiException transactionCanceled(String message, Object cancellationReasons) {
        return client(DDB + "TransactionCanceledException", message)
                .withExtra("CancellationReasons", cancellationReasons);
    }

    public static ApiException transactionConflict(String message) {
        return client(DDB + "TransactionConflictException", message);
    }

    public static ApiException transactionInProgress(String message) {
        return client(DDB + "TransactionInProgressException", message);
    }

    public static ApiException idempotentParameterMismatch(String message) {
        return client(DDB + "IdempotentParameterMismatchException", message);
    }

    // ---- backups and point-in-time recovery (docs/RULES.md#BACKUP-ERRORS) ----

    /** The control plane of backups names a missing table this way, not as ResourceNotFoundException. */
    public static ApiException tableNotFoundException(String tableName) {
        return client(DDB + "TableNotFoundException", "Table not found: " + tableName);
    }

    public static ApiException tableAlreadyExists(String tableName) {
        return client(DDB + "TableAlreadyExistsException", "Table already exists: " + tableName);
    }

    public static ApiException tableInUse(String message) {
        return client(DDB + "TableInUseException", message);
    }

    public static ApiException backupNotFound(String backupArn) {
        return client(DDB + "BackupNotFoundException", "Backup not found: " + backupArn);
    }

    public static ApiException backupInUse(String message) {
        return client(DDB + "BackupInUseException", message);
    }

    public static ApiException continuousBackupsUnavailable(String message) {
        return client(DDB + "ContinuousBackupsUnavailableException", message);
    }

    public static ApiException pointInTimeRecoveryUnavailable(String message) {
        return client(DDB + "PointInTimeRecoveryUnavailableException", message);
    }

    public static ApiException invalidRestoreTime(String message) {
        return client(DDB + "InvalidRestoreTimeException", message);
    }

    /**
     * A DynamoDB operation, or a part of one, that Keyline does not serve (docs/RULES.md#NOT-SERVED):
     * a ValidationException naming it, so that a client sees what is missing instead of an unknown name.
     */
    public static ApiException notServed(String what, String feature) {
        return validation(what + " is not served by Keyline: " + feature + " are not implemented (see README.md, \"Not served\")");
    }

    public static ApiException internal(String message) {
        return new ApiException(DDB + "InternalServerError", 500, message, null);
    }

    /** HTTP 503, which every AWS SDK retries (docs/RULES.md#SERVER-DRAIN). */
    public static ApiException serviceUnavailable(String message) {
        return new ApiException(DDB + "ServiceUnavailable", 503, message, null);
    }

    /**
     * A request whose Host header names another server (docs/RULES.md#SERVER-HOST): 404, the
     * answer to anything that is not one of this endpoint's API calls, with a message saying why.
     */
    public static ApiException foreignHost(String message) {
        return new ApiException(CORAL_SERVICE + "UnknownOperationException", 404, message, null);
    }
}
