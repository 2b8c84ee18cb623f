package io.keyline.server.cloudwatch;

/**
 * An error CloudWatch sends, with its query-protocol code (e.g. {@code InvalidParameterValue}),
 * the service model's shape name (e.g. {@code InvalidParameterValueException}, the JSON and CBOR
 * {@code __type}), HTTP status and fault side. Built only by the factories here, which own the
 * message texts; the texts follow CloudWatch's where they are known (quoted in the factory).
 * CloudWatch is not DynamoDB: these errors are not {@link io.keyline.error.ApiException}s, whose
 * types are DynamoDB's (docs/RULES.md#CW-ERRORS). Immutable.
 */
final class CloudWatchError extends RuntimeException {
    private final String code;
    private final String shape;
    private final int status;
    private final boolean sender;

    private CloudWatchError(String code, String shape, int status, boolean sender, String message) {
        super(message, null, false, false);
        this.code = code;
        this.shape = shape;
        this.status = status;
        this.sender = sender;
    }

    String code() { return code; }

    String shape() { return shape; }

    int status() { return status; }

    /** "Sender" (the client's fault) or "Receiver", as the query protocol's {@code Type} says it. */
    String faultType() { return sender ? "Sender" : "Receiver"; }

    static CloudWatchError invalidParameterValue(String message) {
        return new CloudWatchError("InvalidParameterValue", "InvalidParameterValueException", 400, true, message);
    }

    static CloudWatchError invalidParameterCombination(String message) {
        return new CloudWatchError("InvalidParameterCombination", "InvalidParameterCombinationException", 400, true, message);
    }

    /** "The parameter StartTime is required." */
    static CloudWatchError missingParameter(String parameter) {
        return new CloudWatchError("MissingParameter", "MissingRequiredParameterException", 400, true,
                "The parameter " + parameter + " is required.");
    }

    static CloudWatchError invalidNextToken() {
        return new CloudWatchError("InvalidNextToken", "InvalidNextToken", 400, true, "The service couldn't process the NextToken.");
    }

    /** An operation CloudWatch has that this endpoint does not serve (PutMetricData, alarms, ...). */
    static CloudWatchError unsupportedOperation(String operation) {
        return new CloudWatchError("InvalidAction", "InvalidAction", 400, true,
                "The action " + operation + " is not valid for this web service.");
    }

    /** A named resource (an insight rule) that does not exist. */
    static CloudWatchError resourceNotFound(String message) {
        return new CloudWatchError("ResourceNotFoundException", "ResourceNotFoundException", 404, true, message);
    }

    /** A body that is not CBOR, JSON or a form of the protocol it claims. */
    static CloudWatchError malformed() {
        return new CloudWatchError("MalformedInput", "MalformedInput", 400, true, "The request body could not be parsed.");
    }

    static CloudWatchError internal() {
        return new CloudWatchError("InternalServiceError", "InternalServiceFault", 500, false, "Internal service error.");
    }

    // ---- validation texts shared by the operations ----

    /** "The parameter Statistics.member.1 must be a value in the set [ Minimum, Maximum, Average, SampleCount, Sum ]." */
    static CloudWatchError notInSet(String parameter, String set) {
        return invalidParameterValue("The parameter " + parameter + " must be a value in the set [ " + set + " ].");
    }

    /**
     * "You have requested up to 86400 datapoints, which exceeds the limit of 1440. You may reduce
     * the datapoints requested by increasing Period, or decreasing the time range."
     */
    static CloudWatchError tooManyDatapoints(long requested, int limit) {
        return invalidParameterCombination("You have requested up to " + requested + " datapoints, which exceeds the limit of "
                + limit + ". You may reduce the datapoints requested by increasing Period, or decreasing the time range.");
    }
}
