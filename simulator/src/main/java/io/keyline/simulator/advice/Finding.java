package io.keyline.simulator.advice;

import java.util.Map;

/**
 * One diagnosis, as a person reads it: a headline in the seeds' terms with its numbers in it, the
 * numbers themselves (named, for JSON and for comparing two runs) and the fix.
 *
 * @param severity how much it matters
 * @param code     which check found it, stable (e.g. "PARTITION_THROTTLING"); docs/SIMULATOR.md lists them
 * @param table    the table concerned
 * @param index    the GSI or LSI concerned, or null
 * @param pattern  the access pattern concerned, or null
 * @param headline one line: what is wrong, with its numbers
 * @param numbers  the figures behind the headline, by camelCase name, in a stable order
 * @param fix      what to do about it
 */
public record Finding(Severity severity, String code, String table, String index, String pattern, String headline,
        Map<String, Double> numbers, String fix) {

    public Finding {
        numbers = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(numbers));
    }

    /** What makes two runs' findings "the same finding" when comparing them: the check and its subject. */
    public String identity() {
        return code + "|" + table + "|" + (index == null ? "" : index) + "|" + (pattern == null ? "" : pattern);
    }

    /** The resource named as people name it: "table Orders", "GSI status-index of Orders", "pattern scan-pending". */
    public String subject() {
        if (pattern != null) return "pattern " + pattern;
        return index == null ? "table " + table : "index " + index + " of " + table;
    }
}
