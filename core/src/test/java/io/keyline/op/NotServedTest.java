package io.keyline.op;

import static org.assertj.core.api.Assertions.assertThat;

import io.keyline.error.ApiException;
import org.junit.jupiter.api.Test;

/** What Keyline does not serve answers a ValidationException naming the operation; an unknown name stays unknown. */
class NotServedTest {
    private final ControlPlane cp = new ControlPlane();

    @Test void eachOperationNotServedIsNamed() {
        assertThat(NotServed.OPERATIONS).containsKeys("CreateGlobalTable", "ListGlobalTables", "ExportTableToPointInTime", "ImportTable",
                "ListImports", "EnableKinesisStreamingDestination", "UpdateKinesisStreamingDestination", "PutResourcePolicy");
        for (String op : NotServed.OPERATIONS.keySet()) {
            ApiException e = cp.fail(op, "{}");
            assertThat(e.name()).as(op).isIn("ValidationException");
            if (!e.getMessage().contains("validation error")) {
                assertThat(e.getMessage()).as(op).startsWith(op + " is not served by Keyline: ").contains(NotServed.OPERATIONS.get(op));
            }
        }
        ApiException e = cp.fail("ListGlobalTables", "{}");
        assertThat(e.getMessage()).isEqualTo("ListGlobalTables is not served by Keyline: global tables (replicas in other regions) "
                + "are not implemented (see README.md, \"Not served\")");
    }

    @Test void replicaUpdatesInUpdateTableAreNotServed() {
        cp.createSimple("tbl", false);
        ApiException e = cp.fail("UpdateTable", "{'TableName':'tbl','ReplicaUpdates':[{'Create':{'RegionName':'eu-west-1'}}]}");
        assertThat(e.name()).isEqualTo("ValidationException");
        assertThat(e.getMessage()).startsWith("UpdateTable's ReplicaUpdates is not served by Keyline");
    }

    @Test void anUnknownNameIsStillAnUnknownOperation() {
        assertThat(cp.operations.get("NoSuchOperation")).isNull();
        assertThat(cp.fail("NoSuchOperation", "{}").name()).isEqualTo("UnknownOperationException");
        assertThat(cp.operations.get("ExportTableToPointInTime")).isNotNull();
    }
}
