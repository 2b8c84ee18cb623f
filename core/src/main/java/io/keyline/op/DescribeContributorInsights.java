package io.keyline.op;

import io.keyline.engine.Engine;
import io.keyline.engine.Tables;
import io.keyline.insights.InsightsResource;
import io.keyline.metadata.IndexMetadata;
import io.keyline.metadata.InsightsState;
import io.keyline.metadata.TableMetadata;
import io.keyline.op.control.InsightsTargets;
import io.keyline.op.request.Constraints;
import io.keyline.op.request.DescribeContributorInsightsRequest;
import io.keyline.op.response.InsightsDescriptions;
import io.keyline.protocol.JsonObject;

/**
 * DescribeContributorInsights: the Contributor Insights state of a table or one of its GSIs,
 * with the names of its rules (docs/RULES.md#INSIGHTS-DESCRIBE). Stateless.
 */
public final class DescribeContributorInsights implements Operation<DescribeContributorInsightsRequest> {
    private final Tables tables;

    public DescribeContributorInsights(Engine engine) { this.tables = engine.tables(); }

    @Override public String name() { return "DescribeContributorInsights"; }

    /** A read of the catalog: waits for nothing. */
    @Override public boolean quick(JsonObject request) { return true; }

    @Override public DescribeContributorInsightsRequest decode(JsonObject request) {
        return new DescribeContributorInsightsRequest(request.string("TableName"), request.string("IndexName"));
    }

    @Override public Object run(DescribeContributorInsightsRequest request) {
        Constraints c = new Constraints();
        InsightsTargets.constrain(request.tableName(), true, request.indexName(), c);
        c.throwIfAny();
        TableMetadata table = InsightsTargets.table(tables, request.tableName());
        String index = request.indexName();
        IndexMetadata gsi = index == null ? null : InsightsTargets.globalIndex(table, index);
        InsightsState state = table.insights().of(index);
        if (state != null) state = state.resolvedAt(tables.now());
        boolean hasSortKey = (gsi != null ? gsi.keySchema() : table.keySchema()).hasSortKey();
        return InsightsDescriptions.describe(new InsightsResource(table.name(), index), state, hasSortKey);
    }
}
