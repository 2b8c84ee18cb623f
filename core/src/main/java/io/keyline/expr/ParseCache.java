package io.keyline.expr;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;

/**
 * A bounded LRU cache of parse results keyed by grammar and expression text. Cached values are
 * unresolved, immutable ASTs, so they can be shared between requests; resolution happens per
 * request. Failed parses are not cached. Thread-safe (one lock; parsing happens outside it).
 */
final class ParseCache {
    /** Enough distinct expressions for a busy application; each entry is a small tree. */
    static final int DEFAULT_CAPACITY = 2048;

    private static final ParseCache SHARED = new ParseCache(DEFAULT_CAPACITY);

    private final Map<String, Object> entries;

    ParseCache(int capacity) {
        this.entries = new LinkedHashMap<>(64, 0.75f, true) {
            @Override protected boolean removeEldestEntry(Map.Entry<String, Object> eldest) {
                return size() > capacity;
            }
        };
    }

    static ParseCache shared() { return SHARED; }

    @SuppressWarnings("unchecked")
    <T> T get(char grammar, String text, Supplier<T> parse) {
        String key = grammar + text;
        synchronized (this) {
            Object hit = entries.get(key);
            if (hit != null) return (T) hit;
        }
        T parsed = parse.get();
        synchronized (this) {
            entries.put(key, parsed);
        }
        return parsed;
    }

    synchronized int size() { return entries.size(); }
}
