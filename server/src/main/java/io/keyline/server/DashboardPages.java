package io.keyline.server;

import io.keyline.engine.Engine;
import io.keyline.metrics.Metrics;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The live dashboard's routes under {@link #PATH}: the page, its script and style (server
 * resources), ECharts from its WebJar (org.webjars.npm:echarts, so the page works offline and
 * needs no CDN), and {@link #STATE}, the JSON the page polls every second ({@link DashboardState}).
 * Static files are read from the jar once, on first request. Immutable and thread-safe.
 */
final class DashboardPages {
    /** The page. */
    static final String PATH = "/dashboard";
    /** The JSON document the page polls. */
    static final String STATE = PATH + "/api/state";
    /** The WebJar's path of the charting library; its version is the pom's. */
    static final String ECHARTS = "/META-INF/resources/webjars/echarts/5.3.1/dist/echarts.min.js";

    private DashboardPages() {}

    /** The dashboard's routes for {@link AdminRoutes}. */
    static Map<String, Function<String, Object>> routes(Engine engine, Metrics metrics) {
        Map<String, Function<String, Object>> routes = new LinkedHashMap<>();
        Supplier<Object> page = resource("dashboard/index.html", "text/html; charset=utf-8");
        routes.put(PATH, query -> page.get());
        routes.put(PATH + "/", query -> page.get());
        routes.put(PATH + "/dashboard.js", static_(resource("dashboard/dashboard.js", "text/javascript; charset=utf-8")));
        routes.put(PATH + "/dashboard.css", static_(resource("dashboard/dashboard.css", "text/css; charset=utf-8")));
        routes.put(PATH + "/echarts.min.js", static_(resource(ECHARTS, "text/javascript; charset=utf-8")));
        // the default region's tables, or ?region='s (the page passes its own query string on)
        routes.put(STATE, query -> new DashboardState(engine, metrics, RegionChoice.of(metrics, query)).json());
        return routes;
    }

    private static Function<String, Object> static_(Supplier<Object> file) { return query -> file.get(); }

    /** A file of the jar, read once on first use; a relative name is beside this class. */
    private static Supplier<Object> resource(String name, String contentType) {
        return new Supplier<>() {
            private volatile AdminRoutes.TextPage page;

            @Override public Object get() {
                AdminRoutes.TextPage p = page;
                if (p == null) page = p = new AdminRoutes.TextPage(contentType, read(name));
                return p;
            }
        };
    }

    private static byte[] read(String name) {
        try (InputStream in = DashboardPages.class.getResourceAsStream(name)) {
            if (in == null) throw new IllegalStateException("missing from the jar: " + name);
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
