package io.keyline.server.cloudwatch;

import java.util.Set;

/** CloudWatch's {@code StandardUnit} values (the service model's enum), for the {@code Unit} filters. */
final class StandardUnit {
    private static final Set<String> VALUES = Set.of("Seconds", "Microseconds", "Milliseconds", "Bytes", "Kilobytes",
            "Megabytes", "Gigabytes", "Terabytes", "Bits", "Kilobits", "Megabits", "Gigabits", "Terabits", "Percent", "Count",
            "Bytes/Second", "Kilobytes/Second", "Megabytes/Second", "Gigabytes/Second", "Terabytes/Second", "Bits/Second",
            "Kilobits/Second", "Megabits/Second", "Gigabits/Second", "Terabits/Second", "Count/Second", "None");

    private StandardUnit() {}

    /** The unit of {@code member}, checked, or null if absent. */
    static String of(Params request, String member) {
        String unit = request.string(member);
        if (unit != null && !VALUES.contains(unit)) {
            throw CloudWatchError.notInSet(request.name(member), String.join(", ", VALUES.stream().sorted().toList()));
        }
        return unit;
    }
}
