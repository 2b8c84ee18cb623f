package io.keyline.expr;

import io.keyline.model.AttributeValue;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The expressions of one request and their ExpressionAttributeNames and
 * ExpressionAttributeValues. Each expression is parsed (through the shared cache), resolved and
 * validated on the way in; {@link #checkAllUsed()} then rejects unused names and values, as
 * DynamoDB does after parsing every expression of the request. One instance per request; not
 * thread-safe. The returned Condition, Update and Projection are immutable.
 */
public final class ExpressionContext {
    private static final Pattern NAME_KEY = Pattern.compile("#[0-9A-Za-z_]+");
    private static final Pattern VALUE_KEY = Pattern.compile(":[0-9A-Za-z_]+");

    private final Map<String, String> names;
    private final Map<String, AttributeValue> values;
    private final Resolver resolver;
    private final ParseCache cache;

    /** Validates the maps as DynamoDB does before it looks at any expression; either may be null. */
    public ExpressionContext(Map<String, String> names, Map<String, AttributeValue> values) {
        this(names, values, ParseCache.shared());
    }

    ExpressionContext(Map<String, String> names, Map<String, AttributeValue> values, ParseCache cache) {
        this.names = names;
        this.values = values;
        this.cache = cache;
        validateNames(names);
        validateValues(values);
        this.resolver = new Resolver(names, values);
    }

    /**
     * The checks on ExpressionAttributeNames the constructor runs first, for a request whose
     * values could not all be decoded: DynamoDB reports bad names before bad values.
     */
    public static void validateNames(Map<String, String> names) {
        if (names == null) return;
        if (names.isEmpty()) throw ExprErrors.validation("ExpressionAttributeNames must not be empty");
        for (Map.Entry<String, String> e : names.entrySet()) {
            if (!NAME_KEY.matcher(e.getKey()).matches()) {
                throw ExprErrors.validation("ExpressionAttributeNames contains invalid key: Syntax error; key: \"" + e.getKey() + "\"");
            }
            String v = e.getValue();
            if (v == null || v.isEmpty()) {
                throw ExprErrors.validation("ExpressionAttributeNames contains invalid value: Empty attribute name for key " + e.getKey());
            }
            if (v.getBytes(StandardCharsets.UTF_8).length > ExprLimits.MAX_ATTRIBUTE_NAME_BYTES) {
                throw ExprErrors.validation("ExpressionAttributeNames contains invalid value: Attribute name is too large, must be less than "
                        + (ExprLimits.MAX_ATTRIBUTE_NAME_BYTES + 1) + " bytes for key " + e.getKey());
            }
        }
    }

    private static void validateValues(Map<String, AttributeValue> values) {
        if (values != null) validateValueKeys(values.keySet());
    }

    /** The checks on ExpressionAttributeValues' keys the constructor runs after the names'. */
    public static void validateValueKeys(Collection<String> keys) {
        if (keys.isEmpty()) throw ExprErrors.validation("ExpressionAttributeValues must not be empty");
        for (String key : keys) {
            if (!VALUE_KEY.matcher(key).matches()) {
                throw ExprErrors.validation("ExpressionAttributeValues contains invalid key: Syntax error; key: \"" + key + "\"");
            }
        }
    }

    /** Parses, resolves and validates a ConditionExpression or FilterExpression. */
    public Condition condition(String text, String parameterName) {
        checkText(text, parameterName);
        ConditionParser.Result parsed = cache.get('C', text, () -> ConditionParser.parse(text, parameterName));
        return new Condition(ConditionCompiler.compile(parsed, resolver, parameterName));
    }

    /** Parses, resolves and validates an UpdateExpression. */
    public Update update(String text) {
        checkText(text, UpdateCompiler.PARAMETER);
        UpdateParser.Result parsed = cache.get('U', text, () -> UpdateParser.parse(text, UpdateCompiler.PARAMETER));
        return new Update(UpdateCompiler.compile(parsed, resolver));
    }

    /** Parses, resolves and validates a ProjectionExpression. */
    public Projection projection(String text) {
        String parameter = "ProjectionExpression";
        checkText(text, parameter);
        List<DocumentPath> parsed = cache.get('P', text, () -> ProjectionParser.parse(text, parameter));
        for (DocumentPath p : parsed) {
            String reserved = Walk.reservedWord(p);
            if (reserved != null) throw ExprErrors.invalid(parameter, "Attribute name is a reserved keyword; reserved keyword: " + reserved);
        }
        Resolver.Missing missing = new Resolver.Missing();
        List<DocumentPath> resolved = new ArrayList<>(parsed.size());
        for (DocumentPath p : parsed) resolved.add(resolver.path(p, missing));
        if (missing.first != null) throw ExprErrors.invalid(parameter, missing.first);
        PathOverlap.check(resolved, parameter);
        return Projection.of(resolved);
    }

    private static void checkText(String text, String parameter) {
        if (text.isEmpty()) throw ExprErrors.invalid(parameter, "The expression can not be empty;");
        int size = text.getBytes(StandardCharsets.UTF_8).length;
        if (size > ExprLimits.MAX_EXPRESSION_BYTES) {
            throw ExprErrors.invalid(parameter, "Expression size has exceeded the maximum allowed size; expression size: " + size);
        }
    }

    /** Rejects names and values that no expression of this request used. */
    public void checkAllUsed() {
        if (names != null) {
            List<String> unused = new ArrayList<>();
            for (String k : names.keySet()) if (!resolver.usedNames().contains(k)) unused.add(k);
            if (!unused.isEmpty()) {
                throw ExprErrors.validation("Value provided in ExpressionAttributeNames unused in expressions: keys: {" + String.join(", ", unused) + "}");
            }
        }
        if (values != null) {
            List<String> unused = new ArrayList<>();
            for (String k : values.keySet()) if (!resolver.usedValues().contains(k)) unused.add(k);
            if (!unused.isEmpty()) {
                throw ExprErrors.validation("Value provided in ExpressionAttributeValues unused in expressions: keys: {" + String.join(", ", unused) + "}");
            }
        }
    }
}
