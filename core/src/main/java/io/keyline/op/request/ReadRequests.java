package io.keyline.op.request;

import io.keyline.engine.api.Page;
import io.keyline.engine.api.ReadTarget;
import io.keyline.error.Errors;
import io.keyline.expr.Condition;
import io.keyline.expr.DocumentPath;
import io.keyline.expr.Projection;
import io.keyline.metadata.IndexMetadata;
import io.keyline.metadata.ProjectionType;
import io.keyline.metadata.TableMetadata;
import io.keyline.model.AttributeValue;
import io.keyline.model.KeyAttribute;
import io.keyline.op.control.SchemaInput;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What Query and Scan share: member constraints, Select against projections, the index a
 * request names, key attributes in projections and filters, and the response shape (wording as
 * dynalite recorded it against DynamoDB). Stateless.
 */
public final class ReadRequests {
    private ReadRequests() {}


    /**
     * Checks Select against ProjectionExpression / AttributesToGet and IndexName; returns true when
     * only a count is wanted.
     */
    public static boolean countOnly(ReadOptions request, Projection projection) {
        String select = request.select();
        if (select == null) return false;
        String projectionParameter = request.projectionExpression() ? "ProjectionExpression" : "AttributesToGet";
        switch (select) {
            case "SPECIFIC_ATTRIBUTES":
                if (projection == null) {
                    throw Errors.validation("Must specify the AttributesToGet or ProjectionExpression when choosing to get SPECIFIC_ATTRIBUTES");
                }
                return false;
            case "ALL_PROJECTED_ATTRIBUTES":
                if (request.indexName() == null) {
                    throw Errors.validation("ALL_PROJECTED_ATTRIBUTES can be used only when Querying using an IndexName");
                }
                if (projection != null) {
                    throw Errors.validation("Cannot specify the " + projectionParameter + " when choosing to get ALL_PROJECTED_ATTRIBUTES");
                }
                return false;
            case "COUNT":
                if (projection != null) {
                    throw Errors.validation("Cannot specify the " + projectionParameter + " when choosing to get only the Count");
                }
                return true;
            default:
                if (projection != null) {
                    throw Errors.validation("Cannot specify the " + projectionParameter + " when choosing to get ALL_ATTRIBUTES");
                }
                return false;
        }
    }

    /** The table, or the index the request names (DynamoDB's errors for a missing one and for consistent GSI reads). */
    public static ReadTarget target(TableMetadata table, ReadOptions request) {
        String indexName = request.indexName();
        if (indexName == null) return ReadTarget.table(table);
        IndexMetadata index = table.index(indexName);
        if (index == null) throw Errors.validation("The table does not have the specified index: " + indexName);
        ReadTarget target = ReadTarget.index(table, index); // refuses a GSI that is not ACTIVE, first
        if (index.isGlobal() && request.consistent()) {
            throw Errors.validation("Consistent reads are not supported on global secondary indexes");
        }
        if (index.isGlobal() && "ALL_ATTRIBUTES".equals(request.select())
                && index.projection().type() != ProjectionType.ALL) {
            throw Errors.validation("One or more parameter values were invalid: Select type ALL_ATTRIBUTES is not supported for global secondary index "
                    + indexName + " because its projection type is not ALL");
        }
        return target;
    }

    /**
     * What an index read may ask for when the index does not project every attribute: a filter
     * only on projected attributes; a projection only on projected attributes of a GSI, while an
     * LSI fetches the rest (and Select=ALL_ATTRIBUTES) from the table. Returns true when the
     * page's entries must be replaced by their base items. Messages as DynamoDB sends them
     * (quoted in localstack#478 and dynamodb-onetable#377).
     */
    public static boolean fetchesBaseItems(TableMetadata table, ReadTarget target, ReadOptions request, Projection projection, Condition filter) {
        if (!target.isIndex()) return false;
        IndexMetadata index = table.index(target.indexName());
        if (index.projection().type() == ProjectionType.ALL) return false;
        if (filter != null) {
            List<String> missing = unprojected(table, index, filter.paths());
            if (!missing.isEmpty()) {
                throw Errors.validation("One or more parameter values were invalid: Secondary index " + index.name()
                        + " does not project one or more filter attributes: [" + String.join(", ", missing) + "]");
            }
        }
        List<String> missing = projection == null ? List.of() : unprojected(table, index, projection.paths());
        if (index.isGlobal()) {
            if (!missing.isEmpty()) {
                throw Errors.validation("One or more parameter values were invalid: Global secondary index " + index.name()
                        + " does not project [" + String.join(", ", missing) + "]");
            }
            return false;
        }
        return !missing.isEmpty() || "ALL_ATTRIBUTES".equals(request.select());
    }

    private static List<String> unprojected(TableMetadata table, IndexMetadata index, List<DocumentPath> paths) {
        List<String> missing = new ArrayList<>();
        for (DocumentPath p : paths) {
            String name = p.head();
            boolean projected = table.keySchema().isKeyAttribute(name) || index.keySchema().isKeyAttribute(name)
                    || index.projection().nonKeyAttributes().contains(name);
            if (!projected && !missing.contains(name)) missing.add(name);
        }
        return missing;
    }

    /** Key attributes are scalars: a nested path into one (projection or filter) is refused. */
    public static void checkKeyPaths(TableMetadata table, Projection projection, Condition filter) {
        List<DocumentPath> paths = new ArrayList<>();
        if (projection != null) paths.addAll(projection.paths());
        if (filter != null) paths.addAll(filter.paths());
        for (DocumentPath p : paths) {
            if (p.isTopLevel()) continue;
            if (table.keySchema().isKeyAttribute(p.head())) {
                throw Errors.validation("Key attributes must be scalars; list random access '[]' and map lookup '.' are not allowed: Key: " + p.head());
            }
            for (IndexMetadata index : table.indexes()) {
                if (index.keySchema().isKeyAttribute(p.head())) {
                    throw Errors.validation("Key attributes must be scalars; list random access '[]' and map lookup '.' are not allowed: IndexKey: " + p.head());
                }
            }
        }
    }

    /** A Query filter may not name the key attributes of what it reads. */
    public static void checkFilterAvoidsKeys(ReadTarget target, Condition filter, String parameterName) {
        if (filter == null) return;
        for (KeyAttribute key : target.keySchema().all()) {
            for (DocumentPath p : filter.paths()) {
                if (p.head().equals(key.name())) {
                    throw Errors.validation(parameterName + " can only contain non-primary key attributes: Primary key attribute: " + key.name());
                }
            }
        }
    }

    /** Items (projected) unless only the count is wanted, Count, ScannedCount and LastEvaluatedKey. */
    public static Map<String, Object> response(Page page, Projection projection, boolean countOnly) {
        Map<String, Object> response = new LinkedHashMap<>();
        if (!countOnly) {
            List<Map<String, AttributeValue>> items = new ArrayList<>(page.items().size());
            for (Map<String, AttributeValue> item : page.items()) items.add(projection == null ? item : projection.apply(item));
            response.put("Items", items);
        }
        response.put("Count", page.items().size());
        response.put("ScannedCount", page.scannedCount());
        if (page.lastEvaluatedKey() != null) response.put("LastEvaluatedKey", page.lastEvaluatedKey());
        return response;
    }
}
