package io.keyline.simulator.scenario;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads attribute specs and their generators from a schema-valid document, checking what the
 * schema cannot: a {@code when} or a calculated shard names an attribute made earlier, a time
 * format is valid, a number attribute gets numbers, hot keys fit in the count. Every problem is
 * a {@link ScenarioException} at the offending line. Used while loading only; not thread-safe.
 */
final class GeneratorReader {
    private static final String[] GENERATORS = {"value", "uniform", "zipf", "hot", "time", "sequence", "sharded", "choice", "random", "size"};

    private final YamlDocument doc;
    private final long scenarioSeed;

    GeneratorReader(YamlDocument doc, long scenarioSeed) {
        this.doc = doc;
        this.scenarioSeed = scenarioSeed;
    }

    /**
     * The attributes of a mapping (a template, a key, a values map), in file order.
     *
     * @param what how the error messages name the mapping, e.g. "template 'order'"
     */
    List<AttributeSpec> attributes(JsonNode mapping, String pointer, String what) throws ScenarioException {
        List<AttributeSpec> out = new ArrayList<>();
        List<String> earlier = new ArrayList<>();
        var fields = mapping.fields();
        while (fields.hasNext()) {
            var f = fields.next();
            String at = pointer + "/" + YamlDocument.escape(f.getKey());
            out.add(attribute(f.getKey(), f.getValue(), at, what, earlier));
            earlier.add(f.getKey());
        }
        return out;
    }

    private AttributeSpec attribute(String name, JsonNode spec, String at, String what, List<String> earlier)
            throws ScenarioException {
        AttributeSpec.Type type = AttributeSpec.Type.valueOf(spec.path("type").asText("S"));
        double presence = spec.path("presence").asDouble(1.0);
        Map<String, String> when = new LinkedHashMap<>();
        JsonNode w = spec.get("when");
        if (w != null) {
            var it = w.fields();
            while (it.hasNext()) {
                var e = it.next();
                if (!earlier.contains(e.getKey())) {
                    throw doc.error(at + "/when/" + YamlDocument.escape(e.getKey()), what + ": attribute '" + name
                            + "' is present when '" + e.getKey() + "' is " + e.getValue().asText()
                            + ", but '" + e.getKey() + "' is not made before it" + listOf(" (made before it: ", earlier, ")"));
                }
                when.put(e.getKey(), e.getValue().asText());
            }
        }
        ValueGenerator g = generator(spec, at, what + ", attribute '" + name + "'", type, earlier);
        return new AttributeSpec(name, type, presence, Map.copyOf(when), g);
    }

    /** The one generator key of {@code spec} (an attribute, or a sharded generator's base). */
    ValueGenerator generator(JsonNode spec, String at, String what, AttributeSpec.Type type, List<String> earlier)
            throws ScenarioException {
        for (String key : GENERATORS) {
            JsonNode g = spec.get(key);
            if (g == null) continue;
            String gAt = at + "/" + key;
            return switch (key) {
                case "value" -> constant(g, gAt, what, type);
                case "size" -> random(g.asInt(), type, gAt, what);
                case "random" -> random(g.get("size").asInt(), type, gAt, what);
                case "uniform" -> new ValueGenerator.Uniform(g.get("count").asLong(), text(g, gAt, what, type));
                case "zipf" -> ZipfGenerator.of(g.get("count").asLong(), g.get("exponent").asDouble(), text(g, gAt, what, type));
                case "hot" -> hot(g, gAt, what, type);
                case "sequence" -> new ValueGenerator.Sequence(g.path("start").asLong(0), g.path("step").asLong(1), text(g, gAt, what, type));
                case "time" -> time(g, gAt, what, type);
                case "sharded" -> sharded(g, gAt, what, type, earlier);
                case "choice" -> choice(g, gAt, what, type);
                default -> throw new IllegalStateException(key);
            };
        }
        throw doc.error(at, what + " has no generator: give one of value, uniform, zipf, hot, time, sequence, sharded, choice, random, or a size");
    }

    private ValueGenerator constant(JsonNode g, String at, String what, AttributeSpec.Type type) throws ScenarioException {
        String v = g.isNumber() ? g.decimalValue().toPlainString() : g.asText();
        checkValue(v, type, at, what);
        return new ValueGenerator.Constant(v);
    }

    private ValueGenerator random(int size, AttributeSpec.Type type, String at, String what) throws ScenarioException {
        if (type != AttributeSpec.Type.S && type != AttributeSpec.Type.B) {
            throw doc.error(at, what + " is of type " + type + ": random content (size) is for S or B attributes");
        }
        return new RandomContent(size, type == AttributeSpec.Type.B, Draw.mix(scenarioSeed ^ StableHash.of(at)));
    }

