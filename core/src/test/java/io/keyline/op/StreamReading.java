package io.keyline.op;

import static io.keyline.op.ControlPlane.list;
import static io.keyline.op.ControlPlane.map;

import io.keyline.testing.OperationCalls;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;

/**
 * Reads a stream back through the Streams operations, as a consumer would: its shards (every page
 * of DescribeStream), and every record of a shard from TRIM_HORIZON to where it stands now.
 */
final class StreamReading {
    private final BiFunction<String, String, Map<String, Object>> calls;

    StreamReading(ControlPlane cp) { this.calls = cp::call; }

    /** Through these operations (an engine reopened on a control plane's storage). */
    StreamReading(Operations operations) { this.calls = (op, json) -> OperationCalls.call(operations, op, json); }

    /** The stream's shards as DescribeStream lists them, one page after another. */
    List<Map<String, Object>> shards(String arn) {
        List<Map<String, Object>> out = new ArrayList<>();
        String after = null;
        do {
            Map<String, Object> d = map(calls.apply("DescribeStream", "{'StreamArn':'" + arn + "'"
                    + (after == null ? "" : ",'ExclusiveStartShardId':'" + after + "'") + "}").get("StreamDescription"));
            for (Object s : list(d.get("Shards"))) out.add(map(s));
            after = (String) d.get("LastEvaluatedShardId");
        } while (after != null);
        return out;
    }

    /** Every record of one shard, from TRIM_HORIZON. */
    List<Map<String, Object>> records(String arn, String shardId) {
        List<Map<String, Object>> out = new ArrayList<>();
        String it = (String) calls.apply("GetShardIterator", "{'StreamArn':'" + arn + "','ShardId':'" + shardId
                + "','ShardIteratorType':'TRIM_HORIZON'}").get("ShardIterator");
        while (it != null) {
            Map<String, Object> page = calls.apply("GetRecords", "{'ShardIterator':'" + it + "'}");
            List<Object> records = list(page.get("Records"));
            for (Object r : records) out.add(map(r));
            it = (String) page.get("NextShardIterator");
            if (records.isEmpty()) break;
        }
        return out;
    }

    /** Every record of the stream, in sequence-number order. */
    List<Map<String, Object>> all(String arn) {
        List<Map<String, Object>> out = new ArrayList<>();
        for (Map<String, Object> shard : shards(arn)) out.addAll(records(arn, (String) shard.get("ShardId")));
        out.sort((a, b) -> sequence(a).compareTo(sequence(b)));
        return out;
    }

    static BigInteger sequence(Map<String, Object> record) {
        return new BigInteger((String) map(record.get("dynamodb")).get("SequenceNumber"));
    }

    /** "EVENT key" per record, the key being the value of the string attribute {@code keyName}. */
    static List<String> events(List<Map<String, Object>> records, String keyName) {
        List<String> out = new ArrayList<>();
        for (Map<String, Object> r : records) {
            out.add(r.get("eventName") + " " + map(map(map(r.get("dynamodb")).get("Keys")).get(keyName)).get("S"));
        }
        return out;
    }
}
