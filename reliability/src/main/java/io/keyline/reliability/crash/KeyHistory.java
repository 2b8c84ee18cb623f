package io.keyline.reliability.crash;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * What one item may hold, as its only writer knows it: the value of the last write that was
 * acknowledged (or last read back), and the values of the writes sent after it whose replies
 * were lost. After a crash the item must hold one of those; anything else is an acknowledged
 * write lost (or a value never written). A value is the item's {@code v}; null is "no item".
 * Owned by one writer thread; read by the checker while that writer is parked.
 */
final class KeyHistory {
    private String settled;
    private final List<String> unsettled = new ArrayList<>();

    /** The reply said the write happened (or a read showed this value). */
    void settle(String value) {
        settled = value;
        unsettled.clear();
    }

    /** The write was sent and its reply lost: it may or may not have happened. */
    void unknown(String value) {
        unsettled.add(value);
    }

    boolean allows(String actual) {
        return Objects.equals(settled, actual) || unsettled.contains(actual);
    }

    /** Whether the last word on this item is an acknowledgement (so a mismatch loses it). */
    String settled() { return settled; }

    @Override
    public String toString() {
        return "settled=" + settled + (unsettled.isEmpty() ? "" : " or one of " + unsettled);
    }
}
