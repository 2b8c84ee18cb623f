package io.keyline.server;

import io.keyline.capacity.CapacitySnapshot;
import io.keyline.engine.Engine;
import io.keyline.metadata.Namespace;
import io.keyline.metrics.Metrics;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Which region an admin page shows ({@code GET /admin/top}, the dashboard's state): the default
 * region, or the one its {@code ?region=} names, as the namespace whose tables a request signed
 * for that region sees ({@link Metrics#namespaceOf}; with --shared-db always the default one).
 * A page only reads: a region that has no capacity model yet shows no tables and makes none.
 * Stateless.
 */
final class RegionChoice {
    /** The region names the server admits in a SigV4 scope; anything else is not a region and is ignored. */
    private static final Pattern REGION = Pattern.compile("[A-Za-z0-9._-]{1,64}");

    private RegionChoice() {}

    /** The namespace of the page's {@code region} query parameter, or the default one. */
    static Namespace of(Metrics metrics, String query) {
        String region = parameter(query, "region");
        return region == null || !REGION.matcher(region).matches() ? metrics.home() : metrics.namespaceOf(region);
    }

    /** Namespace {@code ns}'s tables and partitions; none for a namespace the metrics do not observe. */
    static CapacitySnapshot snapshot(Engine engine, Metrics metrics, Namespace ns) {
        if (!metrics.namespaces().contains(ns)) return new CapacitySnapshot(engine.capacity().model().mode(), List.of());
        return engine.capacity().model(ns).snapshot();
    }

    /** The regions with tables the metrics observe, the default one first. */
    static List<String> regions(Metrics metrics) {
        List<String> out = new ArrayList<>();
        for (Namespace ns : metrics.namespaces()) out.add(ns.region());
        return out;
    }

    private static String parameter(String query, String name) {
        if (query == null) return null;
        for (String pair : query.split("&")) {
            int eq = pair.indexOf('=');
            String key = eq < 0 ? pair : pair.substring(0, eq);
            if (!key.equals(name) || eq < 0) continue;
            try {
                return URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8);
            } catch (IllegalArgumentException malformed) {
                return null;
            }
        }
        return null;
    }
}
