package io.keyline.op;

import io.keyline.engine.Engine;
import io.keyline.engine.IndexMetadata;
import io.keyline.engine.PrimaryKey;
import io.keyline.engine.ProjectionType;
import io.keyline.engine.TableMetadata;
import io.keyline.engine.index.IndexEntries;
import io.keyline.engine.query.Page;
import io.keyline.engine.query.ReadTarget;
import io.keyline.error.Errors;
import io.keyline.expr.Condition;
import io.keyline.expr.DocumentPath;
import io.keyline.expr.Projection;
import io.keyline.model.AttributeValue;
import io.keyline.protocol.JsonObject;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * What a Query or Scan on a secondary index adds to one on the table: an index still being
 * backfilled cannot be read; a GSI returns only what it projects (asking for more is refused);
 * an LSI asked for attributes it does not project fetches them from the base items, which are
 * always in step with it (same storage batch). Stateless.
 */
final class IndexReads {
    private IndexReads() {}

    /** Refuses reads of a GSI that is not ACTIVE yet. */
    static void checkReadable(IndexMetadata index) {
        if (index.isGlobal() && index.status() == io.keyline.engine.TableStatus.CREATING) {
            throw Errors.validation("Cannot read from backfilling global secondary index: " + index.name());
        }
    }

    /**
     * For an LSI, true when the request needs attributes it does not project (Select=ALL_ATTRIBUTES,
     * or a projection or filter naming one); for a GSI, refuses a projection naming one.
     */
    static boolean needsBaseItems(TableMetadata table, ReadTarget target, JsonObject request, Projection projection, Condition filter) {
        if (!target.isIndex()) return false;
        IndexMetadata index = table.index(target.indexName());
        if (index.projection().type() == ProjectionType.ALL) return false;
        if (index.isGlobal()) {
            if (projection != null) {
                for (DocumentPath p : projection.paths()) {
                    if (!IndexEntries.isProjected(table, index, p.head())) {
                        throw Errors.validation("One or more parameter values were invalid: Global secondary index " + index.name()
                                + " does not project the requested attribute: " + p.head());
                    }
                }
            }
            return false;
        }
        if ("ALL_ATTRIBUTES".equals(request.string("Select"))) return true;
        List<DocumentPath> paths = new ArrayList<>();
        if (projection != null) paths.addAll(projection.paths());
        if (filter != null) paths.addAll(filter.paths());
        for (DocumentPath p : paths) if (!IndexEntries.isProjected(table, index, p.head())) return true;
        return false;
    }

    /** The page filter: on the entry itself, or on its base item when the LSI does not hold enough. */
    static Predicate<Map<String, AttributeValue>> filter(Engine engine, TableMetadata table, Condition filter, boolean baseItems) {
        if (filter == null) return item -> true;
        if (!baseItems) return filter::test;
        return entry -> {
            Map<String, AttributeValue> item = baseItem(engine, table, entry);
            return item != null && filter.test(item);
        };
    }

    /** The page with each LSI entry replaced by its base item. */
    static Page withBaseItems(Engine engine, TableMetadata table, Page page) {
        List<Map<String, AttributeValue>> items = new ArrayList<>(page.items().size());
        for (Map<String, AttributeValue> entry : page.items()) {
            Map<String, AttributeValue> item = baseItem(engine, table, entry);
            items.add(item != null ? item : entry);
        }
        return new Page(items, page.scannedCount(), page.lastEvaluatedKey(), page.stopReason(), page.statistics());
    }

    private static Map<String, AttributeValue> baseItem(Engine engine, TableMetadata table, Map<String, AttributeValue> entry) {
        AttributeValue pk = entry.get(table.keySchema().partitionKey().name());
        AttributeValue sk = table.keySchema().hasSortKey() ? entry.get(table.keySchema().sortKey().name()) : null;
        return engine.items().get(table, new PrimaryKey(pk, sk));
    }
}
