package io.keyline.capacity;

/**
 * A token bucket over the injected clock's nanoseconds: {@code rate} tokens a second up to
 * {@code capacity}. Tokens may go negative: a read is charged after it is served, a table's
 * bucket admits an item larger than itself when full ({@link #hasRoom}), and a partition admits
 * any request while it is in credit ({@link #inCredit}) and charges it in full. Debt is repaid
 * at {@code rate}.
 *
 * <p>Not thread-safe: its owner guards it.
 */
final class TokenBucket {
    private double rate;
    private double capacity;
    private double tokens;
    private long lastNanos;

    TokenBucket(double rate, double capacity, double initial, long now) {
        this.rate = rate;
        this.capacity = capacity;
        this.tokens = initial;
        this.lastNanos = now;
    }

    void refill(long now) {
        long elapsed = now - lastNanos;
        if (elapsed <= 0) return;
        lastNanos = now;
        if (tokens < capacity) tokens = Math.min(capacity, tokens + rate * (elapsed * 1e-9));
    }

    /** Room for {@code amount}: enough tokens, or a full bucket for a request larger than it. */
    boolean hasRoom(double amount) { return tokens >= Math.min(amount, capacity) && tokens > 0; }

    /** Not in debt: a partition admits the next request, whatever its size (docs/RULES.md#CAP-PARTITION-INSTANT). */
    boolean inCredit() { return tokens > 0; }

    void take(double amount) { tokens -= amount; }

    void give(double amount) { tokens += amount; }

    /** Banks {@code amount} (at least 0) up to the capacity; returns what did not fit, which is dropped. */
    double deposit(double amount) {
        double room = Math.max(0, capacity - tokens);
        double kept = Math.min(room, amount);
        tokens += kept;
        return amount - kept;
    }

    double tokens() { return tokens; }

    double rate() { return rate; }

    double capacity() { return capacity; }

    /** New limits; tokens are kept, clipped to the new capacity. Returns the tokens the clip dropped (0 or more). */
    double reset(double newRate, double newCapacity) {
        rate = newRate;
        capacity = newCapacity;
        double dropped = Math.max(0, tokens - newCapacity);
        tokens -= dropped;
        return dropped;
    }

    void fill() { tokens = capacity; }
}
