package io.keyline.simulator.scenario;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import com.networknt.schema.path.NodePath;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Comparator;
import java.util.List;

/**
 * The scenario file's JSON Schema ({@code scenario.schema.json}, draft 2020-12, on the class path
 * and in the source tree for editors) and the check of a document against it.
 *
 * <p>Of several schema errors the one reported is the one deepest in the document (the most
 * specific: "'count' is missing in patterns/2/key/id/uniform" beats "patterns/2 is invalid"), the
 * first in the file among equals. The compiled schema is immutable and shared; thread-safe.
 */
final class ScenarioSchema {
    static final String RESOURCE = "/scenario.schema.json";
    private static final JsonNode SCHEMA_TEXT = read();
    private static final Schema SCHEMA = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12).getSchema(SCHEMA_TEXT);

    private ScenarioSchema() {}

    private static JsonNode read() {
        try (InputStream in = ScenarioSchema.class.getResourceAsStream(RESOURCE)) {
            if (in == null) throw new IllegalStateException(RESOURCE + " is not on the class path");
            return new ObjectMapper().readTree(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** @throws ScenarioException for the most specific violation, naming its line */
    static void check(YamlDocument doc) throws ScenarioException {
        List<Error> errors = SCHEMA.validate(doc.root());
        if (errors.isEmpty()) return;
        Error worst = errors.stream()
                .min(Comparator.<Error>comparingInt(e -> -depth(where(e)))
                        .thenComparingInt(e -> doc.line(where(e))))
                .orElseThrow();
        String where = where(worst);
        throw doc.error(where, describe(pointer(worst.getInstanceLocation()), worst));
    }

    /** Where the error is: the object, or for a key that is not allowed there, the key itself. */
    private static String where(Error e) {
        String at = pointer(e.getInstanceLocation());
        String keyword = e.getKeyword();
        if (e.getProperty() != null && ("additionalProperties".equals(keyword) || "unevaluatedProperties".equals(keyword))) {
            return at + "/" + YamlDocument.escape(e.getProperty());
        }
        return at;
    }

    private static int depth(String pointer) {
        int n = 0;
        for (int i = 0; i < pointer.length(); i++) if (pointer.charAt(i) == '/') n++;
        return n;
    }

    static String pointer(NodePath path) {
        if (path == null) return "";
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < path.getNameCount(); i++) {
            Object e = path.getElement(i);
            b.append('/').append(e instanceof Integer ? e.toString() : YamlDocument.escape(String.valueOf(e)));
        }
        return b.toString();
    }

    /**
     * The error as a sentence: the place in the file as a path, what is wrong in plain words for
     * the common cases (a member not allowed, one missing, a value not in a list), else the
     * validator's words; for a value that fits none of several forms, the schema's description of
     * what fits.
     */
    private static String describe(String pointer, Error e) {
        String place = pointer.isEmpty() ? "the file" : pointer.substring(1);
        String keyword = e.getKeyword() == null ? "" : e.getKeyword();
        String what = switch (keyword) {
            case "additionalProperties", "unevaluatedProperties" ->
                    "'" + e.getProperty() + "' is not allowed here (misspelt, or in the wrong place?)";
            case "required" -> "'" + e.getProperty() + "' is missing";
            case "enum" -> "'" + e.getInstanceNode().asText() + "' is not one of " + values(e.getSchemaNode());
            case "oneOf", "anyOf" -> "this fits none (or more than one) of the forms it may take" + hint(e);
            default -> validatorWords(e) + hint(e);
        };
        return place + ": " + what + " (see scenario.schema.json)";
    }

    private static String values(JsonNode list) {
        if (list == null || !list.isArray()) return "the allowed values";
        StringBuilder b = new StringBuilder();
        for (JsonNode v : list) b.append(b.isEmpty() ? "" : ", ").append(v.asText());
        return b.toString();
    }

    private static String validatorWords(Error e) {
        String message = e.getMessage();
        String loc = e.getInstanceLocation() == null ? "" : e.getInstanceLocation().toString();
        if (!loc.isEmpty() && message.startsWith(loc)) message = message.substring(loc.length()).trim();
        if (message.startsWith(":")) message = message.substring(1).trim();
        return message;
    }

    /** The description of the schema element the failed keyword belongs to, as "; expected: ...". */
    private static String hint(Error e) {
        if (e.getSchemaLocation() == null || e.getSchemaLocation().getFragment() == null) return "";
        NodePath fragment = e.getSchemaLocation().getFragment();
        JsonNode node = SCHEMA_TEXT;
        for (int i = 0; i < fragment.getNameCount() - 1 && node != null; i++) {
            Object step = fragment.getElement(i);
            node = step instanceof Integer n ? node.get(n) : node.get(String.valueOf(step));
        }
        JsonNode description = node == null ? null : node.get("description");
        return description == null ? "" : "; expected: " + description.asText();
    }
}
