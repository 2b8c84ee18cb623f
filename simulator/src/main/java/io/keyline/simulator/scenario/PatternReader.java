package io.keyline.simulator.scenario;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads the access patterns and checks each against the tables and templates: the table, index
 * and template it names exist; the operation gets the members it needs and none it would ignore;
 * its keys cover the table's or index's key attributes; its rate is above zero somewhere.
 * Loading only; not thread-safe.
 */
final class PatternReader {
    /** A stream whose items others may read back: a preload or an item-writing pattern. */
    record Writer(String table, ItemTemplate template, long streamSeed, KeyReuse.WrittenCount written) {}

    private final YamlDocument doc;
    private final GeneratorReader generators;
    private final RateReader rates;
    private final Map<String, TableShape> tables;
    private final Map<String, ItemTemplate> templates;
    private final Map<String, String> templatePointers;
    private final long seed;
    private final long durationNanos;

    PatternReader(YamlDocument doc, GeneratorReader generators, RateReader rates, Map<String, TableShape> tables,
            Map<String, ItemTemplate> templates, Map<String, String> templatePointers, long seed, long durationNanos) {
        this.doc = doc;
        this.generators = generators;
        this.rates = rates;
        this.tables = tables;
        this.templates = templates;
        this.templatePointers = templatePointers;
        this.seed = seed;
        this.durationNanos = durationNanos;
    }

    /** @param writers the preloads' streams; the item-writing patterns are added to it */
    List<PatternPlan> read(Map<String, Writer> writers) throws ScenarioException {
        JsonNode list = doc.root().get("patterns");
        Set<String> names = new HashSet<>();
        List<RateCurve> curves = new ArrayList<>();
        List<Double> peaks = new ArrayList<>();
        // First pass: names, rates and writers, so that keysFrom may name a pattern further down.
        for (int i = 0; i < list.size(); i++) {
            JsonNode p = list.get(i);
            String at = "/patterns/" + i;
            String name = p.get("name").asText();
            if (!names.add(name)) throw doc.error(at + "/name", "two patterns are named '" + name + "'");
            RateCurve curve = rates.read(p.get("rate"), at + "/rate");
            double peak = RateCurve.peak(curve, durationNanos);
            if (!(peak > 0)) throw doc.error(at + "/rate", "pattern '" + name + "' has a rate of 0 for the whole run; give it a rate above 0");
            curves.add(curve);
            peaks.add(peak);
            Operation op = Operation.named(p.get("operation").asText());
            if (op.writesItems() && p.has("template") && templates.containsKey(p.get("template").asText()) && tables.containsKey(p.get("table").asText())) {
                if (writers.containsKey(name)) throw doc.error(at + "/name", "pattern '" + name + "' has the name of a preload; rename one");
                writers.put(name, new Writer(p.get("table").asText(), templates.get(p.get("template").asText()),
                        Draw.streamSeed(seed, name), KeyReuse.integral(curve, durationNanos, batchSize(p, op))));
            }
        }
        List<PatternPlan> plans = new ArrayList<>();
        for (int i = 0; i < list.size(); i++) plans.add(plan(i, list.get(i), curves.get(i), peaks.get(i), writers));
        return List.copyOf(plans);
    }

    /** Items or keys a request: batchWrite 25 (its maximum), batchGet 100 (its maximum), the transactions 10. */
    private static int batchSize(JsonNode p, Operation op) {
        return switch (op) {
            case BATCH_WRITE -> p.path("batchSize").asInt(25);
            case BATCH_GET -> p.path("batchSize").asInt(100);
            case TRANSACT_WRITE, TRANSACT_GET -> p.path("batchSize").asInt(10);
            default -> 1;
        };
    }

