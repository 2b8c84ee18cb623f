package io.keyline.capacity;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Why a request was rejected: the error DynamoDB would send, its message and the
 * {@code ThrottlingReasons} list (docs/RULES.md#THROTTLE-EXCEPTION, #THROTTLE-REASONS). Immutable. Only rejections create one, so admitted
 * requests allocate nothing for it.
 *
 * @param exceptionType short DynamoDB error name, e.g. ProvisionedThroughputExceededException
 * @param resourceArn   the table's or the index's ARN (an index's even when the call wrote the table)
 * @param partition     index of the throttling partition in its map, or -1 for a table-level limit
 */
public record Throttle(String exceptionType, String message, ThrottlingReason reason, String resourceArn,
                       int partition) {

    /** docs/RULES.md#THROTTLE-EXCEPTION: provisioned tables and indexes. */
    public static final String PROVISIONED_THROUGHPUT_EXCEEDED = "ProvisionedThroughputExceededException";
    /** docs/RULES.md#THROTTLE-EXCEPTION: on-demand tables and indexes, and MaxOnDemand. */
    public static final String THROTTLING = "ThrottlingException";
    /** docs/RULES.md#THROTTLE-EXCEPTION: account-level throughput quota. */
    public static final String REQUEST_LIMIT_EXCEEDED = "RequestLimitExceeded";

    /** docs/RULES.md#THROTTLE-MESSAGES: seen in the wild (amazonka#849, sample-collaborative-ai-dlc#443). */
    public static final String MSG_PROVISIONED_TABLE = "The level of configured provisioned throughput for the "
            + "table was exceeded. Consider increasing your provisioning level with the UpdateTable API.";
    /** The same for a GSI (inferred: wording recalled from the service, verify; docs/RULES.md#THROTTLE-MESSAGES). */
    public static final String MSG_PROVISIONED_INDEX = "The level of configured provisioned throughput for one "
            + "or more global secondary indexes of the table was exceeded. Consider increasing your provisioning "
            + "level for the under-provisioned global secondary indexes with the UpdateTable API";
    /** docs/RULES.md#THROTTLE-MESSAGES: on-demand, seen in the wild (chariot-ui#684, aws-appsync-community#336). */
    public static final String MSG_ON_DEMAND = "Throughput exceeds the current capacity of your table or index. "
            + "DynamoDB is automatically scaling your table or index so please try again shortly. If exceptions "
            + "persist, check if you have a hot key: "
            + "https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/bp-partition-key-design.html";
    /** Message for a configured OnDemandThroughput maximum (inferred, verify: docs/RULES.md#THROTTLE-MESSAGES). */
    public static final String MSG_MAX_ON_DEMAND = "Throughput exceeds the maximum OnDemandThroughput "
            + "configured on table or index";
    /** Account quota message, first sentence as quoted; the rest inferred (docs/RULES.md#THROTTLE-MESSAGES). */
    public static final String MSG_ACCOUNT_LIMIT = "Throughput exceeds the current throughput limit for your "
            + "account. Please contact AWS Support at https://aws.amazon.com/support request a limit increase";

    /** {@code ThrottlingReasons}: a list of {reason, resource}, ready for JSON. */
    public List<Map<String, Object>> throttlingReasons() {
        Map<String, Object> r = new LinkedHashMap<>();
        r.put("reason", reason.wire());
        r.put("resource", resourceArn);
        return List.of(r);
    }

    /** The exception, message and reason DynamoDB sends for this limit (docs/RULES.md#THROTTLE-EXCEPTION). */
    static Throttle of(boolean onDemand, boolean index, boolean write, LimitKind limit, String arn, int partition) {
        ThrottlingReason reason = ThrottlingReason.of(index, write, limit);
        switch (limit) {
            case MAX_ON_DEMAND: return new Throttle(THROTTLING, MSG_MAX_ON_DEMAND, reason, arn, partition);
            case ACCOUNT_LIMIT: return new Throttle(REQUEST_LIMIT_EXCEEDED, MSG_ACCOUNT_LIMIT, reason, arn, partition);
            default:
                if (onDemand) return new Throttle(THROTTLING, MSG_ON_DEMAND, reason, arn, partition);
                return new Throttle(PROVISIONED_THROUGHPUT_EXCEEDED,
                        index ? MSG_PROVISIONED_INDEX : MSG_PROVISIONED_TABLE, reason, arn, partition);
        }
    }
}
