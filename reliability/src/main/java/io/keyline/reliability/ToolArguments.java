package io.keyline.reliability;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;

/**
 * The tools' command line: a verb, then {@code --name value} pairs. Unknown names are an error
 * when read back ({@link #unused}), so a typo does not run with a default silently. Not
 * thread-safe.
 */
final class ToolArguments {
    private final String verb;
    private final Map<String, String> values = new HashMap<>();

    ToolArguments(String[] args) {
        if (args.length == 0) throw new IllegalArgumentException("no tool named");
        verb = args[0];
        for (int i = 1; i < args.length; i++) {
            if (!args[i].startsWith("--") || i + 1 >= args.length) throw new IllegalArgumentException("expected --name value at " + args[i]);
            values.put(args[i].substring(2), args[++i]);
        }
    }

    String verb() { return verb; }

    String text(String name, String fallback) {
        String v = values.remove(name);
        return v == null ? fallback : v;
    }

    int integer(String name, int fallback) {
        return Integer.parseInt(text(name, Integer.toString(fallback)));
    }

    long number(String name, long fallback) {
        return Long.parseLong(text(name, Long.toString(fallback)));
    }

    /** Seconds, as a plain number. */
    Duration seconds(String name, Duration fallback) {
        String v = text(name, null);
        return v == null ? fallback : Duration.ofMillis((long) (Double.parseDouble(v) * 1000));
    }

    /** Names given but never read. */
    java.util.Set<String> unused() { return values.keySet(); }
}
