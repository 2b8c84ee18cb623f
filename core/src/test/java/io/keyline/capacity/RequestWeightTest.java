package io.keyline.capacity;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.keyline.time.ManualClock;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The simulator's request weight: units count weight times everywhere the model books them; 1 changes nothing. */
class RequestWeightTest {
    private final ManualClock clock = new ManualClock();
    private final CapacityModel model = new CapacityModel(CapacitySettings.defaults(), clock);
    private final TableCapacity table = model.register(new CapacityModel.TableSpec("t", "arn:aws:dynamodb:us-east-1:0:table/t",
            false, false, Throughput.provisioned(3_000, 1_000), List.of(new CapacityModel.GsiSpec("g",
            "arn:aws:dynamodb:us-east-1:0:table/t/index/g", false, Throughput.provisioned(3_000, 1_000)))));

    @Test void unitsCountTheRequestsWeight() {
        assertThat(model.requestWeight()).isEqualTo(1.0);
        table.table().chargeRead(1, 0, 0.5);
        assertThat(table.table().admitWrite(1, 0, 2)).isNull();
        WriteCharge charge = new WriteCharge();
        assertThat(table.admitWrite(charge.reset().add(table.table(), 2, 0, 1).add(table.index("g"), 3, 0, 1))).isNull();
        model.weighRequests(10);
        table.table().chargeRead(1, 0, 0.5);
        assertThat(table.table().admitWrite(1, 0, 2)).isNull();
        assertThat(table.admitWrite(charge.reset().add(table.table(), 2, 0, 1).add(table.index("g"), 3, 0, 1))).isNull();
        assertThat(table.table().consumed(false)).isEqualTo(0.5 + 5.0);
        assertThat(table.table().consumed(true)).isEqualTo(3.0 + 30.0);
        assertThat(table.index("g").consumed(true)).isEqualTo(1.0 + 10.0);
    }

    @Test void aWeightIsPositive() {
        assertThatThrownBy(() -> model.weighRequests(0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> model.weighRequests(Double.NaN)).isInstanceOf(IllegalArgumentException.class);
    }
}
