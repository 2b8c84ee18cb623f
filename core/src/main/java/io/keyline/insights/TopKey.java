package io.keyline.insights;

import java.util.List;

/**
 * One contributor of a Contributor Insights report: its key values as DynamoDB shows them
 * (partition key; or partition and sort key), its weight in the window (consumed units for an
 * accessed rule, throttled requests for a throttled one) and how much of that weight may belong to
 * other keys (the sketch's error: the true weight is between {@code value - error} and
 * {@code value}). Immutable.
 */
public record TopKey(List<String> keys, double value, double error) {
    public TopKey {
        keys = List.copyOf(keys);
    }
}
