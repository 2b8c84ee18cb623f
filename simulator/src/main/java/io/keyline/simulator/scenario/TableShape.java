package io.keyline.simulator.scenario;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What the traffic needs to know of a table: its key attributes and types, and each index's keys.
 * Read from a CreateTable body the engine has accepted. Immutable.
 *
 * @param name      TableName
 * @param key       the table's key attributes, partition key first
 * @param types     attribute name to S, N or B, from AttributeDefinitions
 * @param indexes   index name to its key attributes (partition key attributes first, then sort key)
 * @param indexHashCounts index name to how many of its key attributes are partition key attributes
 */
record TableShape(String name, List<String> key, Map<String, String> types, Map<String, List<String>> indexes,
        Map<String, Integer> indexHashCounts) {

    static TableShape of(JsonNode table) {
        Map<String, String> types = new LinkedHashMap<>();
        for (JsonNode d : table.get("AttributeDefinitions")) {
            types.put(d.get("AttributeName").asText(), d.get("AttributeType").asText());
        }
        Map<String, List<String>> indexes = new LinkedHashMap<>();
        Map<String, Integer> hashCounts = new LinkedHashMap<>();
        for (String kind : new String[] {"GlobalSecondaryIndexes", "LocalSecondaryIndexes"}) {
            JsonNode list = table.get(kind);
            if (list == null) continue;
            for (JsonNode index : list) {
                String indexName = index.get("IndexName").asText();
                indexes.put(indexName, keyOf(index.get("KeySchema")));
                hashCounts.put(indexName, hashCount(index.get("KeySchema")));
            }
        }
        return new TableShape(table.get("TableName").asText(), keyOf(table.get("KeySchema")), Map.copyOf(types),
                java.util.Collections.unmodifiableMap(indexes), Map.copyOf(hashCounts));
    }

    /** Partition key attributes first (in order), then sort key attributes. */
    private static List<String> keyOf(JsonNode schema) {
        List<String> hash = new ArrayList<>();
        List<String> range = new ArrayList<>();
        for (JsonNode k : schema) {
            ("HASH".equals(k.get("KeyType").asText()) ? hash : range).add(k.get("AttributeName").asText());
        }
        hash.addAll(range);
        return List.copyOf(hash);
    }

    private static int hashCount(JsonNode schema) {
        int n = 0;
        for (JsonNode k : schema) if ("HASH".equals(k.get("KeyType").asText())) n++;
        return n;
    }

    /** The key attributes a Query on the table (index null) or an index must name with equality. */
    List<String> partitionKeyOf(String index) {
        if (index == null) return key.subList(0, 1);
        return indexes.get(index).subList(0, indexHashCounts.get(index));
    }

    List<String> keyOf(String index) {
        return index == null ? key : indexes.get(index);
    }
}
