package io.keyline.server;

import io.keyline.error.ApiException;
import io.keyline.error.Errors;

/**
 * Error texts of the HTTP front that DynamoDB's documentation does not fix, kept in one place so
 * they can be corrected together once observed on the live service.
 */
final class RequestLimits {
    private RequestLimits() {}

    /** Body of the 413 reply to a request over the size limit (status observed; text ours). */
    static final String TOO_LARGE_MESSAGE = "Request Entity Too Large";

    /** Message of the 500 reply when something unexpected fails inside Keyline. */
    static final String INTERNAL_ERROR_MESSAGE = "Internal server error";
    /** The answer to a request that arrives while the server is closing (docs/RULES.md#SERVER-DRAIN). */
    static final String DRAINING_MESSAGE = "The server is shutting down; retry the request";
    /** docs/RULES.md#STORAGE-RECOVERY: storage is down and being reopened; nothing was attempted. */
    static final String STORAGE_UNAVAILABLE_MESSAGE = "The service is unavailable while its storage recovers; retry the request";

    /** docs/RULES.md#SERVER-HOST: what a request whose Host names another server is told (the header may be anything: shown cut short). */
    static String foreignHostMessage(String host) {
        String shown = host.length() > 100 ? host.substring(0, 100) + "..." : host;
        return "Host '" + shown + "' does not name this server; start it with --allowed-hosts NAME to accept the name";
    }

    /** A request that is not a DynamoDB API call at all: DynamoDB answers 404 UnknownOperationException. */
    static ApiException unsupportedContentType() {
        return Errors.notAnApiCall();
    }
}
