package io.keyline.engine.api;

import java.util.List;

/**
 * A transaction was cancelled: nothing was written, and {@link #reasons()} says why, one
 * {@link CancellationReason} per action in request order. The operation turns it into
 * DynamoDB's TransactionCanceledException (the engine builds no wire shapes). Immutable.
 */
public final class TransactionCancelled extends RuntimeException {
    private final List<CancellationReason> reasons;

    public TransactionCancelled(List<CancellationReason> reasons) {
        super("transaction cancelled: " + reasons.stream().map(CancellationReason::code).toList(), null, false, false);
        this.reasons = List.copyOf(reasons);
    }

    public List<CancellationReason> reasons() { return reasons; }
}
