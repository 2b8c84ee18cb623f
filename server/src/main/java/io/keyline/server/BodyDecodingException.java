package io.keyline.server;

/**
 * A request body that could not be decoded: an unsupported Content-Encoding or a broken
 * compressed stream. DynamoDB answers these with HTTP 500 (test_compressed_request.py), so the
 * server maps this to InternalServerError. Unchecked so that it passes through the JSON parser,
 * which turns only {@link java.io.IOException}s into SerializationException.
 */
final class BodyDecodingException extends RuntimeException {
    BodyDecodingException(String message, Throwable cause) {
        super(message, cause, false, false);
    }
}
