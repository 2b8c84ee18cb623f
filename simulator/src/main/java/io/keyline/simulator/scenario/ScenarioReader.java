package io.keyline.simulator.scenario;

import com.fasterxml.jackson.databind.JsonNode;
import io.keyline.protocol.JsonObject;
import io.keyline.simulator.run.Workload;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Turns a schema-valid scenario document into a {@link Workload}, checking the rules a schema
 * cannot state: names that refer to each other exist (table, index, template, keysFrom), key
 * generators cover the key attributes each operation needs, types agree with the tables'
 * AttributeDefinitions, and every pattern has a rate above zero somewhere. Tables are checked by
 * a scratch engine's CreateTable. One instance per load; not thread-safe.
 */
final class ScenarioReader {
    /** The AWS SDK for Java v2's retry policy for DynamoDB (DynamoDbRetryPolicy): 8 retries, full jitter from 25 ms, 20 s cap. */
    static final Workload.ClientModel SDK_V2_DYNAMODB_RETRIES =
            new Workload.ClientModel(9, Duration.ofMillis(25), Duration.ofSeconds(20));
    /** ManualClock's origin, so a scenario without startTime and the engine's clock agree. */
    static final Instant DEFAULT_START = Workload.DEFAULT_START;
    static final String DEFAULT_REGION = "us-east-1";

    private final YamlDocument doc;
    private final JsonNode root;
    private final long seed;
    private final GeneratorReader generators;
    private final Map<String, TableShape> tables = new LinkedHashMap<>();
    private final Map<String, ItemTemplate> templates = new LinkedHashMap<>();
    private final Map<String, String> templatePointers = new LinkedHashMap<>();
    private long durationNanos;
    private long startEpochMillis;

    ScenarioReader(YamlDocument doc) {
        this.doc = doc;
        this.root = doc.root();
        this.seed = root.get("seed").asLong();
        this.generators = new GeneratorReader(doc, seed);
    }

    Workload read() throws ScenarioException {
        RateReader rates0 = new RateReader(doc, 0);
        durationNanos = rates0.duration(root.get("duration"), "/duration").toNanos();
        if (durationNanos <= 0) throw doc.error("/duration", "the duration must be longer than 0");
        startEpochMillis = start().toEpochMilli();
        List<JsonObject> createTables = readTables();
        readTemplates();
        List<Workload.Preload> preloads = new ArrayList<>();
        Map<String, PatternReader.Writer> writers = new LinkedHashMap<>();
        readPreloads(preloads, writers);
        PatternReader patterns = new PatternReader(doc, generators, new RateReader(doc, startEpochMillis), tables, templates,
                templatePointers, seed, durationNanos);
        List<PatternPlan> plans = patterns.read(writers);
        List<Workload.Pattern> contract = new ArrayList<>();
        for (PatternPlan p : plans) {
            contract.add(new Workload.Pattern(p.name(), p.operation().dynamoDbName, p.table(), p.indexName(), p.peakRate(), p.allPages()));
        }
        return new Workload(root.get("name").asText(), seed, Duration.ofNanos(durationNanos), createTables,
                List.copyOf(preloads), List.copyOf(contract), client(), new ScenarioTraffic(plans, durationNanos, startEpochMillis),
                prices(), root.path("region").asText(DEFAULT_REGION), quotas(), Instant.ofEpochMilli(startEpochMillis));
    }

    private Workload.Quotas quotas() {
        JsonNode q = root.path("quotas");
        return new Workload.Quotas(q.path("tableReadCapacityUnits").asLong(Workload.Quotas.DEFAULT.tableReadCapacityUnits()),
                q.path("tableWriteCapacityUnits").asLong(Workload.Quotas.DEFAULT.tableWriteCapacityUnits()));
    }

    private Instant start() throws ScenarioException {
        JsonNode s = root.get("startTime");
        if (s == null) return DEFAULT_START;
        try {
            return Instant.parse(s.asText());
        } catch (DateTimeParseException e) {
            throw doc.error("/startTime", "'" + s.asText() + "' is not a UTC date and time such as 2026-08-03T00:00:00Z");
        }
    }

    private List<JsonObject> readTables() throws ScenarioException {
        List<JsonObject> bodies = new ArrayList<>();
        List<String> pointers = new ArrayList<>();
        JsonNode list = root.get("tables");
        for (int i = 0; i < list.size(); i++) {
            String at = "/tables/" + i;
            TableShape shape = TableShape.of(list.get(i));
            if (tables.containsKey(shape.name())) throw doc.error(at + "/TableName", "table '" + shape.name() + "' is defined twice");
            tables.put(shape.name(), shape);
            bodies.add(new JsonObject(PlainJson.map(list.get(i))));
            pointers.add(at);
        }
        TableCheck.check(doc, bodies, pointers, quotas());
        return List.copyOf(bodies);
    }

    private void readTemplates() throws ScenarioException {
        JsonNode t = root.get("templates");
        if (t == null) return;
        var it = t.fields();
        while (it.hasNext()) {
            var e = it.next();
            String at = "/templates/" + YamlDocument.escape(e.getKey());
            templates.put(e.getKey(), new ItemTemplate(e.getKey(), generators.attributes(e.getValue(), at, "template '" + e.getKey() + "'")));
            templatePointers.put(e.getKey(), at);
        }
    }

    private void readPreloads(List<Workload.Preload> out, Map<String, PatternReader.Writer> writers) throws ScenarioException {
        JsonNode list = root.get("preloads");
        if (list == null) return;
        for (int i = 0; i < list.size(); i++) {
            JsonNode p = list.get(i);
            String at = "/preloads/" + i;
            String table = p.get("table").asText();
            String templateName = p.get("template").asText();
            String name = p.path("name").asText(templateName);
            TableShape shape = PatternReader.table(doc, tables, table, at + "/table", "preload '" + name + "'");
            ItemTemplate template = PatternReader.template(doc, templates, templateName, at + "/template", "preload '" + name + "'");
            PatternReader.checkMakesKey(doc, template, templatePointers.get(templateName), shape, shape.key(), "preload '" + name + "'");
            if (writers.containsKey(name)) throw doc.error(at, "two preloads are named '" + name + "'; give one a name");
            long count = p.get("count").asLong();
            long streamSeed = Draw.streamSeed(seed, "preload:" + name);
            long start = startEpochMillis;
            out.add(new Workload.Preload(table, count, index -> new JsonObject(template.item(new Draw(streamSeed, start).begin(index, 0)))));
            writers.put(name, new PatternReader.Writer(table, template, streamSeed, nanos -> count));
        }
    }

    private Workload.ClientModel client() throws ScenarioException {
        JsonNode c = root.get("client");
        if (c == null) return SDK_V2_DYNAMODB_RETRIES;
        RateReader r = new RateReader(doc, 0);
        Duration base = c.has("baseDelay") ? r.duration(c.get("baseDelay"), "/client/baseDelay") : SDK_V2_DYNAMODB_RETRIES.baseDelay();
        Duration max = c.has("maxDelay") ? r.duration(c.get("maxDelay"), "/client/maxDelay") : SDK_V2_DYNAMODB_RETRIES.maxDelay();
        return new Workload.ClientModel(c.path("maxAttempts").asInt(SDK_V2_DYNAMODB_RETRIES.maxAttempts()), base, max);
    }

    private Map<String, Double> prices() {
        Map<String, Double> out = new LinkedHashMap<>();
        JsonNode p = root.get("prices");
        if (p != null) p.fields().forEachRemaining(e -> out.put(e.getKey(), e.getValue().asDouble()));
        return Map.copyOf(out);
    }
}
