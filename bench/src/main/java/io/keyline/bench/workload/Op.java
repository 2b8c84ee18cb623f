package io.keyline.bench.workload;

/** The benchmarked operations; {@link #MIXED} is 50/50 GetItem and PutItem chosen by a seeded coin. */
public enum Op {
    PUT("PutItem"),
    GET("GetItem"),
    UPDATE("UpdateItem"),
    QUERY("Query"),
    SCAN("Scan"),
    BATCH_WRITE("BatchWriteItem"),
    MIXED("GetItem+PutItem");

    private final String label;

    Op(String label) { this.label = label; }

    /** The DynamoDB operation name, as in the X-Amz-Target header. */
    public String label() { return label; }

    /** Parses the command-line spelling: put, get, update, query, scan, batch-write, mixed. */
    public static Op parse(String s) {
        return valueOf(s.trim().toUpperCase().replace('-', '_'));
    }

    public String cliName() { return name().toLowerCase().replace('_', '-'); }
}
