package io.keyline.server;

/**
 * A request body that decompresses to more than the request size limit. Unchecked for the same
 * reason as {@link BodyDecodingException}: it must cross the JSON parser untouched.
 */
final class BodyTooLargeException extends RuntimeException {
    BodyTooLargeException(long limit) {
        super("request body exceeds " + limit + " bytes", null, false, false);
    }
}
