package io.keyline.expr;

import static io.keyline.expr.Fixtures.*;
import static org.assertj.core.api.Assertions.assertThat;

import io.keyline.model.AttributeValue;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ExpressionContextTest {

    @Test void emptyMapsAreRejected() {
        assertValidation(() -> new ExpressionContext(Map.of(), null), "ExpressionAttributeNames must not be empty");
        assertValidation(() -> new ExpressionContext(null, Map.of()), "ExpressionAttributeValues must not be empty");
    }

    @Test void keysMustBeReferences() {
        assertValidation(() -> new ExpressionContext(names("a", "a"), null), "ExpressionAttributeNames contains invalid key: Syntax error; key: \"a\"");
        assertValidation(() -> new ExpressionContext(names("#a-b", "a"), null), "ExpressionAttributeNames contains invalid key: Syntax error; key: \"#a-b\"");
        assertValidation(() -> new ExpressionContext(null, values("b", n(1))), "ExpressionAttributeValues contains invalid key: Syntax error; key: \"b\"");
    }

    @Test void nameValues() {
        assertValidation(() -> new ExpressionContext(names("#name", ""), null),
                "ExpressionAttributeNames contains invalid value: Empty attribute name for key #name");
        new ExpressionContext(names("#name", "x".repeat(65535)), null);
        assertValidationMatching(() -> new ExpressionContext(names("#name", "x".repeat(65536)), null),
                "ExpressionAttributeNames contains invalid value: .*65536.*#name");
    }

    @Test void fromRequestWrapsValueErrors() {
        ExpressionContext ctx = context("{'ExpressionAttributeNames': {'#a': 'a'}, "
                + "'ExpressionAttributeValues': {':v': {'N': '1'}}, 'ConditionExpression': '#a = :v'}");
        assertThat(ctx.condition("#a = :v", "ConditionExpression").test(item("a", n(1)))).isTrue();
        ctx.checkAllUsed();
        assertValidation(() -> context("{'ExpressionAttributeValues': {':v': {'SS': []}}}"),
                "ExpressionAttributeValues contains invalid value: One or more parameter values were invalid: An string set  may not be empty for key :v");
        assertValidation(() -> context("{'ExpressionAttributeValues': {':v': {}}}"),
                "ExpressionAttributeValues contains invalid value: Supplied AttributeValue is empty, must contain exactly one of the supported datatypes for key :v");
        assertValidation(() -> context("{'ExpressionAttributeValues': {}}"), "ExpressionAttributeValues must not be empty");
        assertValidation(() -> context("{'ExpressionAttributeNames': {}, 'ExpressionAttributeValues': {}}"),
                "ExpressionAttributeNames must not be empty");
        assertValidation(() -> context("{'ExpressionAttributeValues': {'b': {'S': 'a'}}}"),
                "ExpressionAttributeValues contains invalid key: Syntax error; key: \"b\"");
    }

    @Test void unusedCheckSpansAllExpressionsOfTheRequest() {
        ExpressionContext ctx = new ExpressionContext(names("#n1", "p", "#n2", "a"), values(":v", s("x")));
        ctx.condition("#n1 = :v", "KeyConditionExpression");
        ctx.projection("#n2");
        ctx.checkAllUsed();
    }

    @Test void namesAreReportedBeforeValues() {
        ExpressionContext ctx = new ExpressionContext(names("#n", "a", "#x", "b"), values(":v", n(1), ":w", n(2)));
        ctx.update("SET #n = :v");
        assertValidation(ctx::checkAllUsed, "Value provided in ExpressionAttributeNames unused in expressions: keys: {#x}");
    }

    @Test void namesUsedOnlyOnTheRightOfSetCount() {
        ExpressionContext ctx = new ExpressionContext(names("#one", "c", "#two", "a"), null);
        Update u = ctx.update("SET #one = #two");
        ctx.checkAllUsed();
        assertThat(u.apply(item("a", s("hello"))).item()).isEqualTo(item("a", s("hello"), "c", s("hello")));
    }

    @Test void parseCacheSharesUnresolvedTrees() {
        ParseCache cache = new ParseCache(2);
        Map<String, AttributeValue> v1 = values(":v", n(1));
        Map<String, AttributeValue> v2 = values(":v", n(2));
        Condition c1 = new ExpressionContext(null, v1, cache).condition("a = :v", "ConditionExpression");
        Condition c2 = new ExpressionContext(null, v2, cache).condition("a = :v", "FilterExpression");
        assertThat(cache.size()).isEqualTo(1);
        assertThat(c1.test(item("a", n(1)))).isTrue();
        assertThat(c2.test(item("a", n(1)))).isFalse();
        new ExpressionContext(null, v1, cache).update("SET a = :v");
        new ExpressionContext(null, null, cache).projection("a");
        assertThat(cache.size()).isEqualTo(2);
    }

    @Test void failedParsesAreNotCachedAndNameTheirParameter() {
        ParseCache cache = new ParseCache(8);
        assertValidationMatching(() -> new ExpressionContext(null, null, cache).condition("a !", "ConditionExpression"),
                "Invalid ConditionExpression: Syntax error.*");
        assertValidationMatching(() -> new ExpressionContext(null, null, cache).condition("a !", "FilterExpression"),
                "Invalid FilterExpression: Syntax error.*");
        assertThat(cache.size()).isZero();
    }

    @Test void reservedWordListIsComplete() {
        assertThat(ReservedWords.count()).isEqualTo(573);
        assertThat(ReservedWords.isReserved("abort")).isTrue();
        assertThat(ReservedWords.isReserved("Zone")).isTrue();
        assertThat(ReservedWords.isReserved("alnum")).isFalse();
    }
}
