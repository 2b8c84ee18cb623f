package io.keyline.sdk;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Comparator;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * DynamoDB's order of sort key values, which the merge must reproduce to interleave the shards
 * as one partition would have returned them: S by the unsigned bytes of its UTF-8 (not Java's
 * UTF-16 order, which differs above U+FFFF), N by numeric value, B by unsigned bytes. Stateless.
 */
final class SortKeyOrder implements Comparator<AttributeValue> {
    static final SortKeyOrder INSTANCE = new SortKeyOrder();

    private SortKeyOrder() {}

    @Override public int compare(AttributeValue a, AttributeValue b) {
        if (a.type() != b.type()) {
            throw new IllegalStateException("sort key values of different types cannot be ordered: " + a.type() + " and " + b.type());
        }
        return switch (a.type()) {
            case S -> Arrays.compareUnsigned(a.s().getBytes(StandardCharsets.UTF_8), b.s().getBytes(StandardCharsets.UTF_8));
            case N -> new BigDecimal(a.n()).compareTo(new BigDecimal(b.n()));
            case B -> Arrays.compareUnsigned(a.b().asByteArrayUnsafe(), b.b().asByteArrayUnsafe());
            default -> throw new IllegalStateException("a sort key is S, N or B, not " + a.type());
        };
    }
}
