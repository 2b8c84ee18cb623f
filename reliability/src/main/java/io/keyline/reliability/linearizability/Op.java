package io.keyline.reliability.linearizability;

/**
 * One operation of a history, as a client saw it: invoked at {@code invoked}, completed at
 * {@code completed} (client clock, monotonic nanoseconds), with its outcome. Values are
 * strings; {@link RegisterModel#ABSENT} stands for "no item".
 *
 * <ul>
 * <li>READ: output is the value read (ok only);</li>
 * <li>WRITE: PutItem of {@code value};</li>
 * <li>CAS: UpdateItem to {@code value} on condition that the item holds {@code expected}
 * ({@link RegisterModel#ABSENT}: that it does not exist); FAIL is the condition failing;</li>
 * <li>DELETE: DeleteItem.</li>
 * </ul>
 * INFO is an operation whose outcome is unknown (its reply was lost): it may have taken effect at
 * any time after its invocation, or never. A history holds no failed READ/WRITE/DELETE (a definite
 * failure had no effect and says nothing) and no INFO read.
 */
public record Op(int client, String key, Kind kind, String value, String expected, Outcome outcome, String output,
                 long invoked, long completed) {
    public enum Kind { READ, WRITE, CAS, DELETE }

    public enum Outcome { OK, FAIL, INFO }

    public static Op read(int client, String key, String output, long invoked, long completed) {
        return new Op(client, key, Kind.READ, null, null, Outcome.OK, output, invoked, completed);
    }

    public static Op write(int client, String key, String value, Outcome outcome, long invoked, long completed) {
        return new Op(client, key, Kind.WRITE, value, null, outcome, null, invoked, completed);
    }

    public static Op cas(int client, String key, String expected, String value, Outcome outcome, long invoked, long completed) {
        return new Op(client, key, Kind.CAS, value, expected, outcome, null, invoked, completed);
    }

    public static Op delete(int client, String key, Outcome outcome, long invoked, long completed) {
        return new Op(client, key, Kind.DELETE, null, null, outcome, null, invoked, completed);
    }

    /** When the operation can have taken effect at the latest: never known for INFO. */
    long deadline() {
        return outcome == Outcome.INFO ? Long.MAX_VALUE : completed;
    }

    @Override
    public String toString() {
        String what = switch (kind) {
            case READ -> "read -> " + output;
            case WRITE -> "write " + value;
            case CAS -> "cas " + expected + " -> " + value;
            case DELETE -> "delete";
        };
        return String.format("c%d %s %s %s [%d, %s]", client, key, what, outcome, invoked,
                outcome == Outcome.INFO ? "?" : Long.toString(completed));
    }
}
