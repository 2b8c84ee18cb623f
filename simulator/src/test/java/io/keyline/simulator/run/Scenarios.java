package io.keyline.simulator.run;

import io.keyline.protocol.Json;
import io.keyline.protocol.JsonObject;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Workloads the runner's tests share, built in Java (no scenario file). */
final class Scenarios {
    static final Workload.ClientModel CLIENT = new Workload.ClientModel(3, Duration.ofMillis(25), Duration.ofSeconds(1));
    private static final String FILLER = "x".repeat(900);

    private Scenarios() {}

    static JsonObject json(String text) {
        return JsonObject.of(Json.parse(text.replace('\'', '"').getBytes(StandardCharsets.UTF_8)));
    }

    /** events(device) with GSI by-day(day), provisioned. */
    static JsonObject eventsTable(long wcu, long gsiWcu) {
        return json("{'TableName':'events','KeySchema':[{'AttributeName':'device','KeyType':'HASH'}],"
                + "'AttributeDefinitions':[{'AttributeName':'device','AttributeType':'S'},{'AttributeName':'day','AttributeType':'S'}],"
                + "'ProvisionedThroughput':{'ReadCapacityUnits':300,'WriteCapacityUnits':" + wcu + "},"
                + "'GlobalSecondaryIndexes':[{'IndexName':'by-day','KeySchema':[{'AttributeName':'day','KeyType':'HASH'}],"
                + "'Projection':{'ProjectionType':'ALL'},'ProvisionedThroughput':{'ReadCapacityUnits':300,'WriteCapacityUnits':" + gsiWcu + "}}]}");
    }

    static Map<String, Object> put(String device, String day) {
        Map<String, Object> item = new LinkedHashMap<>();
        item.put("device", Map.of("S", device));
        if (day != null) item.put("day", Map.of("S", day));
        item.put("payload", Map.of("S", FILLER));
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("TableName", "events");
        body.put("Item", item);
        return body;
    }

    /** Yesterday's events, preloaded: a Query of that day reads 3 pages of 50. */
    static final int YESTERDAY_ITEMS = 120;

    /**
     * Writes at {@code rate} a second to events, random devices; {@code shards} 1 puts every
     * write on one day key (one GSI partition), more spreads them over day#0..n-1. Plus 20
     * GetItems a second and a GSI Query a second that reads every page of yesterday's events.
     */
    static Workload iotLike(double rate, int shards, long wcu, long gsiWcu, Duration duration, long seed) {
        Workload all = writesOnly(rate, shards, wcu, gsiWcu, duration, seed, true);
        return all;
    }

    /** As {@link #iotLike}, with the writes alone unless {@code readsToo}. */
    static Workload writesOnly(double rate, int shards, long wcu, long gsiWcu, Duration duration, long seed, boolean readsToo) {
        List<ScriptedTraffic.Stream> streams = List.of(
                new ScriptedTraffic.Stream("PutItem", rate, false, (i, r) -> put("device-" + r.nextInt(1_000_000),
                        shards == 1 ? "2026-01-05" : "2026-01-05#" + r.nextInt(shards))),
                new ScriptedTraffic.Stream("GetItem", 20, false, (i, r) -> {
                    Map<String, Object> body = new LinkedHashMap<>();
                    body.put("TableName", "events");
                    body.put("Key", Map.of("device", Map.of("S", "device-" + r.nextInt(1_000_000))));
                    return body;
                }),
                new ScriptedTraffic.Stream("Query", 1, true, (i, r) -> {
                    Map<String, Object> body = new LinkedHashMap<>();
                    body.put("TableName", "events");
                    body.put("IndexName", "by-day");
                    body.put("KeyConditionExpression", "#d = :d");
                    body.put("ExpressionAttributeNames", Map.of("#d", "day"));
                    body.put("ExpressionAttributeValues", Map.of(":d", Map.of("S", "2026-01-04")));
                    body.put("Limit", java.math.BigDecimal.valueOf(50)); // numbers as the JSON parser gives them
                    return body;
                }));
        if (!readsToo) streams = streams.subList(0, 1);
        ScriptedTraffic traffic = new ScriptedTraffic(streams, duration, seed);
        List<Workload.Pattern> patterns = ScriptedTraffic.patterns(streams, List.of("write", "read", "by-day").subList(0, streams.size()),
                "events", java.util.Arrays.asList(null, null, "by-day").subList(0, streams.size()));
        Workload.Preload yesterday = new Workload.Preload("events", YESTERDAY_ITEMS,
                i -> new JsonObject(Map.of("device", Map.of("S", "old-" + i), "day", Map.of("S", "2026-01-04"))));
        return new Workload("iot-like", seed, duration, List.of(eventsTable(wcu, gsiWcu)), List.of(yesterday), patterns, CLIENT,
                traffic, Map.of(), "us-east-1");
    }
}
