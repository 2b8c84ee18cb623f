package io.keyline.server.cloudwatch;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * The query protocol's form ({@code Action=GetMetricStatistics&Version=2010-08-01&Namespace=...
 * &Dimensions.member.1.Name=TableName&...}) as the same tree the other protocols give: dotted
 * names become nested structures and {@code <list>.member.<n>} becomes a list in the order of n.
 * Leaves stay strings ({@link Params} reads them). Stateless.
 */
final class QueryForm {
    private QueryForm() {}

    static Map<String, Object> parse(String form) {
        Map<String, Object> root = new LinkedHashMap<>();
        if (form == null || form.isEmpty()) return root;
        for (String pair : form.split("&")) {
            if (pair.isEmpty()) continue;
            int eq = pair.indexOf('=');
            String name = decode(eq < 0 ? pair : pair.substring(0, eq));
            String value = eq < 0 ? "" : decode(pair.substring(eq + 1));
            put(root, name.split("\\."), value);
        }
        return listsOf(root);
    }

    private static void put(Map<String, Object> root, String[] path, String value) {
        Map<String, Object> at = root;
        for (int i = 0; i < path.length - 1; i++) {
            Object next = at.get(path[i]);
            if (!(next instanceof Map)) {
                next = new LinkedHashMap<String, Object>();
                at.put(path[i], next);
            }
            @SuppressWarnings("unchecked")
            Map<String, Object> m = (Map<String, Object>) next;
            at = m;
        }
        at.put(path[path.length - 1], value);
    }

    /** Replaces each {@code {member: {1: a, 2: b}}} with {@code [a, b]}, depth first. */
    @SuppressWarnings("unchecked")
    private static Map<String, Object> listsOf(Map<String, Object> m) {
        for (Map.Entry<String, Object> e : m.entrySet()) {
            if (e.getValue() instanceof Map<?, ?> child) e.setValue(listOrStruct(listsOf((Map<String, Object>) child)));
        }
        return m;
    }

    private static Object listOrStruct(Map<String, Object> m) {
        if (m.size() != 1 || !(m.get("member") instanceof Map<?, ?> members)) return m;
        TreeMap<Integer, Object> byIndex = new TreeMap<>();
        for (Map.Entry<?, ?> e : members.entrySet()) {
            try {
                byIndex.put(Integer.parseInt((String) e.getKey()), e.getValue());
            } catch (NumberFormatException ex) {
                return m;
            }
        }
        return new ArrayList<>(byIndex.values());
    }

    private static String decode(String s) {
        try {
            return URLDecoder.decode(s, StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            throw CloudWatchError.malformed();
        }
    }
}
