package io.keyline.op.request;

import io.keyline.protocol.shape.Violations;
import java.util.List;

/**
 * The member constraints of the DynamoDB Streams API, from its service model (streams.dynamodb,
 * 2012-08-10), which core's DynamoDB model does not hold: recorded into the request's
 * {@link Violations} in DynamoDB's words, one aggregated ValidationException
 * (docs/RULES.md#STREAM-API). Paths are the members' names in lower camel case. Stateless.
 */
public final class StreamShapes {
    /** StreamArn: 37 to 1,024 characters. */
    public static final int ARN_MIN = 37;
    public static final int ARN_MAX = 1024;
    /** ShardId: 28 to 65 characters. */
    public static final int SHARD_ID_MIN = 28;
    public static final int SHARD_ID_MAX = 65;
    /** SequenceNumber: 21 to 40 characters. */
    public static final int SEQUENCE_MIN = 21;
    public static final int SEQUENCE_MAX = 40;
    /** ShardIterator: 1 to 2,048 characters. */
    public static final int ITERATOR_MAX = 2048;
    public static final List<String> ITERATOR_TYPES = List.of("TRIM_HORIZON", "LATEST", "AT_SEQUENCE_NUMBER", "AFTER_SEQUENCE_NUMBER");
    public static final List<String> SHARD_FILTER_TYPES = List.of("CHILD_SHARDS");

    private StreamShapes() {}

    public static void required(Violations v, String path, Object value) {
        if (value == null) v.add(path, null, "Member must not be null");
    }

    public static void length(Violations v, String path, String value, int min, int max) {
        if (value == null) return;
        if (value.length() < min) v.add(path, value, "Member must have length greater than or equal to " + min);
        else if (value.length() > max) v.add(path, value, "Member must have length less than or equal to " + max);
    }

    public static void range(Violations v, String path, Long value, long min, long max) {
        if (value == null) return;
        if (value < min) v.add(path, value, "Member must have value greater than or equal to " + min);
        else if (value > max) v.add(path, value, "Member must have value less than or equal to " + max);
    }

    public static void oneOf(Violations v, String path, String value, List<String> values) {
        if (value != null && !values.contains(value)) v.add(path, value, "Member must satisfy enum value set: " + values);
    }
}
