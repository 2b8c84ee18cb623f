package io.keyline.op.request;

import io.keyline.error.ApiException;
import java.util.function.Supplier;

/**
 * A request member decoded ahead of its checks whose value was invalid (a ValidationException
 * from an attribute value, say): the error is kept and thrown where the operation first uses
 * the member, so that DynamoDB's order of errors (member constraints and earlier semantic
 * checks first) holds. A wrong JSON type is still a SerializationException at decoding time.
 * Immutable.
 *
 * @param value the decoded member, null when absent or invalid
 * @param error the ValidationException decoding met, or null
 */
public record Deferred<T>(T value, ApiException error) {
    private static final Deferred<?> ABSENT = new Deferred<>(null, null);

    /** Runs {@code decoder}, keeping a ValidationException for later; other errors propagate. */
    public static <T> Deferred<T> decode(Supplier<T> decoder) {
        try {
            T value = decoder.get();
            return value == null ? absent() : new Deferred<>(value, null);
        } catch (ApiException e) {
            if (!"ValidationException".equals(e.name())) throw e;
            return new Deferred<>(null, e);
        }
    }

    @SuppressWarnings("unchecked")
    public static <T> Deferred<T> absent() { return (Deferred<T>) ABSENT; }

    /** The value (null when absent), or the kept error. */
    public T get() {
        if (error != null) throw error;
        return value;
    }

    /** Whether the member was sent (valid or not). */
    public boolean present() { return value != null || error != null; }
}
