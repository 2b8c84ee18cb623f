package io.keyline.engine.transaction;

import io.keyline.engine.api.CancellationReason;
import io.keyline.engine.api.WriteAction;
import io.keyline.model.AttributeValue;
import java.util.List;
import java.util.Map;

/**
 * Decides whether a planned transaction may be stored now: called under the items' locks once
 * every condition held and every new image is known. The capacity model implements it (each
 * action priced twice, docs/RULES.md#CAP-TRANSACTION); a refusal cancels the transaction with the reasons it returns.
 * Implementations must be thread-safe.
 */
@FunctionalInterface
public interface WriteAdmission {
    WriteAdmission ADMIT_ALL = (actions, oldItems, newItems) -> null;

    /** @return null to go ahead, else one reason per action (e.g. ThrottlingError where refused, None elsewhere) */
    List<CancellationReason> admit(List<WriteAction> actions, List<Map<String, AttributeValue>> oldItems,
                                   List<Map<String, AttributeValue>> newItems);
}
