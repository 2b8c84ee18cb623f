package io.keyline.server;

import io.keyline.engine.Engine;
import io.keyline.insights.InsightsRule;
import io.keyline.insights.TopKey;
import io.keyline.metadata.TableMetadata;
import java.time.Duration;
import java.util.List;

/**
 * The hottest key of a table or GSI for {@code GET /admin/top}, from Contributor Insights: the
 * most accessed partition key over the last minute, or, when nothing was accessed but something
 * was throttled (THROTTLED_KEYS mode), the most throttled one. Null when insights are off for the
 * resource: the capacity model counts partitions, not keys. Default region's tables, as the
 * metrics. Stateless; thread-safe.
 */
final class InsightsHotKeys implements TopReport.HotKeys {
    private static final Duration WINDOW = Duration.ofMinutes(1);

    private final Engine engine;

    InsightsHotKeys(Engine engine) { this.engine = engine; }

    @Override public String hottest(String tableName, String index) {
        TableMetadata table = engine.tables().get(tableName);
        if (table == null || table.insights().of(index) == null) return null;
        List<TopKey> top = engine.insights().topKeys(table, index, InsightsRule.PKC, WINDOW, 1);
        if (top.isEmpty()) top = engine.insights().topKeys(table, index, InsightsRule.PKT, WINDOW, 1);
        return top.isEmpty() ? null : String.join(" / ", top.get(0).keys());
    }
}
