package io.keyline.metadata;

/**
 * The warm throughput a client asked a table or GSI to be ready for (WarmThroughput of
 * CreateTable / UpdateTable): read and write units a second, either null when not given.
 * What DescribeTable reports is this or more, as the capacity model has it
 * (docs/RULES.md#CAP-WARM-THROUGHPUT). Immutable.
 */
public record WarmThroughput(Long readUnitsPerSecond, Long writeUnitsPerSecond) {

    /** This request over {@code earlier}: a member not given keeps the earlier value. */
    public WarmThroughput over(WarmThroughput earlier) {
        if (earlier == null) return this;
        return new WarmThroughput(readUnitsPerSecond != null ? readUnitsPerSecond : earlier.readUnitsPerSecond,
                writeUnitsPerSecond != null ? writeUnitsPerSecond : earlier.writeUnitsPerSecond);
    }

    public long read() { return readUnitsPerSecond == null ? 0 : readUnitsPerSecond; }

    public long write() { return writeUnitsPerSecond == null ? 0 : writeUnitsPerSecond; }
}
