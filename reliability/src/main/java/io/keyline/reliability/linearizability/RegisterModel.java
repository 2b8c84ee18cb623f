package io.keyline.reliability.linearizability;

/**
 * The sequential specification of one item seen as a register: a value, or {@link #ABSENT}. A
 * step is legal when the operation's output is what the register would answer in that state;
 * an INFO step has no output to contradict, so it takes the effect it would have had.
 * Stateless; states are immutable strings.
 */
public final class RegisterModel {
    /** The state (and read output) of an item that does not exist. */
    public static final String ABSENT = "\u2205";

    private RegisterModel() {}

    public static String initial() { return ABSENT; }

    /** The state after {@code op} in {@code state}, or null if op could not have returned its output there. */
    public static String step(String state, Op op) {
        return switch (op.kind()) {
            case READ -> state.equals(op.output()) ? state : null;
            case WRITE -> op.value();
            case DELETE -> ABSENT;
            case CAS -> switch (op.outcome()) {
                case OK -> state.equals(op.expected()) ? op.value() : null;
                case FAIL -> state.equals(op.expected()) ? null : state;
                case INFO -> state.equals(op.expected()) ? op.value() : state;
            };
        };
    }
}
