package io.keyline.op.response;

import io.keyline.engine.api.CancellationReason;
import io.keyline.error.ApiException;
import io.keyline.error.Errors;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * TransactionCanceledException as DynamoDB sends it: a message listing every action's code in
 * order, and CancellationReasons with one entry per action (API_CancellationReason: Item when
 * present, Code, Message when present). Stateless.
 */
public final class CancellationReasons {
    private CancellationReasons() {}

    /**
     * The exception for these reasons, e.g. "Transaction cancelled, please refer cancellation
     * reasons for specific reasons [ConditionalCheckFailed, None]".
     */
    public static ApiException error(List<CancellationReason> reasons) {
        List<String> codes = new ArrayList<>(reasons.size());
        List<Object> wire = new ArrayList<>(reasons.size());
        for (CancellationReason r : reasons) {
            codes.add(r.code());
            wire.add(render(r));
        }
        return Errors.transactionCanceled(
                "Transaction cancelled, please refer cancellation reasons for specific reasons [" + String.join(", ", codes) + "]",
                wire);
    }

    /** One reason's wire form: Item (when present), Code, Message (when present). */
    public static Map<String, Object> render(CancellationReason reason) {
        Map<String, Object> m = new LinkedHashMap<>();
        if (reason.item() != null) m.put("Item", reason.item());
        m.put("Code", reason.code());
        if (reason.message() != null) m.put("Message", reason.message());
        return m;
    }
}
