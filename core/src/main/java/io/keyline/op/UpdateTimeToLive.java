package io.keyline.op;

import io.keyline.engine.Engine;
import io.keyline.engine.Tables;
import io.keyline.engine.config.TimeToLiveSettings;
import io.keyline.error.Errors;
import io.keyline.metadata.TableMetadata;
import io.keyline.metadata.TimeToLiveState;
import io.keyline.metadata.TimeToLiveStatus;
import io.keyline.op.request.Names;
import io.keyline.op.request.UpdateTimeToLiveRequest;
import io.keyline.op.response.TimeToLiveDescriptions;
import io.keyline.protocol.JsonObject;
import java.time.Instant;

/**
 * UpdateTimeToLive: turns a table's Time to Live on, naming the attribute that holds each item's
 * expiry time, or off (docs/RULES.md#TTL-STATUS). DynamoDB's refusals, in its order
 * (docs/RULES.md#TTL-ERRORS): enabling while a setting is active, disabling while none is,
 * disabling with another attribute than the active one; then a second change within the change
 * interval (docs/RULES.md#TTL-CHANGE-RATE). A change goes through ENABLING or DISABLING for the
 * configured status delay (default 0: settled at once). The setting is a member of the table's
 * catalog record, so it survives a restart; the checks and the change run under the catalog
 * lock, so two concurrent changes cannot both pass. Stateless.
 */
public final class UpdateTimeToLive implements Operation<UpdateTimeToLiveRequest> {
    static final String ALREADY_ENABLED = "TimeToLive is already enabled";
    static final String ALREADY_DISABLED = "TimeToLive is already disabled";
    static final String OTHER_ATTRIBUTE = "TimeToLive is active on a different AttributeName: current AttributeName is ";
    static final String TOO_SOON = "Time to live has been modified multiple times within a fixed interval";

    private final Tables tables;
    private final TimeToLiveSettings settings;

    public UpdateTimeToLive(Engine engine) {
        this.tables = engine.tables();
        this.settings = engine.settings().timeToLive();
    }

    @Override public String name() { return "UpdateTimeToLive"; }

    @Override public UpdateTimeToLiveRequest decode(JsonObject request) {
        JsonObject spec = request.object("TimeToLiveSpecification");
        return new UpdateTimeToLiveRequest(request.string("TableName"), Boolean.TRUE.equals(spec.bool("Enabled")),
                spec.string("AttributeName"));
    }

    @Override public Object run(UpdateTimeToLiveRequest request) {
        Instant now = tables.now();
        TableMetadata updated = tables.update(request.tableName(),
                current -> current.toBuilder().timeToLive(change(current.timeToLive(), request, now)).build());
        if (updated == null) throw Names.notFound(request.tableName());
        return TimeToLiveDescriptions.specification(request.enabled(), request.attributeName());
    }

    /** The table's new setting, or DynamoDB's refusal; {@code stored} is null if never configured. */
    private TimeToLiveState change(TimeToLiveState stored, UpdateTimeToLiveRequest request, Instant now) {
        TimeToLiveState was = stored == null ? null : stored.resolvedAt(now);
        boolean active = was != null && was.status() != TimeToLiveStatus.DISABLED;
        String name = request.attributeName();
        if (request.enabled() && active) {
            throw Errors.validation(was.attributeName().equals(name) ? ALREADY_ENABLED : OTHER_ATTRIBUTE + was.attributeName());
        }
        if (!request.enabled() && !active) throw Errors.validation(ALREADY_DISABLED);
        if (!request.enabled() && !was.attributeName().equals(name)) throw Errors.validation(OTHER_ATTRIBUTE + was.attributeName());
        if (was != null && was.lastChange() != null && now.isBefore(was.lastChange().plus(settings.changeInterval()))) {
            throw Errors.validation(TOO_SOON);
        }
        boolean settled = settings.statusDelay().isZero();
        TimeToLiveStatus status = request.enabled()
                ? (settled ? TimeToLiveStatus.ENABLED : TimeToLiveStatus.ENABLING)
                : (settled ? TimeToLiveStatus.DISABLED : TimeToLiveStatus.DISABLING);
        return new TimeToLiveState(status, name, now, settled ? null : now.plus(settings.statusDelay()));
    }
}
