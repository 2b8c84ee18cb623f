package io.keyline.engine.index;

import static org.assertj.core.api.Assertions.assertThat;

import io.keyline.capacity.CapacitySnapshot;
import io.keyline.engine.config.Settings;
import io.keyline.testing.TestStorage;
import io.keyline.time.ManualClock;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * DynamoDB charges a GSI's write units with the base write (docs/RULES.md#CAP-INDEX-WRITE), not
 * when the index is updated: with a 10 s GSI lag and nothing applied yet, the GSI's partitions
 * have already booked its units, as many as the table's for an ALL projection.
 */
class GsiChargedAtAdmissionTest {
    @Test void aGsisUnitsAreBookedWhenTheBaseWriteIsAdmittedNotWhenItsChangeIsApplied() {
        try (IndexFixture f = new IndexFixture(Settings.defaults().withGsiLag(Duration.ofSeconds(10)), TestStorage.open(), new ManualClock())) {
            f.call("CreateTable", "{'TableName':'Orders','BillingMode':'PAY_PER_REQUEST','KeySchema':[{'AttributeName':'id','KeyType':'HASH'}],"
                    + "'AttributeDefinitions':[{'AttributeName':'id','AttributeType':'S'},{'AttributeName':'day','AttributeType':'S'}],"
                    + "'GlobalSecondaryIndexes':[{'IndexName':'ByDay','KeySchema':[{'AttributeName':'day','KeyType':'HASH'}],"
                    + "'Projection':{'ProjectionType':'ALL'}}]}");
            for (int i = 0; i < 5; i++) f.put("Orders", "{'id':{'S':'o" + i + "'},'day':{'S':'d1'},'pad':{'S':'" + "x".repeat(5_000) + "'}}");
            assertThat(f.engine.indexes().changeLog().oldestUnapplied()).as("nothing applied yet").isPresent();
            CapacitySnapshot.TableSnapshot t = f.engine.capacity().snapshot().tables().get(0);
            assertThat(t.table().consumedWrite()).isEqualTo(5 * 5);
            assertThat(t.globalSecondaryIndexes().get(0).consumedWrite()).isEqualTo(5 * 5);
            f.clock.advance(Duration.ofSeconds(10));
            f.engine.indexes().propagateDue();
            assertThat(f.engine.indexes().changeLog().oldestUnapplied()).isEmpty();
            assertThat(f.engine.capacity().snapshot().tables().get(0).globalSecondaryIndexes().get(0).consumedWrite())
                    .as("applying the change books nothing more").isEqualTo(5 * 5);
        }
    }
}
