package io.keyline.sdk;

import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;

/**
 * The little of DynamoDB's expression syntax that {@link ShardedQuery} must read: which value
 * placeholder the key condition compares the sharded attribute with, and whether a projection
 * names the sort key. Names are resolved through ExpressionAttributeNames. Stateless.
 */
final class QueryExpressions {
    private static final String NAME = "(#[A-Za-z0-9_]+|[A-Za-z_][A-Za-z0-9_]*)";
    private static final String VALUE = "(:[A-Za-z0-9_]+)";
    private static final Pattern NAME_EQUALS_VALUE = Pattern.compile(NAME + "\\s*=\\s*" + VALUE);
    private static final Pattern VALUE_EQUALS_NAME = Pattern.compile(VALUE + "\\s*=\\s*" + NAME);

    private QueryExpressions() {}

    /** The placeholder in {@code attribute = :p} (or {@code :p = attribute}) of the key condition. */
    static String keyValuePlaceholder(QueryRequest request, String attribute) {
        String condition = request.keyConditionExpression();
        if (condition == null) {
            throw new IllegalArgumentException("a sharded query needs a KeyConditionExpression (the legacy KeyConditions are not rewritten)");
        }
        Map<String, String> names = request.expressionAttributeNames();
        Matcher m = NAME_EQUALS_VALUE.matcher(condition);
        while (m.find()) if (attribute.equals(resolve(m.group(1), names))) return m.group(2);
        m = VALUE_EQUALS_NAME.matcher(condition);
        while (m.find()) if (attribute.equals(resolve(m.group(2), names))) return m.group(1);
        throw new IllegalArgumentException("the key condition '" + condition + "' does not compare '" + attribute
                + "' with a value placeholder; name it with partitionKeyPlaceholder");
    }

    /** Whether the ProjectionExpression names {@code attribute} at its top level. */
    static boolean projects(QueryRequest request, String attribute) {
        for (String path : request.projectionExpression().split(",")) {
            String head = path.trim().split("[.\\[]", 2)[0].trim();
            if (attribute.equals(resolve(head, request.expressionAttributeNames()))) return true;
        }
        return false;
    }

    private static String resolve(String name, Map<String, String> names) {
        return name.startsWith("#") ? names.get(name) : name;
    }
}