    private PatternPlan plan(int i, JsonNode p, RateCurve curve, double peak, Map<String, Writer> writers) throws ScenarioException {
        String at = "/patterns/" + i;
        String name = p.get("name").asText();
        String what = "pattern '" + name + "'";
        Operation op = Operation.named(p.get("operation").asText());
        String opText = " (" + op.scenarioName + ")";
        TableShape table = table(doc, tables, p.get("table").asText(), at + "/table", what);

        String index = p.has("index") ? p.get("index").asText() : null;
        if (index != null) {
            if (!op.reads()) throw doc.error(at + "/index", what + opText + " cannot name an index: only query and scan read one");
            if (!table.indexes().containsKey(index)) {
                throw doc.error(at + "/index", what + " names index '" + index + "' of table '" + table.name() + "', "
                        + (table.indexes().isEmpty() ? "which has no indexes" : "whose indexes are " + quoted(table.indexes().keySet())));
            }
        }
        notFor(p, "pages", !op.reads(), at, what + opText + " cannot have pages: only query and scan read pages");
        int batch = batchSize(p, op);
        notFor(p, "batchSize", !op.batches(), at,
                what + opText + " cannot have a batchSize: only batchWrite, transactWrite, batchGet and transactGet send several items");
        if (op == Operation.BATCH_WRITE && batch > 25) {
            throw doc.error(at + "/batchSize", what + ": BatchWriteItem takes at most 25 items a request, not " + batch);
        }

        ItemTemplate template = null;
        if (p.has("template")) {
            if (!op.writesItems() && op != Operation.UPDATE) {
                throw doc.error(at + "/template", what + opText + " cannot have a template: only put, update, batchWrite and transactWrite write items");
            }
            template = template(doc, templates, p.get("template").asText(), at + "/template", what);
            checkTypes(template, table, what);
        } else if (op.writesItems()) {
            throw doc.error(at, what + opText + " needs a template: the items it writes");
        }
        if (op.writesItems()) checkMakesKey(doc, template, templatePointers.get(template.name()), table, table.key(), what);

        JsonNode request = p.get("request");
        boolean ownKeyCondition = request != null && request.has("KeyConditionExpression");
        List<AttributeSpec> key = List.of();
        if (p.has("key")) {
            if (!op.needsItemKey() && op != Operation.QUERY) {
                throw doc.error(at + "/key", what + opText + " cannot have a key: " + (op.writesItems() ? "its template makes the items' keys" : "a scan reads every key"));
            }
            if (ownKeyCondition) throw doc.error(at + "/key", what + " has both a key and its own KeyConditionExpression; keep one (the expression's values go in 'values')");
            key = generators.attributes(p.get("key"), at + "/key", what + ", key");
            for (AttributeSpec a : key) checkType(a, table, at + "/key/" + YamlDocument.escape(a.name()), what);
        }
        KeyReuse reuse = null;
        if (p.has("keysFrom")) {
            if (!op.needsItemKey() && op != Operation.QUERY) {
                throw doc.error(at + "/keysFrom", what + opText + " cannot have keysFrom: it is for get, update, delete, batchGet, transactGet and query");
            }
            if (p.has("key")) throw doc.error(at + "/keysFrom", what + " has both key and keysFrom; keep one");
            if (ownKeyCondition) {
                throw doc.error(at + "/keysFrom", what + " has both keysFrom and its own KeyConditionExpression; keep one");
            }
            Writer w = writers.get(p.get("keysFrom").asText());
            if (w == null) {
                throw doc.error(at + "/keysFrom", what + " reads the keys of '" + p.get("keysFrom").asText()
                        + "', but no preload or put, batchWrite or transactWrite pattern has that name");
            }
            if (!w.table().equals(table.name())) {
                throw doc.error(at + "/keysFrom", what + " reads table '" + table.name() + "' with the keys of '" + p.get("keysFrom").asText()
                        + "', which writes table '" + w.table() + "'");
            }
            List<String> reused = table.key();
            if (op == Operation.QUERY) {
                // a query reads back the partition key (of the table or the index) of an item written
                reused = table.partitionKeyOf(index);
                for (String k : reused) {
                    AttributeSpec a = w.template().attribute(k);
                    if (a == null || a.presence() < 1 || !a.when().isEmpty()) {
                        throw doc.error(at + "/keysFrom", what + " (query) reads " + (index == null ? "table '" + table.name() + "'" : "index '" + index + "'")
                                + " by partition key '" + k + "' taken from the items of '" + p.get("keysFrom").asText() + "', but template '"
                                + w.template().name() + "' makes '" + k + "' " + (a == null ? "in none of them" : "in some only (presence or when)")
                                + ": keysFrom needs it in every item; give the query a key generator instead");
                    }
                }
            }
            reuse = new KeyReuse(w.template(), w.streamSeed(), reused, w.written());
        }
        checkKey(op, table, index, key, reuse != null, template, ownKeyCondition, at, what);
        if (op == Operation.UPDATE && template == null && (request == null || !request.has("UpdateExpression"))) {
            throw doc.error(at, what + " (update) needs a template (the attributes it sets) or an UpdateExpression in its request");
        }

        List<AttributeSpec> values = p.has("values") ? generators.attributes(p.get("values"), at + "/values", what + ", values") : List.of();
        for (AttributeSpec v : values) {
            if (!v.name().startsWith(":")) throw doc.error(at + "/values/" + YamlDocument.escape(v.name()), what + ": expression value '" + v.name() + "' must start with ':'");
        }
        boolean allPages = "all".equals(p.path("pages").asText("first"));
        return new PatternPlan(i, name, op, table.name(), index, curve, peak, allPages, template, key, reuse,
                PlainJson.map(request), values, batch, Draw.streamSeed(seed, name), table.key());
    }

