package io.keyline.simulator.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.keyline.engine.codec.ItemCodec;
import io.keyline.model.AttributeValue;
import io.keyline.model.ItemSize;
import io.keyline.simulator.report.Report;
import io.keyline.storage.Cursor;
import io.keyline.storage.Keyspaces;
import io.keyline.storage.WriteBatch;
import io.keyline.storage.memory.MemoryStorage;
import io.keyline.time.ManualClock;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** SIZES keeps keys and sizes: reads give items of the stored size, and a run's capacity figures are MEMORY's. */
class SizeOnlyStorageTest {
    private static final long ITEMS = 5;

    private static byte[] key(long keyspace, String suffix) { return Keyspaces.key(keyspace, suffix.getBytes()); }

    @Test void aReadGivesTheKeptAttributesAndAFillerOfTheRightSize() {
        SizeOnlyStorage storage = new SizeOnlyStorage(new MemoryStorage());
        storage.keepSizesOf(ITEMS, Set.of("pk", "gsiKey"));
        Map<String, AttributeValue> item = new LinkedHashMap<>();
        item.put("pk", new AttributeValue.S("device-1"));
        item.put("gsiKey", new AttributeValue.S("2026-01-05"));
        item.put("payload", new AttributeValue.S("y".repeat(700)));
        item.put("n", new AttributeValue.N(new java.math.BigDecimal("12.5")));
        storage.write(new WriteBatch().put(key(ITEMS, "a"), ItemCodec.encode(item)).put(key(2, "b"), new byte[] {1, 2, 3}));

        Map<String, AttributeValue> read = ItemCodec.decode(storage.get(key(ITEMS, "a")));
        assertThat(ItemSize.of(read)).isEqualTo(ItemSize.of(item));
        assertThat(read).containsEntry("pk", item.get("pk")).containsEntry("gsiKey", item.get("gsiKey"))
                .containsOnlyKeys("pk", "gsiKey", SizeOnlyStorage.FILLER);
        assertThat(storage.get(key(2, "b"))).containsExactly(1, 2, 3); // other keyspaces pass through
        try (Cursor c = storage.snapshot().range(Keyspaces.prefix(ITEMS), Keyspaces.end(ITEMS), false)) {
            assertThat(c.next()).isTrue();
            assertThat(ItemSize.of(ItemCodec.decode(c.value()))).isEqualTo(ItemSize.of(item));
        }
        assertThat(storage.multiGet(List.of(key(ITEMS, "a"), key(ITEMS, "zz")))).hasSize(2).last().isNull();
    }

    @Test void anItemOfKeysAloneHasNoFiller() {
        SizeOnlyStorage storage = new SizeOnlyStorage(new MemoryStorage());
        storage.keepSizesOf(ITEMS, Set.of("pk"));
        Map<String, AttributeValue> item = Map.of("pk", new AttributeValue.S("k"));
        storage.write(new WriteBatch().put(key(ITEMS, "a"), ItemCodec.encode(item)));
        assertThat(ItemCodec.decode(storage.get(key(ITEMS, "a")))).isEqualTo(item);
    }

    /**
     * The same traffic on whole items and on sizes: the table's figures are the same, and the GSI
     * throttles alike. Only a rewrite of an item whose projected attributes did not change costs
     * differently on the GSI (free with whole items, one write on sizes, where the old item's
     * non-key attributes are the filler): docs/SIMULATOR.md's SIZES caveat.
     */
    @Test void aRunOnSizesMeetsTheSameCapacityAsOnWholeItems() {
        Workload w = Scenarios.iotLike(1_200, 1, 2_000, 2_000, Duration.ofSeconds(15), 9);
        Report memory = Simulation.run(w, new Simulation.Options(Simulation.StorageMode.MEMORY, 1.0), null, new ManualClock());
        Report sizes = Simulation.run(w, new Simulation.Options(Simulation.StorageMode.SIZES, 1.0), null, new ManualClock());
        assertThat(sizes.tables().get(0).table()).isEqualTo(memory.tables().get(0).table());
        assertThat(sizes.tables().get(0).itemCount()).isEqualTo(memory.tables().get(0).itemCount());
        assertThat(sizes.tables().get(0).storageBytes()).isEqualTo(memory.tables().get(0).storageBytes());
        var gsiMemory = memory.tables().get(0).gsis().get(0);
        var gsiSizes = sizes.tables().get(0).gsis().get(0);
        assertThat(gsiSizes.totals().throttleEventsByReason()).isEqualTo(gsiMemory.totals().throttleEventsByReason());
        assertThat(gsiSizes.totals().consumedWriteUnits()).isCloseTo(gsiMemory.totals().consumedWriteUnits(),
                org.assertj.core.api.Assertions.within(gsiMemory.totals().consumedWriteUnits() * 0.02));
        for (int i = 0; i < memory.patterns().size(); i++) {
            assertThat(sizes.patterns().get(i).consumedReadUnits()).isEqualTo(memory.patterns().get(i).consumedReadUnits());
            assertThat(sizes.patterns().get(i).throttledAttempts()).isEqualTo(memory.patterns().get(i).throttledAttempts());
            assertThat(sizes.patterns().get(i).itemsReturned()).isEqualTo(memory.patterns().get(i).itemsReturned());
        }
    }
}
