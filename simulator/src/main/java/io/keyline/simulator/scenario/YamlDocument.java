package io.keyline.simulator.scenario;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.util.HashMap;
import java.util.Map;

/**
 * A YAML file read into a JSON tree that remembers, for every node, the line it starts on, so a
 * schema error or a rule broken anywhere in the file can name its line.
 *
 * <p>Invariants: nodes are addressed by JSON Pointer ({@code /patterns/0/rate}); {@link #line}
 * falls back to the nearest enclosing node that has a line. A key given twice in one mapping is
 * an error (YAML forbids it; silently keeping the last would hide a typo). Immutable once read.
 */
final class YamlDocument {
    private static final YAMLFactory YAML = new YAMLFactory();

    private final String fileName;
    private final JsonNode root;
    private final Map<String, Integer> lines;

    private YamlDocument(String fileName, JsonNode root, Map<String, Integer> lines) {
        this.fileName = fileName;
        this.root = root;
        this.lines = lines;
    }

    static YamlDocument parse(String fileName, String text) throws ScenarioException {
        Map<String, Integer> lines = new HashMap<>();
        try (JsonParser parser = YAML.createParser(text)) {
            JsonToken first = parser.nextToken();
            if (first == null) throw new ScenarioException(fileName, 0, "the file is empty");
            JsonNode root = read(parser, "", lines, fileName);
            return new YamlDocument(fileName, root, lines);
        } catch (IOException e) {
            int line = 0;
            if (e instanceof com.fasterxml.jackson.core.JsonProcessingException p && p.getLocation() != null) {
                line = Math.max(0, p.getLocation().getLineNr());
            }
            String why = e instanceof com.fasterxml.jackson.core.JsonProcessingException p ? p.getOriginalMessage() : e.getMessage();
            throw new ScenarioException(fileName, line, "this is not valid YAML: " + firstLine(why));
        }
    }

    /** SnakeYAML's context and problem lines ("while parsing a flow mapping", "expected ',' or '}'"), without its excerpt of the file. */
    private static String firstLine(String s) {
        if (s == null) return "unreadable";
        StringBuilder b = new StringBuilder();
        for (String line : s.split("\n")) {
            String t = line.trim();
            if (t.isEmpty() || t.startsWith("in '") || t.startsWith("^") || line.startsWith("    ")) continue;
            b.append(b.isEmpty() ? "" : "; ").append(t);
        }
        return b.isEmpty() ? s.trim() : b.toString();
    }

    /** Reads the value whose first token the parser is on, recording its line under {@code path}. */
    private static JsonNode read(JsonParser p, String path, Map<String, Integer> lines, String fileName)
            throws IOException, ScenarioException {
        lines.putIfAbsent(path, p.currentTokenLocation().getLineNr());
        JsonNodeFactory f = JsonNodeFactory.instance;
        switch (p.currentToken()) {
            case START_OBJECT -> {
                ObjectNode o = f.objectNode();
                while (p.nextToken() == JsonToken.FIELD_NAME) {
                    String name = p.currentName();
                    String child = path + "/" + escape(name);
                    int keyLine = p.currentTokenLocation().getLineNr();
                    if (o.has(name)) throw new ScenarioException(fileName, keyLine, "'" + name + "' is given twice here");
                    lines.put(child, keyLine);
                    p.nextToken();
                    o.set(name, read(p, child, lines, fileName));
                }
                return o;
            }
            case START_ARRAY -> {
                ArrayNode a = f.arrayNode();
                int i = 0;
                while (p.nextToken() != JsonToken.END_ARRAY) {
                    a.add(read(p, path + "/" + i, lines, fileName));
                    i++;
                }
                return a;
            }
            case VALUE_STRING -> { return f.textNode(p.getText()); }
            case VALUE_NUMBER_INT -> { return f.numberNode(p.getBigIntegerValue()); }
            case VALUE_NUMBER_FLOAT -> { return f.numberNode(p.getDecimalValue()); }
            case VALUE_TRUE -> { return f.booleanNode(true); }
            case VALUE_FALSE -> { return f.booleanNode(false); }
            case VALUE_NULL -> { return f.nullNode(); }
            default -> { return f.textNode(p.getText()); }
        }
    }

    /** JSON Pointer's escaping of a key: '~' as ~0, '/' as ~1. */
    static String escape(String key) {
        return key.replace("~", "~0").replace("/", "~1");
    }

    String fileName() { return fileName; }

    JsonNode root() { return root; }

    /** The line of the node at {@code pointer}, or of its nearest ancestor that has one; 0 if none. */
    int line(String pointer) {
        String p = pointer;
        while (true) {
            Integer l = lines.get(p);
            if (l != null) return l;
            if (p.isEmpty()) return 0;
            int slash = p.lastIndexOf('/');
            p = slash <= 0 ? "" : p.substring(0, slash);
        }
    }

    /** A problem at {@code pointer}, as the user reads it. */
    ScenarioException error(String pointer, String message) {
        return new ScenarioException(fileName, line(pointer), message);
    }
}
