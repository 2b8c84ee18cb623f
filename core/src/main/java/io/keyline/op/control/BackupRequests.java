package io.keyline.op.control;

import io.keyline.op.request.RestoreOverrides;
import io.keyline.op.request.SseSpecification;
import io.keyline.protocol.JsonObject;
import java.math.BigDecimal;
import java.time.Instant;

/**
 * Decoding of the members backup and restore requests share: timestamps (epoch seconds, with a
 * fraction) and the restore overrides. Stateless.
 */
public final class BackupRequests {
    private BackupRequests() {}

    /** A timestamp member, or null. */
    public static Instant instant(JsonObject request, String member) {
        BigDecimal seconds = request.number(member);
        if (seconds == null) return null;
        return Instant.ofEpochMilli(seconds.movePointRight(3).setScale(0, java.math.RoundingMode.FLOOR).longValueExact());
    }

    public static RestoreOverrides overrides(JsonObject request) {
        return new RestoreOverrides(request.string("BillingModeOverride"),
                SchemaDecoder.throughput(request.object("ProvisionedThroughputOverride")),
                request.has("GlobalSecondaryIndexOverride") ? SchemaDecoder.indexes(request, "GlobalSecondaryIndexOverride", true) : null,
                request.has("LocalSecondaryIndexOverride") ? SchemaDecoder.indexes(request, "LocalSecondaryIndexOverride", false) : null,
                sse(request.object("SSESpecificationOverride")));
    }

    private static SseSpecification sse(JsonObject s) {
        return s == null ? null : new SseSpecification(s.bool("Enabled"), s.string("SSEType"), s.string("KMSMasterKeyId"));
    }
}
