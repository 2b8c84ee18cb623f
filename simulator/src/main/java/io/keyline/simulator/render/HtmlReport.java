package io.keyline.simulator.render;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/**
 * {@code --html}: one self-contained page. The page's script draws everything from the
 * {@link JsonReport} document embedded in it (the same figures as {@code --json}): the findings,
 * the cost, per table and GSI consumed vs provisioned units over time, throttle events by reason
 * and partition load, and the patterns' latency. ECharts is inlined from its WebJar
 * (org.webjars.npm:echarts, the version of the root pom, as the dashboard serves it), so the page
 * opens offline and from a file. Stateless.
 */
public final class HtmlReport {
    /** The WebJar's path of the charting library; its version is the pom's. */
    static final String ECHARTS = "/META-INF/resources/webjars/echarts/5.3.1/dist/echarts.min.js";
    private static final String TEMPLATE = "report.html";

    private HtmlReport() {}

    public static String render(Outcome o) {
        String page = read(TEMPLATE);
        // JSON inside a script element: "</" would end the element, and U+2028/9 end lines in older engines
        String data = JsonReport.render(o).replace("</", "<\\/").replace("\u2028", "\\u2028").replace("\u2029", "\\u2029");
        return page.replace("@TITLE@", escape(o.report().scenario()))
                .replace("/*@ECHARTS@*/", read(ECHARTS).replace("</script", "<\\/script"))
                .replace("/*@REPORT@*/", data);
    }

    private static String escape(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
    }

    private static String read(String name) {
        try (InputStream in = HtmlReport.class.getResourceAsStream(name)) {
            if (in == null) throw new IllegalStateException("missing from the jar: " + name);
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
