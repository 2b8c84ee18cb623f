package io.keyline.op;

import io.keyline.engine.Engine;
import io.keyline.engine.Tables;
import io.keyline.error.Errors;
import io.keyline.insights.InsightsResource;
import io.keyline.metadata.IndexMetadata;
import io.keyline.metadata.InsightsState;
import io.keyline.metadata.InsightsStatus;
import io.keyline.metadata.TableMetadata;
import io.keyline.op.control.InsightsTargets;
import io.keyline.op.request.Constraints;
import io.keyline.op.request.ListContributorInsightsRequest;
import io.keyline.op.response.InsightsDescriptions;
import io.keyline.protocol.JsonObject;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * ListContributorInsights: a summary of every table and GSI (of one table, or of all) whose
 * insights are not DISABLED, tables in name order, each table before its GSIs, at most
 * MaxResults a page with a NextToken while more follow (docs/RULES.md#INSIGHTS-LIST). The token
 * is the last listed entry's table and index names, so a page resumes after it whatever changed
 * meanwhile. Stateless.
 */
public final class ListContributorInsights implements Operation<ListContributorInsightsRequest> {
    /** Source: API_ListContributorInsights: MaxResults is at most 100. */
    static final int MAX_RESULTS = 100;

    private final Tables tables;

    public ListContributorInsights(Engine engine) { this.tables = engine.tables(); }

    @Override public String name() { return "ListContributorInsights"; }

    /** A read of the catalog, bounded by MaxResults: waits for nothing. */
    @Override public boolean quick(JsonObject request) { return true; }

    @Override public ListContributorInsightsRequest decode(JsonObject request) {
        return new ListContributorInsightsRequest(request.string("TableName"), request.string("NextToken"), request.intValue("MaxResults"));
    }

    @Override public Object run(ListContributorInsightsRequest request) {
        Constraints c = new Constraints();
        InsightsTargets.constrain(request.tableName(), false, null, c);
        c.atMost("maxResults", request.maxResults() == null ? null : (long) request.maxResults(), MAX_RESULTS);
        c.throwIfAny();
        // A MaxResults below 1 is not refused by the shape; we read it as the default (our choice).
        int limit = request.maxResults() == null || request.maxResults() < 1 ? MAX_RESULTS : request.maxResults();
        String[] after = request.nextToken() == null ? null : decodeToken(request.nextToken());
        List<String> names = request.tableName() != null
                ? List.of(InsightsTargets.table(tables, request.tableName()).name())
                : tables.names(null, Integer.MAX_VALUE);
        Instant now = tables.now();
        List<Object> page = new ArrayList<>();
        InsightsResource last = null;
        boolean more = false;
        for (String name : names) {
            if (more) break;
            if (after != null && name.compareTo(after[0]) < 0) continue;
            TableMetadata t = tables.get(name);
            if (t == null || t.insights().isNone()) continue;
            List<String> resources = new ArrayList<>();
            resources.add(null);
            for (IndexMetadata g : t.globalIndexes()) resources.add(g.name());
            boolean passed = after == null || !name.equals(after[0]);
            for (String index : resources) {
                if (!passed) {
                    passed = after[1].equals(index == null ? "" : index);
                    continue;
                }
                InsightsState s = t.insights().of(index);
                InsightsState r = s == null ? null : s.resolvedAt(now);
                if (r == null || r.status() == InsightsStatus.DISABLED) continue;
                if (page.size() == limit) {
                    more = true;
                    break;
                }
                last = new InsightsResource(name, index);
                page.add(InsightsDescriptions.summary(last, r.status(), r));
            }
        }
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("ContributorInsightsSummaries", page);
        if (more) out.put("NextToken", token(last));
        return out;
    }

    /** An opaque token: the last listed entry's table and index names. */
    private static String token(InsightsResource last) {
        String raw = last.tableName() + "\n" + (last.indexName() == null ? "" : last.indexName());
        return Base64.getUrlEncoder().withoutPadding().encodeToString(raw.getBytes(StandardCharsets.UTF_8));
    }

    /** The table and index names of a token; a token this server did not make is refused (our wording). */
    private static String[] decodeToken(String token) {
        try {
            String raw = new String(Base64.getUrlDecoder().decode(token), StandardCharsets.UTF_8);
            int cut = raw.indexOf('\n');
            if (cut > 0) return new String[] {raw.substring(0, cut), raw.substring(cut + 1)};
        } catch (IllegalArgumentException e) {
            // falls through to the refusal
        }
        throw Errors.validation("Invalid NextToken: " + token);
    }
}