    private ValueGenerator.NumberText text(JsonNode g, String at, String what, AttributeSpec.Type type) throws ScenarioException {
        String prefix = g.path("prefix").asText("");
        if (!prefix.isEmpty() && type != AttributeSpec.Type.S) {
            throw doc.error(at + "/prefix", what + " is of type " + type + ", so its values cannot have a prefix ('" + prefix + "'); make it type S");
        }
        if (type == AttributeSpec.Type.BOOL || type == AttributeSpec.Type.B) {
            throw doc.error(at, what + " is of type " + type + ": numbered values are for S or N attributes");
        }
        return new ValueGenerator.NumberText(prefix, g.path("pad").asInt(0));
    }

    private ValueGenerator hot(JsonNode g, String at, String what, AttributeSpec.Type type) throws ScenarioException {
        long count = g.get("count").asLong();
        long keys = g.get("keys").asLong();
        if (keys > count) throw doc.error(at + "/keys", what + ": " + keys + " hot keys out of only " + count + " values; keys must be at most count");
        return new ValueGenerator.HotKeys(count, keys, g.get("fraction").asDouble(), text(g, at, what, type));
    }

    private ValueGenerator time(JsonNode g, String at, String what, AttributeSpec.Type type) throws ScenarioException {
        String format = g.get("format").asText();
        String prefix = g.path("prefix").asText("");
        boolean epoch = format.equals(TimeGenerator.EPOCH_SECONDS) || format.equals(TimeGenerator.EPOCH_MILLIS);
        if (type == AttributeSpec.Type.N && (!epoch || !prefix.isEmpty())) {
            throw doc.error(at + "/format", what + " is of type N: use format epochSeconds or epochMillis without a prefix, or make it type S");
        }
        try {
            return new TimeGenerator(format, prefix);
        } catch (IllegalArgumentException e) {
            throw doc.error(at + "/format", what + ": '" + format + "' is not a date-time pattern (" + e.getMessage()
                    + "); e.g. yyyy-MM-dd, yyyy-MM-dd'T'HH, or epochSeconds");
        }
    }

    private ValueGenerator sharded(JsonNode g, String at, String what, AttributeSpec.Type type, List<String> earlier)
            throws ScenarioException {
        if (type != AttributeSpec.Type.S) throw doc.error(at, what + " is of type " + type + ": a sharded value is text, so make it type S");
        ValueGenerator base = generator(g.get("base"), at + "/base", what + " (its base)", AttributeSpec.Type.S, earlier);
        int shards = g.get("shards").asInt();
        ShardedGenerator.Suffix suffix = ShardedGenerator.Suffix.valueOf(g.path("suffix").asText("random").toUpperCase());
        String from = g.path("from").asText(null);
        if (suffix == ShardedGenerator.Suffix.CALCULATED) {
            if (from == null) throw doc.error(at + "/suffix", what + ": a calculated suffix needs 'from', the attribute whose value is hashed");
            if (!earlier.contains(from)) {
                throw doc.error(at + "/from", what + ": the suffix is calculated from '" + from + "', which is not made before it"
                        + listOf(" (made before it: ", earlier, ")"));
            }
        } else if (from != null) {
            throw doc.error(at + "/from", what + ": 'from' is for suffix: calculated, and this suffix is " + suffix.name().toLowerCase());
        }
        return new ShardedGenerator(base, shards, suffix, from, g.path("separator").asText("#"),
                new ValueGenerator.NumberText("", g.path("pad").asInt(0)));
    }

    private ValueGenerator choice(JsonNode g, String at, String what, AttributeSpec.Type type) throws ScenarioException {
        List<String> values = new ArrayList<>();
        List<Double> weights = new ArrayList<>();
        var it = g.fields();
        while (it.hasNext()) {
            var e = it.next();
            checkValue(e.getKey(), type, at + "/" + YamlDocument.escape(e.getKey()), what);
            values.add(e.getKey());
            weights.add(e.getValue().asDouble());
        }
        double[] w = new double[weights.size()];
        for (int i = 0; i < w.length; i++) w[i] = weights.get(i);
        return WeightedChoice.of(values.toArray(String[]::new), w);
    }

    private void checkValue(String v, AttributeSpec.Type type, String at, String what) throws ScenarioException {
        boolean ok = switch (type) {
            case N -> AttributeSpec.isNumber(v);
            case BOOL -> v.equals("true") || v.equals("false");
            default -> true;
        };
        if (!ok) throw doc.error(at, what + " is of type " + type + ", and '" + v + "' is not a " + (type == AttributeSpec.Type.N ? "number" : "boolean"));
    }

    static String listOf(String before, List<String> names, String after) {
        if (names.isEmpty()) return "";
        return before + "'" + String.join("', '", names) + "'" + after;
    }
}
