package io.keyline.engine.stream;

import java.util.function.Supplier;

/**
 * Marks the writes a thread makes as DynamoDB's own, not a user's: their stream records carry
 * {@code userIdentity {"Type": "Service", "PrincipalId": "dynamodb.amazonaws.com"}}, as the
 * deletes of Time to Live do (docs/RULES.md#STREAM-RECORD). The item store runs its write hooks
 * on the writing thread, so a thread-local flag reaches the stream writer without a parameter on
 * every write path. Stateless apart from the flag; thread-safe.
 */
public final class ServiceIdentity {
    private static final ThreadLocal<Boolean> ACTIVE = ThreadLocal.withInitial(() -> Boolean.FALSE);

    private ServiceIdentity() {}

    /** Runs {@code write} (e.g. TTL's delete of an expired item) as the DynamoDB service. */
    public static <T> T run(Supplier<T> write) {
        boolean before = ACTIVE.get();
        ACTIVE.set(Boolean.TRUE);
        try {
            return write.get();
        } finally {
            ACTIVE.set(before);
        }
    }

    static boolean active() { return ACTIVE.get(); }
}
