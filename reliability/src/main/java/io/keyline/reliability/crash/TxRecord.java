package io.keyline.reliability.crash;

/**
 * One TransactWriteItems with its ClientRequestToken, across its attempts. It adds 1 to a
 * counter on two items in two tables, so after any crash both counters must be equal (not half
 * applied), at most 1 (not applied twice: a retry with the same token within 10 minutes is
 * answered without applying again, docs/RULES.md#TX-IDEMPOTENCY), and 1 if it was acknowledged.
 * Owned by one writer.
 */
final class TxRecord {
    final String id;
    final String token;
    int attempts;
    boolean acknowledged;
    /** The epoch of the last attempt whose reply was lost; -1 if none. */
    int lostReplyEpoch = -1;
    /** An attempt was sent in a later server life than an attempt whose reply was lost. */
    boolean retriedAfterRestart;
    /** Sent again with the same token after it was acknowledged, in the same server life. */
    boolean replayed;
    /** When the first attempt was sent (the harness's clock); -1 before. */
    long firstSentNanos = -1;
    /**
     * An attempt was sent more than the token's 10 minutes after the first: the server may rightly
     * apply it again (docs/RULES.md#TX-IDEMPOTENCY), so a second application is not a finding.
     */
    boolean retriedPastWindow;

    TxRecord(String id, String token) {
        this.id = id;
        this.token = token;
    }
}
