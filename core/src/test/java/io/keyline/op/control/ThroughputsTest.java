package io.keyline.op.control;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.keyline.capacity.Rules;
import io.keyline.error.ApiException;
import org.junit.jupiter.api.Test;

/** The per-table quota as CreateTable and UpdateTable apply it (B.8), on the product's default quota. */
class ThroughputsTest {
    private static final long QUOTA = Rules.DEFAULT_TABLE_QUOTA;

    @Test void tableAndIndexesShareTheProvisionedQuota() { // B.8 [doc, AWS-Q]: sum of the table and its GSIs
        Throughputs.checkTableLimit(40_000 + 0, 1 + 1, QUOTA, QUOTA);
        assertThatThrownBy(() -> Throughputs.checkTableLimit(30_000 + 10_001, 1 + 1, QUOTA, QUOTA))
                .isInstanceOfSatisfying(ApiException.class, e -> assertThat(e.name()).isEqualTo("LimitExceededException"))
                .hasMessageStartingWith("Subscriber limit exceeded")
                .hasMessageContaining("40000 read capacity units");
    }
}
