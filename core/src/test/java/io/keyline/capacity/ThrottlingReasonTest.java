package io.keyline.capacity;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** docs/RULES.md#THROTTLE-REASONS, #THROTTLE-EXCEPTION: the 16 reasons and the exception each limit sends. */
class ThrottlingReasonTest {

    @Test
    void sixteenWireNames() {
        assertThat(Arrays.stream(ThrottlingReason.values()).map(ThrottlingReason::wire)).containsExactly(
                "TableReadKeyRangeThroughputExceeded", "TableReadProvisionedThroughputExceeded",
                "TableReadAccountLimitExceeded", "TableReadMaxOnDemandThroughputExceeded",
                "TableWriteKeyRangeThroughputExceeded", "TableWriteProvisionedThroughputExceeded",
                "TableWriteAccountLimitExceeded", "TableWriteMaxOnDemandThroughputExceeded",
                "IndexReadKeyRangeThroughputExceeded", "IndexReadProvisionedThroughputExceeded",
                "IndexReadAccountLimitExceeded", "IndexReadMaxOnDemandThroughputExceeded",
                "IndexWriteKeyRangeThroughputExceeded", "IndexWriteProvisionedThroughputExceeded",
                "IndexWriteAccountLimitExceeded", "IndexWriteMaxOnDemandThroughputExceeded");
        assertThat(ThrottlingReason.of(true, true, LimitKind.KEY_RANGE)).isEqualTo(ThrottlingReason.INDEX_WRITE_KEY_RANGE);
    }

    @Test
    void exceptionFollowsTheBillingMode() { // docs/RULES.md#THROTTLE-EXCEPTION
        Throttle gsiProvisioned = Throttle.of(false, true, true, LimitKind.PROVISIONED, "arn:i", -1);
        assertThat(gsiProvisioned.exceptionType()).isEqualTo("ProvisionedThroughputExceededException");
        assertThat(gsiProvisioned.reason().wire()).isEqualTo("IndexWriteProvisionedThroughputExceeded");
        assertThat(gsiProvisioned.throttlingReasons()).containsExactly(
                java.util.Map.of("reason", "IndexWriteProvisionedThroughputExceeded", "resource", "arn:i"));
        Throttle gsiMax = Throttle.of(true, true, true, LimitKind.MAX_ON_DEMAND, "arn:i", -1);
        assertThat(gsiMax.exceptionType()).isEqualTo("ThrottlingException");
        assertThat(Throttle.of(true, false, true, LimitKind.KEY_RANGE, "arn:t", 0).exceptionType()).isEqualTo("ThrottlingException");
        assertThat(Throttle.of(false, false, true, LimitKind.KEY_RANGE, "arn:t", 0).message())
                .isEqualTo(Throttle.MSG_PROVISIONED_TABLE);
        assertThat(Throttle.of(true, false, false, LimitKind.ACCOUNT_LIMIT, "arn:t", -1).exceptionType())
                .isEqualTo("RequestLimitExceeded");
    }
}
