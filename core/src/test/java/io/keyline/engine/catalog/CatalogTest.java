package io.keyline.engine.catalog;

import io.keyline.engine.Engine;
import io.keyline.engine.catalog.Catalog;
import io.keyline.engine.catalog.ItemSizer;
import io.keyline.engine.catalog.TableStatistics;
import io.keyline.engine.config.Settings;
import io.keyline.error.InternalFailure;
import io.keyline.metadata.BillingMode;
import io.keyline.metadata.IndexKind;
import io.keyline.metadata.IndexMetadata;
import io.keyline.metadata.Namespace;
import io.keyline.metadata.NewIndex;
import io.keyline.metadata.NewTable;
import io.keyline.metadata.OnDemandThroughput;
import io.keyline.metadata.PrimaryKeys;
import io.keyline.metadata.Projection;
import io.keyline.metadata.ProjectionType;
import io.keyline.metadata.ProvisionedThroughputState;
import io.keyline.metadata.SseSettings;
import io.keyline.metadata.StreamSettings;
import io.keyline.metadata.TableMetadata;
import io.keyline.metadata.TableStatus;
import io.keyline.storage.Keyspaces;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.keyline.model.KeyAttribute;
import io.keyline.model.KeySchema;
import io.keyline.model.ScalarType;
import io.keyline.storage.WriteBatch;
import io.keyline.storage.memory.MemoryStorage;
import io.keyline.time.ManualClock;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CatalogTest {
    private final MemoryStorage storage = new MemoryStorage();
    private final ManualClock clock = new ManualClock();
    private final Settings settings = Settings.defaults();

    private Catalog catalog() { return new Catalog(storage, clock, settings, ItemSizer.STORED_LENGTH); }

    private NewTable table(String name) {
        KeySchema keys = KeySchema.of(new KeyAttribute("p", ScalarType.S), new KeyAttribute("c", ScalarType.N));
        Map<String, ScalarType> defs = new LinkedHashMap<>();
        defs.put("p", ScalarType.S);
        defs.put("c", ScalarType.N);
        defs.put("x", ScalarType.B);
        KeySchema gsiKeys = new KeySchema(List.of(new KeyAttribute("x", ScalarType.B), new KeyAttribute("p", ScalarType.S)),
                List.of(new KeyAttribute("c", ScalarType.N)));
        NewIndex gsi = new NewIndex("gsi", IndexKind.GLOBAL, gsiKeys, new Projection(ProjectionType.INCLUDE, List.of("a", "b")),
                ProvisionedThroughputState.of(3, 4), new OnDemandThroughput(null, 7L));
        NewIndex lsi = new NewIndex("lsi", IndexKind.LOCAL, KeySchema.of(new KeyAttribute("p", ScalarType.S),
                new KeyAttribute("x", ScalarType.B)), Projection.all(), null, null);
        return new NewTable(name, keys, defs, BillingMode.PROVISIONED, ProvisionedThroughputState.of(5, 6), null,
                List.of(lsi), List.of(gsi), new StreamSettings(true, "NEW_IMAGE", "label", clock.now()),
                new SseSettings("KMS", "key"), "STANDARD", true, Map.of("k", "v"));
    }

    @Test void tablesSurviveANewEngineOnTheSameStorage() {
        Catalog first = catalog();
        TableMetadata a = first.create(table("alpha"));
        TableMetadata b = first.create(table("beta"));
        Engine reopened = new Engine(storage, clock, settings);
        assertThat(reopened.catalog().get("alpha")).isEqualTo(a);
        assertThat(reopened.catalog().get("beta")).isEqualTo(b);
        assertThat(reopened.catalog().names(null, 10)).containsExactly("alpha", "beta");
    }

    @Test void keyspaceIdsAreNeverReused() {
        Catalog first = catalog();
        TableMetadata a = first.create(table("alpha"));
        first.delete("alpha", t -> { });
        Catalog reopened = catalog();
        TableMetadata again = reopened.create(table("alpha"));
        long highestOld = a.indexes().stream().mapToLong(IndexMetadata::keyspaceId).max().orElseThrow();
        assertThat(again.keyspaceId()).isGreaterThan(Math.max(highestOld, a.keyspaceId()));
        assertThat(again.tableId()).isNotEqualTo(a.tableId());
    }

    @Test void nameIsTakenOnce() {
        Catalog c = catalog();
        assertThat(c.create(table("alpha"))).isNotNull();
        assertThat(c.create(table("alpha"))).isNull();
    }

    @Test void statisticsAreRebuiltByScanningKeyspaces() {
        Catalog first = catalog();
        TableMetadata t = first.create(table("alpha"));
        long gsi = t.globalIndexes().get(0).keyspaceId();
        storage.write(new WriteBatch()
                .put(Keyspaces.key(t.keyspaceId(), new byte[] {1}), new byte[10])
                .put(Keyspaces.key(t.keyspaceId(), new byte[] {2}), new byte[20])
                .put(Keyspaces.key(gsi, new byte[] {1}), new byte[5]));
        Catalog reopened = catalog();
        assertThat(reopened.statistics("alpha").itemCount()).isEqualTo(2);
        assertThat(reopened.statistics("alpha").itemBytes()).isEqualTo(30);
        assertThat(reopened.statistics(gsi).itemCount()).isEqualTo(1);
    }

    @Test void sizerCanSkipEntriesThatAreNotItems() {
        TableMetadata t = catalog().create(table("alpha"));
        storage.write(new WriteBatch().put(Keyspaces.key(t.keyspaceId(), new byte[] {1}), new byte[10])
                .put(Keyspaces.key(t.keyspaceId(), new byte[] {2}), new byte[20]));
        Catalog reopened = new Catalog(storage, clock, settings, (ks, key, value) -> key[8] == 1 ? 7 : -1);
        assertThat(reopened.statistics("alpha").itemCount()).isEqualTo(1);
        assertThat(reopened.statistics("alpha").itemBytes()).isEqualTo(7);
    }

    @Test void creatingBecomesActiveAndDeletingDisappearsLazily() {
        Settings slow = settings.withTableCreateDelay(Duration.ofSeconds(2)).withTableDeleteDelay(Duration.ofSeconds(3));
        Catalog c = new Catalog(storage, clock, slow, ItemSizer.STORED_LENGTH);
        c.create(table("alpha"));
        assertThat(c.get("alpha").status()).isEqualTo(TableStatus.CREATING);
        assertThat(c.get("alpha").globalIndexes().get(0).status()).isEqualTo(TableStatus.CREATING);
        clock.advance(Duration.ofSeconds(2));
        assertThat(c.get("alpha").status()).isEqualTo(TableStatus.ACTIVE);
        assertThat(c.get("alpha").globalIndexes().get(0).status()).isEqualTo(TableStatus.ACTIVE);
        c.delete("alpha", t -> { });
        assertThat(new Catalog(storage, clock, slow, ItemSizer.STORED_LENGTH).get("alpha").status()).isEqualTo(TableStatus.DELETING);
        clock.advance(Duration.ofSeconds(3));
        assertThat(c.get("alpha")).isNull();
        assertThat(new Catalog(storage, clock, slow, ItemSizer.STORED_LENGTH).get("alpha")).isNull();
    }

    @Test void updateIsPersisted() {
        Catalog c = catalog();
        c.create(table("alpha"));
        c.update("alpha", t -> t.toBuilder().tags(Map.of("new", "tag")).deletionProtection(false).build());
        TableMetadata reloaded = catalog().get("alpha");
        assertThat(reloaded.tags()).isEqualTo(Map.of("new", "tag"));
        assertThat(reloaded.deletionProtection()).isFalse();
        assertThat(c.update("missing", t -> t)).isNull();
    }

    @Test void anEngineRebuildsExactStatisticsFromStoredItems() {
        Engine engine = new Engine(storage, clock, settings);
        TableMetadata t = engine.catalog().create(table("alpha"));
        Map<String, io.keyline.model.AttributeValue> item = Map.of("p", new io.keyline.model.AttributeValue.S("key"),
                "c", new io.keyline.model.AttributeValue.N(java.math.BigDecimal.ONE),
                "v", new io.keyline.model.AttributeValue.S("some value"));
        engine.items().write(t, PrimaryKeys.fromItem(t.keySchema(), item), old -> item);
        TableStatistics live = engine.catalog().statistics("alpha");
        assertThat(live.itemCount()).isEqualTo(1);
        assertThat(live.itemBytes()).isEqualTo(io.keyline.model.ItemSize.of(item));
        TableStatistics rebuilt = new Engine(storage, clock, settings).catalog().statistics("alpha");
        assertThat(rebuilt.itemCount()).isEqualTo(1);
        assertThat(rebuilt.itemBytes()).isEqualTo(live.itemBytes());
    }

    @Test
    void aRecordItCannotReadStopsTheLoadNamingTheTable() {
        catalog().create(table("broken"));
        byte[] name = "broken".getBytes(StandardCharsets.UTF_8);
        byte[] suffix = new byte[name.length + 1];
        suffix[0] = 0x02;
        System.arraycopy(name, 0, suffix, 1, name.length);
        storage.write(new WriteBatch().put(Keyspaces.key(Keyspaces.CATALOG, suffix),
                "{\"FormatVersion\":3}".getBytes(StandardCharsets.UTF_8)));
        assertThatThrownBy(this::catalog)
                .isInstanceOf(InternalFailure.class)
                .hasMessageStartingWith("loading the catalog record of table broken: decoding a catalog record: catalog record format 3");
    }

    // ---- namespaces (docs/RULES.md#NS-REGION) ----------------------------------------------------

    private static final Namespace EU = new Namespace("000000000000", "eu-west-1");

    @Test void aNameInTwoNamespacesIsTwoTablesWithTheirOwnKeyspacesAndArns() {
        Catalog c = catalog();
        TableMetadata home = c.create(table("t"));
        TableMetadata eu = c.create(EU, table("t"));
        assertThat(eu).isNotNull();
        assertThat(eu.keyspaceId()).isNotEqualTo(home.keyspaceId());
        assertThat(home.arn()).isEqualTo("arn:aws:dynamodb:us-east-1:000000000000:table/t");
        assertThat(eu.arn()).isEqualTo("arn:aws:dynamodb:eu-west-1:000000000000:table/t");
        assertThat(eu.index("gsi").arn()).isEqualTo("arn:aws:dynamodb:eu-west-1:000000000000:table/t/index/gsi");
        assertThat(eu.namespace()).isEqualTo(EU);
        assertThat(c.create(EU, table("t"))).as("the name is taken in its own namespace").isNull();
        c.create(EU, table("only-eu"));
        assertThat(c.names(null, 10)).containsExactly("t");
        assertThat(c.names(EU, null, 10)).containsExactly("only-eu", "t");
        assertThat(c.get("only-eu")).isNull();
        assertThat(c.hasTablesAfter("t")).isFalse();
        assertThat(c.hasTablesAfter(EU, "only-eu")).isTrue();
        c.delete(EU, "t", x -> { });
        assertThat(c.get(EU, "t")).isNull();
        assertThat(c.get("t")).isEqualTo(home);
    }

    @Test void everyNamespaceSurvivesARestart() {
        Catalog first = catalog();
        TableMetadata home = first.create(table("t"));
        TableMetadata eu = first.create(EU, table("t"));
        first.update(EU, "t", t -> t.toBuilder().tags(Map.of("where", "eu")).build());
        Catalog reopened = catalog();
        assertThat(reopened.get("t")).isEqualTo(home);
        assertThat(reopened.get(EU, "t").keyspaceId()).isEqualTo(eu.keyspaceId());
        assertThat(reopened.get(EU, "t").tags()).containsEntry("where", "eu");
        assertThat(reopened.all()).extracting(TableMetadata::arn).containsExactly(
                "arn:aws:dynamodb:eu-west-1:000000000000:table/t", "arn:aws:dynamodb:us-east-1:000000000000:table/t");
    }

    /** A catalog written before namespaces (format-1 records under the old key) loads into the default region. */
    @Test void format1RecordsMoveIntoTheDefaultRegionWithTheirArns() {
        TableMetadata old = catalog().create(table("old")).inNamespace(new Namespace("000000000000", "us-west-2"));
        String v1 = new String(CatalogCodec.encode(old), StandardCharsets.UTF_8)
                .replace("\"FormatVersion\":2,", "\"FormatVersion\":1,")
                .replace("\"Account\":\"000000000000\",\"Region\":\"us-west-2\",", "");
        MemoryStorage legacy = new MemoryStorage();
        byte[] name = "old".getBytes(StandardCharsets.UTF_8);
        byte[] suffix = new byte[name.length + 1];
        suffix[0] = 0x02;
        System.arraycopy(name, 0, suffix, 1, name.length);
        byte[] legacyKey = Keyspaces.key(Keyspaces.CATALOG, suffix);
        legacy.write(new WriteBatch().put(legacyKey, v1.getBytes(StandardCharsets.UTF_8)));
        Catalog loaded = new Catalog(legacy, clock, settings, ItemSizer.STORED_LENGTH);
        TableMetadata t = loaded.get("old");
        assertThat(t.arn()).isEqualTo("arn:aws:dynamodb:us-east-1:000000000000:table/old");
        assertThat(t.index("lsi").arn()).isEqualTo("arn:aws:dynamodb:us-east-1:000000000000:table/old/index/lsi");
        assertThat(t.keyspaceId()).isEqualTo(old.keyspaceId());
        assertThat(legacy.get(legacyKey)).as("rewritten under the new key").isNull();
        assertThat(new Catalog(legacy, clock, settings, ItemSizer.STORED_LENGTH).get("old")).isEqualTo(t);
    }
}
