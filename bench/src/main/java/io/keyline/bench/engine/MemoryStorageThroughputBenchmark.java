package io.keyline.bench.engine;

import io.keyline.storage.Storage;
import io.keyline.storage.memory.MemoryStorage;
import io.keyline.storage.WriteBatch;
import io.keyline.time.Clock;
import io.keyline.time.SystemClock;
import java.nio.ByteBuffer;
import java.util.Random;

/**
 * Point get and put throughput of {@link MemoryStorage} at 1,000 and 1,000,000 keys, through the
 * storage SPI only. Keys look like the engine's item keys: an 8-byte keyspace id, an 8-byte
 * token, a 12-byte partition key; values are 60 bytes. A get reads a random stored key; a put
 * overwrites a random stored key in a batch of its own. A harness, not a test (the suite does
 * not run it):
 * <pre>
 * mvn -o -q -pl core test-compile dependency:build-classpath -Dmdep.outputFile=target/classpath.txt
 * java -Xmx3g -cp core/target/classes:core/target/test-classes:$(cat core/target/classpath.txt) \
 *     io.keyline.storage.memory.MemoryStorageThroughputBenchmark
 * </pre>
 * Single-threaded; seeded randomness; time from {@link SystemClock}. Prints the best of five
 * rounds of each measurement (the machine is shared, so the best round is the least disturbed).
 */
public final class MemoryStorageThroughputBenchmark {
    private static final Clock CLOCK = SystemClock.INSTANCE;
    private static final int OPS_PER_ROUND = 200_000;
    private static final int ROUNDS = 5;

    private MemoryStorageThroughputBenchmark() {}

    public static void main(String[] args) {
        for (int size : new int[] {1_000, 1_000_000}) {
            Storage storage = new MemoryStorage();
            byte[][] keys = fill(storage, size);
            Random random = new Random(42);
            double bestGet = 0;
            double bestPut = 0;
            long sink = 0;
            for (int round = 0; round < ROUNDS + 2; round++) { // two warm-up rounds
                long start = CLOCK.nanos();
                for (int i = 0; i < OPS_PER_ROUND; i++) sink += storage.get(keys[random.nextInt(size)]).length;
                double gets = OPS_PER_ROUND / ((CLOCK.nanos() - start) / 1e9);
                byte[] value = new byte[60];
                start = CLOCK.nanos();
                for (int i = 0; i < OPS_PER_ROUND; i++) storage.write(new WriteBatch().put(keys[random.nextInt(size)], value));
                double puts = OPS_PER_ROUND / ((CLOCK.nanos() - start) / 1e9);
                if (round >= 2) {
                    bestGet = Math.max(bestGet, gets);
                    bestPut = Math.max(bestPut, puts);
                }
            }
            System.out.printf("%,10d keys: get %,.0f ops/s, put %,.0f ops/s (best of %d rounds of %,d; checksum %d)%n",
                    size, bestGet, bestPut, ROUNDS, OPS_PER_ROUND, sink % 10);
            storage.close();
        }
    }

    private static byte[][] fill(Storage storage, int size) {
        Random random = new Random(7);
        byte[][] keys = new byte[size][];
        WriteBatch batch = new WriteBatch();
        for (int i = 0; i < size; i++) {
            keys[i] = ByteBuffer.allocate(28).putLong(5).putLong(random.nextLong()).put(String.format("user-%07d", i).getBytes()).array();
            batch.put(keys[i], new byte[60]);
            if (batch.size() == 10_000) {
                storage.write(batch);
                batch = new WriteBatch();
            }
        }
        if (!batch.isEmpty()) storage.write(batch);
        return keys;
    }
}
