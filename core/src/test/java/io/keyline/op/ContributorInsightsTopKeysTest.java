package io.keyline.op;

import static org.assertj.core.api.Assertions.assertThat;

import io.keyline.capacity.CapacityMode;
import io.keyline.capacity.CapacitySettings;
import io.keyline.engine.config.Settings;
import io.keyline.error.ApiException;
import io.keyline.insights.InsightsRule;
import io.keyline.insights.TopKey;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Contributor Insights finds a planted hot key among 100,000 uniformly accessed ones, by
 * accesses and, on a small provisioned table, by throttles (docs/RULES.md#INSIGHTS-COUNTING).
 * The 100,000-key runs take tens of seconds through the operations, so they are tagged slow;
 * the default run repeats them with 5,000 keys.
 */
class ContributorInsightsTopKeysTest {
    private static final int UNIFORM_KEYS = 100_000;
    /** The same shape at a twentieth of the size, for the default (not slow) run. */
    private static final int QUICK_KEYS = 5_000;
    private static final Duration WINDOW = Duration.ofMinutes(5);

    private static void create(ControlPlane cp, String billing) {
        cp.call("CreateTable", "{'TableName':'tbl'," + billing + ","
                + "'KeySchema':[{'AttributeName':'p','KeyType':'HASH'},{'AttributeName':'c','KeyType':'RANGE'}],"
                + "'AttributeDefinitions':[{'AttributeName':'p','AttributeType':'S'},{'AttributeName':'c','AttributeType':'S'},"
                + "{'AttributeName':'x','AttributeType':'S'}],"
                + "'GlobalSecondaryIndexes':[{'IndexName':'gsi','KeySchema':[{'AttributeName':'x','KeyType':'HASH'}],"
                + "'Projection':{'ProjectionType':'ALL'}" + (billing.contains("PROVISIONED")
                        ? ",'ProvisionedThroughput':{'ReadCapacityUnits':5,'WriteCapacityUnits':5}" : "") + "}]}");
        cp.call("UpdateContributorInsights", "{'TableName':'tbl','ContributorInsightsAction':'ENABLE'}");
        cp.call("UpdateContributorInsights", "{'TableName':'tbl','IndexName':'gsi','ContributorInsightsAction':'ENABLE'}");
    }

    /** Writes key i of the uniform keys, and after every 50th a write of the hot key; true if it was throttled. */
    private static int send(ControlPlane cp, int i) {
        int throttled = put(cp, "k" + i, "c", "g" + i, i);
        if (i % 50 == 0) throttled += put(cp, "hot", "c" + (i % 3), "ghot", i);
        return throttled;
    }

    /** A put whose attribute n changes, so that a rewrite changes the GSI's (ALL) projection and is written there too. */
    private static int put(ControlPlane cp, String p, String c, String x, int n) {
        try {
            cp.operations.dispatch("PutItem", ControlPlane.request("{'TableName':'tbl','Item':{'p':{'S':'" + p + "'},'c':{'S':'" + c
                    + "'},'x':{'S':'" + x + "'},'n':{'N':'" + n + "'}}}"));
            return 0;
        } catch (ApiException e) {
            if (!e.name().equals("ProvisionedThroughputExceededException")) throw e;
            return 1;
        }
    }

    private static List<TopKey> top(ControlPlane cp, String index, InsightsRule rule) {
        return cp.engine.insights().topKeys(cp.engine.table("tbl"), index, rule, WINDOW, 3);
    }

    @Tag("slow")
    @Test void aHotKeyAmongAHundredThousandIsTheMostAccessed() { hotKeyIsTheMostAccessed(UNIFORM_KEYS); }

    @Test void aHotKeyAmongFiveThousandIsTheMostAccessed() { hotKeyIsTheMostAccessed(QUICK_KEYS); }

    @Tag("slow")
    @Test void onASmallProvisionedTableTheHotKeyAmongAHundredThousandIsTheMostThrottled() { hotKeyIsTheMostThrottled(UNIFORM_KEYS); }

    @Test void onASmallProvisionedTableTheHotKeyAmongFiveThousandIsTheMostThrottled() { hotKeyIsTheMostThrottled(QUICK_KEYS); }

    private void hotKeyIsTheMostAccessed(int keys) {
        ControlPlane cp = new ControlPlane();
        create(cp, "'BillingMode':'PAY_PER_REQUEST'");
        for (int i = 0; i < keys; i++) send(cp, i);
        List<TopKey> pk = top(cp, null, InsightsRule.PKC);
        assertThat(pk.get(0).keys()).containsExactly("hot");
        assertThat(pk.get(0).value() - pk.get(0).error()).as("its lower bound beats the runner-up's estimate")
                .isGreaterThan(pk.get(1).value());
        assertThat(top(cp, null, InsightsRule.SKC).get(0).keys()).startsWith("hot");
        assertThat(top(cp, "gsi", InsightsRule.PKC).get(0).keys()).containsExactly("ghot");
        assertThat(top(cp, null, InsightsRule.PKT)).as("nothing was throttled").isEmpty();
    }

    private void hotKeyIsTheMostThrottled(int keys) {
        ControlPlane cp = new ControlPlane(Settings.defaults());
        create(cp, "'BillingMode':'PROVISIONED','ProvisionedThroughput':{'ReadCapacityUnits':5,'WriteCapacityUnits':5}");
        int throttled = 0;
        for (int i = 0; i < keys; i++) throttled += send(cp, i);
        assertThat(throttled).as("the 5 WCU table's burst runs out").isGreaterThan(keys / 2);
        assertThat(top(cp, null, InsightsRule.PKT).get(0).keys()).containsExactly("hot");
        assertThat(top(cp, null, InsightsRule.SKT).get(0).keys()).startsWith("hot");
    }

    @Test void throttledKeysModeCountsNoAccesses() {
        ControlPlane cp = new ControlPlane();
        create(cp, "'BillingMode':'PAY_PER_REQUEST'");
        cp.call("UpdateContributorInsights", "{'TableName':'tbl','ContributorInsightsAction':'ENABLE','ContributorInsightsMode':'THROTTLED_KEYS'}");
        for (int i = 0; i < 100; i++) send(cp, i);
        assertThat(top(cp, null, InsightsRule.PKC)).isEmpty();
        assertThat(top(cp, "gsi", InsightsRule.PKC)).isNotEmpty();
        cp.call("UpdateContributorInsights", "{'TableName':'tbl','IndexName':'gsi','ContributorInsightsAction':'DISABLE'}");
        assertThat(top(cp, "gsi", InsightsRule.PKC)).as("nothing kept once disabled").isEmpty();
    }

    @Test void queryPagesCountUnderTheQueriedPartitionKeyOfTheTableOrTheGsi() {
        ControlPlane cp = new ControlPlane();
        create(cp, "'BillingMode':'PAY_PER_REQUEST'");
        for (int i = 0; i < 20; i++) put(cp, "k" + i, "c", "g" + i, i);
        for (int i = 0; i < 30; i++) {
            cp.call("Query", "{'TableName':'tbl','KeyConditionExpression':'p = :p','ExpressionAttributeValues':{':p':{'S':'k7'}}}");
            cp.call("Query", "{'TableName':'tbl','IndexName':'gsi','KeyConditionExpression':'x = :x','ExpressionAttributeValues':{':x':{'S':'g3'}}}");
        }
        assertThat(top(cp, null, InsightsRule.PKC).get(0).keys()).containsExactly("k7");
        assertThat(top(cp, "gsi", InsightsRule.PKC).get(0).keys()).containsExactly("g3");
        List<TopKey> sortKeys = cp.engine.insights().topKeys(cp.engine.table("tbl"), null, InsightsRule.SKC, WINDOW, 25);
        assertThat(sortKeys).filteredOn(k -> k.keys().get(0).equals("k7")).singleElement()
                .as("a page has no one sort key: the sort-key rule saw only k7's put").extracting(TopKey::value).isEqualTo(1.0);
    }

    @Test void theWindowSlides() {
        ControlPlane cp = new ControlPlane(Settings.defaults().withCapacity(CapacitySettings.defaults().withMode(CapacityMode.ACCOUNT)));
        create(cp, "'BillingMode':'PAY_PER_REQUEST'");
        put(cp, "old", "c", "g", 0);
        cp.clock.advance(Duration.ofMinutes(10));
        put(cp, "new", "c", "g", 0);
        assertThat(top(cp, null, InsightsRule.PKC)).extracting(TopKey::keys).containsExactly(List.of("new"));
        assertThat(cp.engine.insights().topKeys(cp.engine.table("tbl"), null, InsightsRule.PKC, Duration.ofMinutes(60), 3))
                .extracting(TopKey::keys).containsExactlyInAnyOrder(List.of("new"), List.of("old"));
    }
}
