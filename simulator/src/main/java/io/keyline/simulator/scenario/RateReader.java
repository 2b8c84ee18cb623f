package io.keyline.simulator.scenario;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/** Reads a schema-valid rate into a {@link RateCurve}. Loading only; stateless. */
final class RateReader {
    private final YamlDocument doc;
    private final long startEpochMillis;

    RateReader(YamlDocument doc, long startEpochMillis) {
        this.doc = doc;
        this.startEpochMillis = startEpochMillis;
    }

    RateCurve read(JsonNode rate, String at) throws ScenarioException {
        if (rate.isNumber()) return new RateCurve.Constant(rate.asDouble());
        var field = rate.fields().next();
        JsonNode v = field.getValue();
        String vAt = at + "/" + field.getKey();
        return switch (field.getKey()) {
            case "constant" -> new RateCurve.Constant(v.asDouble());
            case "ramp" -> {
                long over = duration(v.get("over"), vAt + "/over").toNanos();
                if (over <= 0) throw doc.error(vAt + "/over", "a ramp must last longer than 0");
                long start = v.has("start") ? duration(v.get("start"), vAt + "/start").toNanos() : 0;
                yield new RateCurve.Ramp(v.get("from").asDouble(), v.get("to").asDouble(), start, over);
            }
            case "daily" -> {
                String peak = v.path("peakAt").asText("12:00");
                long second = Long.parseLong(peak.substring(0, 2)) * 3600 + Long.parseLong(peak.substring(3, 5)) * 60;
                if (v.get("min").asDouble() > v.get("max").asDouble()) {
                    throw doc.error(vAt + "/min", "a daily curve's min (" + v.get("min").asText() + ") is above its max (" + v.get("max").asText() + ")");
                }
                yield new RateCurve.Daily(v.get("min").asDouble(), v.get("max").asDouble(), second, startEpochMillis);
            }
            case "spikes" -> {
                List<RateCurve.Spikes.Spike> spikes = new ArrayList<>();
                for (int i = 0; i < v.size(); i++) {
                    JsonNode s = v.get(i);
                    spikes.add(new RateCurve.Spikes.Spike(duration(s.get("at"), vAt + "/" + i + "/at").toNanos(),
                            duration(s.get("for"), vAt + "/" + i + "/for").toNanos(), s.get("rate").asDouble()));
                }
                yield new RateCurve.Spikes(List.copyOf(spikes));
            }
            case "sum" -> {
                List<RateCurve> parts = new ArrayList<>();
                for (int i = 0; i < v.size(); i++) parts.add(read(v.get(i), vAt + "/" + i));
                yield new RateCurve.Sum(List.copyOf(parts));
            }
            default -> throw new IllegalStateException(field.getKey());
        };
    }

    Duration duration(JsonNode text, String at) throws ScenarioException {
        try {
            return DurationText.parse(text.asText());
        } catch (IllegalArgumentException e) {
            throw doc.error(at, e.getMessage());
        }
    }
}
