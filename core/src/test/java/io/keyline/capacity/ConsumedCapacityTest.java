package io.keyline.capacity;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Units of one request on one table; the wire shape is tested in op.response.ConsumedCapacityResponseTest. */
class ConsumedCapacityTest {

    @Test
    void pagesAddUp() {
        ConsumedCapacity a = ConsumedCapacity.builder("T").table(1, 0).globalIndex("g", 0, 1).build();
        ConsumedCapacity b = ConsumedCapacity.builder("T").table(2, 0).globalIndex("g", 0, 1).build();
        assertThat(a.plus(b).units()).isEqualTo(5.0);
        assertThat(a.plus(b).globalSecondaryIndexes().get("g").write()).isEqualTo(2.0);
    }
}
