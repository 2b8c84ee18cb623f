package io.keyline.op;

import io.keyline.engine.Engine;
import io.keyline.engine.Tables;
import io.keyline.error.Errors;
import io.keyline.insights.InsightsResource;
import io.keyline.metadata.IndexMetadata;
import io.keyline.metadata.InsightsMode;
import io.keyline.metadata.InsightsState;
import io.keyline.metadata.InsightsStatus;
import io.keyline.metadata.TableMetadata;
import io.keyline.metadata.TableStatus;
import io.keyline.op.control.InsightsChanges;
import io.keyline.op.control.InsightsTargets;
import io.keyline.op.request.Constraints;
import io.keyline.op.request.UpdateContributorInsightsRequest;
import io.keyline.op.response.InsightsDescriptions;
import io.keyline.protocol.JsonObject;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * UpdateContributorInsights: turns Contributor Insights on (ENABLE, in a mode) or off for a table
 * or one of its GSIs (docs/RULES.md#INSIGHTS-STATUS). The answer is the transient status
 * (ENABLING, DISABLING), or the settled one when nothing changes; the change settles after
 * {@code --table-create-delay} on the engine's clock, like a new table's CREATING, so with the
 * default 0 it is ENABLED (or DISABLED) at the next call: tests need no waiting, and a delay
 * shows the transient statuses DynamoDB shows for 1 to 16 s. The state is kept in the table's
 * catalog record, so it survives a restart. Stateless.
 */
public final class UpdateContributorInsights implements Operation<UpdateContributorInsightsRequest> {
    private static final List<String> ACTIONS = List.of("ENABLE", "DISABLE");
    private static final List<String> MODES = List.of("ACCESSED_AND_THROTTLED_KEYS", "THROTTLED_KEYS");
    /** docs/RULES.md#INSIGHTS-ERRORS: observed on a CREATING table and a CREATING GSI. */
    static final String NOT_ACTIVE = "Table or Index is not in a valid state to update Key Access Insights: ";

    private final Tables tables;
    private final Duration delay;

    public UpdateContributorInsights(Engine engine) {
        this.tables = engine.tables();
        this.delay = engine.settings().tableCreateDelay();
    }

    @Override public String name() { return "UpdateContributorInsights"; }

    @Override public UpdateContributorInsightsRequest decode(JsonObject request) {
        return new UpdateContributorInsightsRequest(request.string("TableName"), request.string("IndexName"),
                request.string("ContributorInsightsAction"), request.string("ContributorInsightsMode"));
    }

    @Override public Object run(UpdateContributorInsightsRequest request) {
        Constraints c = new Constraints();
        InsightsTargets.constrain(request.tableName(), true, request.indexName(), c);
        c.notNull("contributorInsightsAction", request.action());
        c.oneOf("contributorInsightsAction", request.action(), ACTIONS);
        c.oneOf("contributorInsightsMode", request.mode(), MODES);
        c.throwIfAny();
        TableMetadata table = InsightsTargets.table(tables, request.tableName());
        String index = request.indexName();
        IndexMetadata gsi = index == null ? null : InsightsTargets.globalIndex(table, index);
        boolean enable = request.action().equals("ENABLE");
        if (enable && table.status() == TableStatus.CREATING) throw Errors.validation(NOT_ACTIVE + "TableStatus must be ACTIVE to enable ContributorInsights.");
        if (enable && gsi != null && gsi.status() == TableStatus.CREATING) throw Errors.validation(NOT_ACTIVE + "IndexStatus must be ACTIVE to enable ContributorInsights.");
        InsightsMode mode = request.mode() == null ? InsightsMode.ACCESSED_AND_THROTTLED_KEYS : InsightsMode.valueOf(request.mode());
        boolean hasSortKey = (gsi != null ? gsi.keySchema() : table.keySchema()).hasSortKey();
        Instant now = tables.now();
        int elsewhere = enable ? InsightsChanges.rulesInUse(tables, table.name(), index, now) : 0;
        InsightsState[] after = new InsightsState[1];
        TableMetadata updated = tables.update(table.name(), current -> {
            InsightsState was = current.insights().of(index);
            InsightsState resolved = was == null ? null : was.resolvedAt(now);
            after[0] = enable ? InsightsChanges.enable(resolved, mode, hasSortKey, now, delay, elsewhere)
                    : InsightsChanges.disable(resolved, now, delay);
            return after[0] == resolved ? current : current.toBuilder().insights(current.insights().with(index, after[0])).build();
        });
        if (updated == null) throw InsightsTargets.tableNotFound(table.name());
        InsightsState state = after[0];
        InsightsStatus status = state == null ? InsightsStatus.DISABLED : state.status();
        return InsightsDescriptions.summary(new InsightsResource(table.name(), index), status, state);
    }
}
