package io.keyline.engine.ttl;

import io.keyline.model.AttributeValue;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;

/**
 * DynamoDB's rule for when an item has expired (docs/RULES.md#TTL-EXPIRY): its TTL attribute is
 * a top-level Number (not a String, not a number set) holding epoch seconds, possibly with a
 * fraction or an exponent, earlier than now; a time more than five years before now is ignored,
 * so an item that holds a value that was never meant as an expiry (a birth date) is not deleted.
 * Stateless.
 */
public final class ExpiryTime {
    /** docs/RULES.md#TTL-EXPIRY: times this far in the past are not expiry times. */
    public static final Duration IGNORED_BEYOND = Duration.ofDays(5 * 365);

    private ExpiryTime() {}

    /** Whether an item whose TTL attribute holds {@code value} (null: absent) has expired at {@code now}. */
    public static boolean expired(AttributeValue value, Instant now) {
        if (!(value instanceof AttributeValue.N n)) return false;
        BigDecimal seconds = n.value();
        if (seconds.compareTo(epochSeconds(now)) >= 0) return false;
        return seconds.compareTo(epochSeconds(now.minus(IGNORED_BEYOND))) >= 0;
    }

    private static BigDecimal epochSeconds(Instant t) {
        return BigDecimal.valueOf(t.getEpochSecond()).add(BigDecimal.valueOf(t.getNano(), 9));
    }
}