    private void checkKey(Operation op, TableShape table, String index, List<AttributeSpec> key, boolean reuse, ItemTemplate template,
            boolean ownKeyCondition, String at, String what) throws ScenarioException {
        List<String> given = key.stream().map(AttributeSpec::name).toList();
        if (op.needsItemKey() && !reuse) {
            if (key.isEmpty()) {
                if (op == Operation.UPDATE && template != null) {
                    checkMakesKey(doc, template, templatePointers.get(template.name()), table, table.key(), what + " (update, keyed by its template)");
                    return;
                }
                throw doc.error(at, what + " (" + op.scenarioName + ") needs a key (generators for " + quoted(table.key()) + ") or keysFrom");
            }
            for (String k : table.key()) {
                if (!given.contains(k)) throw doc.error(at + "/key", what + ": its key lacks '" + k + "'; table '" + table.name() + "' is keyed by " + quoted(table.key()));
            }
            for (String g : given) {
                if (!table.key().contains(g)) {
                    throw doc.error(at + "/key/" + YamlDocument.escape(g), what + ": '" + g + "' is not a key attribute of table '" + table.name()
                            + "', which is keyed by " + quoted(table.key()));
                }
            }
        }
        if (op == Operation.QUERY && !ownKeyCondition && !reuse) {
            String target = index == null ? "table '" + table.name() + "'" : "index '" + index + "'";
            List<String> hash = table.partitionKeyOf(index);
            List<String> all = table.keyOf(index);
            if (key.isEmpty()) throw doc.error(at, what + " (query) needs a key: generators for the partition key " + quoted(hash) + " of " + target);
            for (String h : hash) {
                if (!given.contains(h)) throw doc.error(at + "/key", what + ": a query of " + target + " needs its partition key '" + h + "' in key");
            }
            for (String g : given) {
                if (!all.contains(g)) {
                    throw doc.error(at + "/key/" + YamlDocument.escape(g), what + ": '" + g + "' is not a key attribute of " + target
                            + ", whose keys are " + quoted(all));
                }
            }
        }
    }

    private void notFor(JsonNode p, String member, boolean refused, String at, String message) throws ScenarioException {
        if (refused && p.has(member)) throw doc.error(at + "/" + member, message);
    }

    /** Every attribute of the template that the table defines has the type the table gives it. */
    private void checkTypes(ItemTemplate template, TableShape table, String what) throws ScenarioException {
        for (AttributeSpec a : template.attributes()) {
            checkType(a, table, templatePointers.get(template.name()) + "/" + YamlDocument.escape(a.name()), what + ", template '" + template.name() + "'");
        }
    }

    private void checkType(AttributeSpec a, TableShape table, String at, String what) throws ScenarioException {
        String defined = table.types().get(a.name());
        if (defined != null && !defined.equals(a.type().name())) {
            throw doc.error(at, what + ": attribute '" + a.name() + "' is of type " + a.type() + ", but table '" + table.name()
                    + "' defines it as " + defined + (a.type() == AttributeSpec.Type.S ? " (S is the default: write type: " + defined + ")" : ""));
        }
    }

    static TableShape table(YamlDocument doc, Map<String, TableShape> tables, String name, String at, String what) throws ScenarioException {
        TableShape t = tables.get(name);
        if (t == null) {
            throw doc.error(at, what + " names table '" + name + "', but the scenario defines " + (tables.size() == 1 ? "only " : "") + quoted(tables.keySet()));
        }
        return t;
    }

    static ItemTemplate template(YamlDocument doc, Map<String, ItemTemplate> templates, String name, String at, String what) throws ScenarioException {
        ItemTemplate t = templates.get(name);
        if (t == null) {
            throw doc.error(at, what + " names template '" + name + "', but the scenario defines "
                    + (templates.isEmpty() ? "no templates" : (templates.size() == 1 ? "only " : "") + quoted(templates.keySet())));
        }
        return t;
    }

    /** The template makes each of {@code key}'s attributes in every item, with the table's types. */
    static void checkMakesKey(YamlDocument doc, ItemTemplate template, String templateAt, TableShape table, List<String> key, String what)
            throws ScenarioException {
        for (String k : key) {
            AttributeSpec a = template.attribute(k);
            if (a == null) {
                throw doc.error(templateAt, what + " writes table '" + table.name() + "' with template '" + template.name()
                        + "', which does not make its key attribute '" + k + "'");
            }
            String at = templateAt + "/" + YamlDocument.escape(k);
            if (a.presence() < 1 || !a.when().isEmpty()) {
                throw doc.error(at, "template '" + template.name() + "': '" + k + "' is a key attribute of table '" + table.name()
                        + "', so every item needs it: remove its presence and when");
            }
            String defined = table.types().get(k);
            if (!defined.equals(a.type().name())) {
                throw doc.error(at, "template '" + template.name() + "': key attribute '" + k + "' is of type " + a.type()
                        + ", but table '" + table.name() + "' defines it as " + defined);
            }
        }
    }

    static String quoted(java.util.Collection<String> names) {
        return "'" + String.join("', '", names) + "'";
    }
}
