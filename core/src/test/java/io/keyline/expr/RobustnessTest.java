package io.keyline.expr;

import static io.keyline.expr.Fixtures.*;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import io.keyline.error.ApiException;
import io.keyline.model.AttributeValue;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Random token soup (seeded, so failures reproduce) must only ever produce DynamoDB's
 * ValidationException, never another exception: bad input gets an error message, not a crash.
 */
class RobustnessTest {
    private static final List<String> TOKENS = List.of("a", "b", "#n", ":v", ":l", "(", ")", "[", "]", "0", "12", ".", ",", "=", "<>",
            "<", "<=", ">", ">=", "+", "-", "AND", "OR", "NOT", "BETWEEN", "IN", "SET", "REMOVE", "ADD", "DELETE", "size",
            "contains", "begins_with", "attribute_exists", "attribute_type", "if_not_exists", "list_append", "!", "_", "#", ":", " ");
    private static final Map<String, AttributeValue> ITEM = item("a", l(n(1), m("b", s("x"))), "b", n(3), "x", ss("q"));

    private static String soup(Random r) {
        StringBuilder sb = new StringBuilder();
        int n = 1 + r.nextInt(14);
        for (int i = 0; i < n; i++) sb.append(TOKENS.get(r.nextInt(TOKENS.size()))).append(r.nextBoolean() ? " " : "");
        return sb.toString();
    }

    private static void onlyValidationErrors(Runnable r, String text) {
        try {
            r.run();
        } catch (ApiException e) {
            assertThat(e.name()).as(text).isEqualTo("ValidationException");
        } catch (RuntimeException | StackOverflowError e) {
            fail("'" + text + "' threw " + e);
        }
    }

    @Test void randomExpressionsFailCleanly() {
        Random random = new Random(20261130L);
        int accepted = 0;
        for (int i = 0; i < 5000; i++) {
            String text = soup(random);
            int[] ok = {0};
            onlyValidationErrors(() -> {
                ExpressionContext ctx = new ExpressionContext(names("#n", "x"), values(":v", n(1), ":l", l(n(2))));
                Condition c = ctx.condition(text, "FilterExpression");
                ok[0]++;
                c.test(ITEM);
                c.test(null);
            }, text);
            onlyValidationErrors(() -> {
                ExpressionContext ctx = new ExpressionContext(names("#n", "x"), values(":v", n(1), ":l", l(n(2))));
                Update u = ctx.update(text);
                ok[0]++;
                u.apply(ITEM);
            }, text);
            onlyValidationErrors(() -> {
                Projection p = new ExpressionContext(names("#n", "x"), null).projection(text);
                ok[0]++;
                p.apply(ITEM);
            }, text);
            accepted += ok[0];
        }
        assertThat(accepted).as("some random expressions parse").isGreaterThan(25);
    }
}
