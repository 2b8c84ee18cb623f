package io.keyline.op;

import static io.keyline.op.ControlPlane.list;
import static io.keyline.op.ControlPlane.map;
import static org.assertj.core.api.Assertions.assertThat;

import io.keyline.capacity.CapacityMode;
import io.keyline.capacity.CapacitySettings;
import io.keyline.engine.config.Settings;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * What a stream shows of its life: DescribeStream's ENABLING, ENABLED, DISABLING and DISABLED on
 * the engine's clock (docs/RULES.md#STREAM-STATUS), and DescribeTable's StreamSpecification,
 * LatestStreamArn and LatestStreamLabel before and after a disable (docs/RULES.md#STREAM-LATEST).
 */
class StreamStatusTest {
    private static ControlPlane withDelays(Duration create, Duration delete) {
        return new ControlPlane(Settings.defaults().withCapacity(CapacitySettings.defaults().withMode(CapacityMode.ACCOUNT))
                .withTableCreateDelay(create).withTableDeleteDelay(delete));
    }

    private static String create(ControlPlane cp) {
        Map<String, Object> d = map(cp.call("CreateTable", "{'TableName':'tab','BillingMode':'PAY_PER_REQUEST',"
                + "'KeySchema':[{'AttributeName':'p','KeyType':'HASH'}],'AttributeDefinitions':[{'AttributeName':'p','AttributeType':'S'}],"
                + "'StreamSpecification':{'StreamEnabled':true,'StreamViewType':'KEYS_ONLY'}}").get("TableDescription"));
        return (String) d.get("LatestStreamArn");
    }

    private static String status(ControlPlane cp, String arn) {
        return (String) map(cp.call("DescribeStream", "{'StreamArn':'" + arn + "'}").get("StreamDescription")).get("StreamStatus");
    }

    private static void disable(ControlPlane cp) {
        cp.call("UpdateTable", "{'TableName':'tab','StreamSpecification':{'StreamEnabled':false}}");
    }

    @Test void enablingThenEnabledThenDisablingThenDisabledOnTheClock() {
        ControlPlane cp = withDelays(Duration.ofSeconds(5), Duration.ofSeconds(3));
        String arn = create(cp);
        assertThat(status(cp, arn)).isEqualTo("ENABLING");
        cp.clock.advance(Duration.ofMillis(4_999));
        assertThat(status(cp, arn)).isEqualTo("ENABLING");
        cp.clock.advance(Duration.ofMillis(1));
        assertThat(status(cp, arn)).isEqualTo("ENABLED");
        disable(cp);
        assertThat(status(cp, arn)).isEqualTo("DISABLING");
        cp.clock.advance(Duration.ofSeconds(3));
        assertThat(status(cp, arn)).isEqualTo("DISABLED");
    }

    @Test void withoutDelaysTheStatusesSettleAtOnce() {
        ControlPlane cp = new ControlPlane();
        String arn = create(cp);
        assertThat(status(cp, arn)).isEqualTo("ENABLED");
        disable(cp);
        assertThat(status(cp, arn)).isEqualTo("DISABLED");
    }

    @Test void aStreamRecordsFromTheMomentItIsEnabledAndNotAfterItIsDisabled() {
        ControlPlane cp = withDelays(Duration.ofSeconds(5), Duration.ofSeconds(5));
        String arn = create(cp);
        cp.clock.advance(Duration.ofSeconds(5)); // the table is ACTIVE (CREATING as long as the stream is ENABLING)
        cp.call("PutItem", "{'TableName':'tab','Item':{'p':{'S':'a'}}}");
        disable(cp);
        assertThat(status(cp, arn)).isEqualTo("DISABLING");
        cp.call("PutItem", "{'TableName':'tab','Item':{'p':{'S':'b'}}}");
        assertThat(StreamReading.events(new StreamReading(cp).all(arn), "p")).containsExactly("INSERT a");
    }

    @Test void disablingKeepsTheLatestStreamButDropsTheSpecification() {
        ControlPlane cp = new ControlPlane();
        String arn = create(cp);
        Map<String, Object> enabled = cp.describe("tab");
        assertThat(map(enabled.get("StreamSpecification"))).containsEntry("StreamEnabled", true).containsEntry("StreamViewType", "KEYS_ONLY");
        String label = (String) enabled.get("LatestStreamLabel");

        disable(cp);
        Map<String, Object> disabled = cp.describe("tab");
        assertThat(disabled).doesNotContainKey("StreamSpecification")
                .containsEntry("LatestStreamArn", arn).containsEntry("LatestStreamLabel", label);

        // After the stream's 24 hours the stream is gone, and DescribeTable still names it as the latest.
        cp.clock.advance(Duration.ofHours(25));
        assertThat(list(cp.call("ListStreams", "{'TableName':'tab'}").get("Streams"))).isEmpty();
        assertThat(cp.describe("tab")).containsEntry("LatestStreamArn", arn).doesNotContainKey("StreamSpecification");

        // Enabling again replaces it.
        Map<String, Object> again = map(cp.call("UpdateTable", "{'TableName':'tab','StreamSpecification':{'StreamEnabled':true,"
                + "'StreamViewType':'NEW_IMAGE'}}").get("TableDescription"));
        assertThat((String) again.get("LatestStreamArn")).isNotEqualTo(arn);
        assertThat(map(again.get("StreamSpecification"))).containsEntry("StreamViewType", "NEW_IMAGE");
    }

    @Test void aTableThatNeverHadAStreamShowsNone() {
        ControlPlane cp = new ControlPlane();
        cp.createSimple("plain", false);
        assertThat(cp.describe("plain")).doesNotContainKeys("StreamSpecification", "LatestStreamArn", "LatestStreamLabel");
    }
}
