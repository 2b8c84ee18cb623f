package io.keyline.op;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.keyline.error.ApiException;
import io.keyline.protocol.Json;
import io.keyline.protocol.JsonObject;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

/**
 * Requests of the PartiQL operations for the tests: a statement is written as it would be typed
 * (single-quoted strings, double-quoted names) and JSON-escaped here, while the rest of the
 * request uses the tests' single-quote JSON.
 */
final class PartiqlCalls {
    private final ControlPlane cp;

    PartiqlCalls(ControlPlane cp) { this.cp = cp; }

    static String quoted(String statement) {
        return "\"" + statement.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }

    /** {@code {"Statement": statement, <rest>}}, rest in single-quote JSON ("" for none). */
    static JsonObject statement(String statement, String rest) {
        String json = "{\"Statement\":" + quoted(statement) + (rest.isEmpty() ? "" : "," + rest.replace('\'', '"')) + "}";
        return JsonObject.of(Json.parse(json.getBytes(StandardCharsets.UTF_8)));
    }

    /** A list of {@code {"Statement": ...}} members, each statement with its own rest. */
    static String members(String... statementsAndRests) {
        StringBuilder sb = new StringBuilder("[");
        for (int i = 0; i < statementsAndRests.length; i += 2) {
            if (i > 0) sb.append(',');
            String rest = statementsAndRests[i + 1];
            sb.append("{\"Statement\":").append(quoted(statementsAndRests[i]))
                    .append(rest.isEmpty() ? "" : "," + rest.replace('\'', '"')).append('}');
        }
        return sb.append(']').toString();
    }

    @SuppressWarnings("unchecked")
    Map<String, Object> run(String op, JsonObject request) {
        Object response = cp.operations.dispatch(op, request);
        return (Map<String, Object>) Json.parse(Json.write(response));
    }

    ApiException fail(String op, JsonObject request) {
        ApiException e = catchThrowableOfType(() -> cp.operations.dispatch(op, request), ApiException.class);
        assertThat(e).as("expected %s to fail", op).isNotNull();
        return e;
    }

    Map<String, Object> execute(String statement) { return execute(statement, ""); }

    Map<String, Object> execute(String statement, String rest) { return run("ExecuteStatement", statement(statement, rest)); }

    ApiException executeFails(String statement) { return executeFails(statement, ""); }

    ApiException executeFails(String statement, String rest) { return fail("ExecuteStatement", statement(statement, rest)); }

    /** A request whose member list is raw JSON: {@code {"<listName>": members, <rest>}}. */
    static JsonObject list(String listName, String members, String rest) {
        String json = "{\"" + listName + "\":" + members + (rest.isEmpty() ? "" : "," + rest.replace('\'', '"')) + "}";
        return JsonObject.of(Json.parse(json.getBytes(StandardCharsets.UTF_8)));
    }

    @SuppressWarnings("unchecked")
    static List<Map<String, Object>> items(Map<String, Object> response) {
        return (List<Map<String, Object>>) response.get("Items");
    }
}
