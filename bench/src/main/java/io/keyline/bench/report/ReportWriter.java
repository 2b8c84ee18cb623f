package io.keyline.bench.report;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import io.keyline.bench.load.LoadInterval;
import io.keyline.bench.load.LoadResult;
import io.keyline.bench.target.StartupRecord;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Writes a matrix's results as a Markdown table (medians and ratios, one row per scenario and
 * target) and as JSON (metadata, every run, every summary). Stateless.
 */
public final class ReportWriter {
    private ReportWriter() {}

    public static String markdown(Map<String, String> metadata, List<Summary> summaries) {
        StringBuilder md = new StringBuilder();
        for (Map.Entry<String, String> e : metadata.entrySet()) {
            md.append("- ").append(e.getKey()).append(": `").append(e.getValue()).append("`\n");
        }
        md.append('\n');
        md.append("| client | op | item | keys | load | target | runs | req/s | ×SoL | ×dynalite | p50 µs | p99 µs | server CPU µs/req | client CPU µs/req | errors |\n");
        md.append("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|\n");
        for (Summary s : summaries) {
            Scenario c = s.scenario();
            md.append("| ").append(c.client()).append(" | ").append(c.op().cliName()).append(" | ")
              .append(c.itemBytes()).append(" B | ").append(c.keys().cliName()).append(" | ")
              .append(c.load().label()).append(" | ").append(s.target()).append(" | ").append(s.runs()).append(" | ")
              .append(fmt(s.throughput(), 0)).append(" | ")
              .append(fmt(s.ratioToSol(), 2)).append(" | ")
              .append(s.target().equals(Summary.DYNALITE) ? "" : fmt(s.ratioToDynalite(), 2)).append(" | ")
              .append(fmt(s.p50Micros(), 0)).append(" | ").append(fmt(s.p99Micros(), 0)).append(" | ")
              .append(fmt(s.serverCpuMicros(), 1)).append(" | ").append(fmt(s.clientCpuMicros(), 1)).append(" | ")
              .append(s.errors()).append(" |\n");
        }
        return md.toString();
    }

    static String fmt(double v, int decimals) {
        if (Double.isNaN(v) || Double.isInfinite(v)) return "–";
        return String.format(Locale.ROOT, "%,." + decimals + "f", v);
    }

    public static void json(Path file, Map<String, String> metadata, List<RunRecord> runs, List<Summary> summaries,
                            List<StartupRecord> startup) throws IOException {
        try (OutputStream out = Files.newOutputStream(file);
             JsonGenerator g = new JsonFactory().createGenerator(out).useDefaultPrettyPrinter()) {
            g.writeStartObject();
            g.writeObjectFieldStart("metadata");
            for (Map.Entry<String, String> e : metadata.entrySet()) g.writeStringField(e.getKey(), e.getValue());
            g.writeEndObject();
            g.writeArrayFieldStart("runs");
            for (RunRecord r : runs) {
                g.writeStartObject();
                scenario(g, r.scenario());
                g.writeStringField("target", r.target());
                g.writeNumberField("repetition", r.repetition());
                if (!Double.isNaN(r.offeredRate())) number(g, "offeredRate", r.offeredRate());
                LoadResult x = r.result();
                g.writeNumberField("requests", x.requests());
                g.writeNumberField("errors", x.errors());
                number(g, "seconds", x.seconds());
                number(g, "throughput", x.throughput());
                number(g, "p50Micros", x.p50Micros());
                number(g, "p99Micros", x.p99Micros());
                number(g, "p999Micros", x.p999Micros());
                number(g, "maxMicros", x.maxMicros());
                number(g, "serverCpuMicrosPerRequest", x.serverCpuMicrosPerRequest());
                number(g, "clientCpuMicrosPerRequest", x.clientCpuMicrosPerRequest());
                if (x.firstError() != null) g.writeStringField("firstError", x.firstError());
                timeline(g, x.timeline());
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeArrayFieldStart("summaries");
            for (Summary s : summaries) {
                g.writeStartObject();
                scenario(g, s.scenario());
                g.writeStringField("target", s.target());
                g.writeNumberField("runs", s.runs());
                number(g, "throughput", s.throughput());
                number(g, "ratioToSpeedOfLight", s.ratioToSol());
                number(g, "ratioToDynalite", s.ratioToDynalite());
                number(g, "p50Micros", s.p50Micros());
                number(g, "p99Micros", s.p99Micros());
                number(g, "serverCpuMicrosPerRequest", s.serverCpuMicros());
                number(g, "clientCpuMicrosPerRequest", s.clientCpuMicros());
                g.writeNumberField("errors", s.errors());
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeArrayFieldStart("startup");
            for (StartupRecord s : startup) {
                g.writeStartObject();
                g.writeStringField("target", s.target());
                number(g, "readyMillis", s.readyMillis());
                number(g, "idleRssMegabytes", s.idleRssMegabytes());
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeEndObject();
        }
    }

    private static void scenario(JsonGenerator g, Scenario s) throws IOException {
        g.writeStringField("client", s.client());
        g.writeStringField("op", s.op().cliName());
        g.writeNumberField("itemBytes", s.itemBytes());
        g.writeStringField("keys", s.keys().cliName());
        g.writeStringField("mode", s.load().mode().name().toLowerCase(Locale.ROOT));
        g.writeNumberField("concurrency", s.load().concurrency());
        if (s.load().mode() == io.keyline.bench.load.LoadSpec.Mode.OPEN) number(g, "rate", s.load().rate());
        if (s.load().mode() == io.keyline.bench.load.LoadSpec.Mode.FRACTION_OF_MAX) number(g, "fractionOfMax", s.load().rate());
    }

    /** NaN and infinities are not JSON: written as null. */
    private static void number(JsonGenerator g, String name, double v) throws IOException {
        if (Double.isNaN(v) || Double.isInfinite(v)) g.writeNullField(name);
        else g.writeNumberField(name, Math.round(v * 1000) / 1000.0);
    }

    /** One row per slice, [start ms, requests, p99 µs, max µs]: compact enough to keep for every run. */
    private static void timeline(JsonGenerator g, List<LoadInterval> timeline) throws IOException {
        if (timeline.isEmpty()) return;
        g.writeArrayFieldStart("timeline");
        for (LoadInterval i : timeline) {
            g.writeStartArray();
            g.writeNumber(i.startMillis());
            g.writeNumber(i.requests());
            g.writeNumber(Math.round(i.p99Micros()));
            g.writeNumber(Math.round(i.maxMicros()));
            g.writeEndArray();
        }
        g.writeEndArray();
    }
}
