package io.keyline.engine.catalog;

import io.keyline.engine.catalog.CatalogCodec;
import io.keyline.metadata.BillingMode;
import io.keyline.metadata.IndexKind;
import io.keyline.metadata.IndexMetadata;
import io.keyline.metadata.InsightsMode;
import io.keyline.metadata.InsightsState;
import io.keyline.metadata.InsightsStatus;
import io.keyline.metadata.OnDemandThroughput;
import io.keyline.metadata.Projection;
import io.keyline.metadata.ProjectionType;
import io.keyline.metadata.ProvisionedThroughputState;
import io.keyline.metadata.SseSettings;
import io.keyline.metadata.StreamSettings;
import io.keyline.metadata.TableInsights;
import io.keyline.metadata.TableMetadata;
import io.keyline.metadata.TableStatus;
import io.keyline.metadata.TimeToLiveState;
import io.keyline.metadata.TimeToLiveStatus;
import io.keyline.metadata.WarmThroughput;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.keyline.error.InternalFailure;
import io.keyline.model.KeyAttribute;
import io.keyline.model.KeySchema;
import io.keyline.model.ScalarType;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The persisted catalog record against golden files: format 2 (with the namespace) is written
 * and read; format 1 (before namespaces) is still read. Changing a format must be deliberate.
 */
class CatalogCodecTest {
    private static final String GOLDEN = "catalog-record-v1.json";
    private static final String GOLDEN_V2 = "catalog-record-v2.json";

    static TableMetadata sample() {
        Instant t0 = Instant.parse("2026-01-02T03:04:05.123456789Z");
        Map<String, ScalarType> defs = new LinkedHashMap<>();
        defs.put("p", ScalarType.S);
        defs.put("c", ScalarType.N);
        defs.put("x", ScalarType.B);
        KeySchema keys = KeySchema.of(new KeyAttribute("p", ScalarType.S), new KeyAttribute("c", ScalarType.N));
        IndexMetadata lsi = new IndexMetadata("lsi", IndexKind.LOCAL, KeySchema.of(new KeyAttribute("p", ScalarType.S),
                new KeyAttribute("x", ScalarType.B)), new Projection(ProjectionType.KEYS_ONLY, List.of()), 8,
                "arn:aws:dynamodb:us-east-1:000000000000:table/golden/index/lsi", null, null, null);
        IndexMetadata gsi = new IndexMetadata("gsi", IndexKind.GLOBAL, new KeySchema(
                List.of(new KeyAttribute("x", ScalarType.B), new KeyAttribute("p", ScalarType.S)), List.of(new KeyAttribute("c", ScalarType.N))),
                new Projection(ProjectionType.INCLUDE, List.of("a", "b")), 9,
                "arn:aws:dynamodb:us-east-1:000000000000:table/golden/index/gsi", TableStatus.ACTIVE,
                new ProvisionedThroughputState(3, 4, t0, t0.plusSeconds(60), 2), new OnDemandThroughput(-1L, 9L));
        return new TableMetadata("golden", "2f1c8a52-7a4e-3b8e-9e0b-3c8d5f6a7b8c",
                "arn:aws:dynamodb:us-east-1:000000000000:table/golden", 7, t0, TableStatus.CREATING, keys, defs,
                BillingMode.PROVISIONED, t0.minusSeconds(3600), ProvisionedThroughputState.of(5, 6), null, List.of(lsi), List.of(gsi),
                new StreamSettings(true, "NEW_AND_OLD_IMAGES", "2026-01-02T03:04:05.123", t0), new SseSettings("KMS", "key-id"),
                "STANDARD_INFREQUENT_ACCESS", true, Map.of("team", "core"), t0.plusSeconds(2), List.of(t0.minusSeconds(3600)));
    }

    /** The format-1 golden record. */
    private static String golden() throws IOException { return read(GOLDEN); }

    private static String read(String resource) throws IOException {
        try (InputStream in = CatalogCodecTest.class.getResourceAsStream(resource)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).strip();
        }
    }

    @Test void encodesToTheGoldenRecord() throws IOException {
        assertThat(new String(CatalogCodec.encode(sample()), StandardCharsets.UTF_8)).isEqualTo(read(GOLDEN_V2));
    }

    @Test void decodesTheGoldenRecord() throws IOException {
        assertThat(CatalogCodec.decode(read(GOLDEN_V2).getBytes(StandardCharsets.UTF_8))).isEqualTo(sample());
    }

    /** A format-1 record (no namespace) still reads, as the table its ARN names; the catalog moves it to the default region. */
    @Test void decodesTheFormat1GoldenRecord() throws IOException {
        assertThat(golden()).startsWith("{\"FormatVersion\":1,").doesNotContain("\"Region\"");
        TableMetadata loaded = CatalogCodec.decode(golden().getBytes(StandardCharsets.UTF_8));
        assertThat(loaded).isEqualTo(sample());
        assertThat(loaded.namespace()).isEqualTo(new io.keyline.metadata.Namespace("000000000000", "us-east-1"));
    }

    @Test void refusesAFormat2RecordWhoseNamespaceIsNotItsArns() throws IOException {
        byte[] other = read(GOLDEN_V2).replace("\"Region\":\"us-east-1\"", "\"Region\":\"eu-west-1\"").getBytes(StandardCharsets.UTF_8);
        assertThatThrownBy(() -> CatalogCodec.decode(other)).isInstanceOf(InternalFailure.class)
                .hasMessageContaining("is not in namespace eu-west-1/000000000000");
    }

    @Test void keepsContributorInsightsStatesInAnOptionalMember() {
        Instant t = Instant.parse("2026-03-04T05:06:07.890Z");
        TableInsights insights = TableInsights.NONE
                .with(null, new InsightsState(InsightsStatus.ENABLING,
                        InsightsMode.ACCESSED_AND_THROTTLED_KEYS, t, t.plusSeconds(2), t.toEpochMilli(), null, null))
                .with("gsi", new InsightsState(InsightsStatus.FAILED,
                        InsightsMode.THROTTLED_KEYS, t, null, t.toEpochMilli(), "LimitExceededException", "full"));
        TableMetadata withInsights = sample().toBuilder().insights(insights).build();
        String text = new String(CatalogCodec.encode(withInsights), StandardCharsets.UTF_8);
        assertThat(text).contains("\"Insights\":{\"Table\":{\"Status\":\"ENABLING\"");
        assertThat(CatalogCodec.decode(text.getBytes(StandardCharsets.UTF_8))).isEqualTo(withInsights);
        assertThat(sample().insights().isNone()).as("the golden record has none, and no member").isTrue();
    }

    @Test void keepsTheTimeToLiveSettingInAnOptionalMember() throws IOException {
        Instant t = Instant.parse("2026-01-02T03:04:05.123456789Z");
        TableMetadata withTtl = sample().toBuilder()
                .timeToLive(new TimeToLiveState(TimeToLiveStatus.ENABLING, "expires", t, t.plusSeconds(5))).build();
        String text = new String(CatalogCodec.encode(withTtl), StandardCharsets.UTF_8);
        String golden = read(GOLDEN_V2);
        // The golden record with one more member at the end, in this exact form.
        assertThat(text).isEqualTo(golden.substring(0, golden.length() - 1) + ",\"TimeToLive\":{\"Status\":\"ENABLING\","
                + "\"AttributeName\":\"expires\",\"LastChange\":\"2026-01-02T03:04:05.123456789Z\","
                + "\"Until\":\"2026-01-02T03:04:10.123456789Z\"}}");
        assertThat(CatalogCodec.decode(text.getBytes(StandardCharsets.UTF_8))).isEqualTo(withTtl);
        assertThat(CatalogCodec.decode(golden.getBytes(StandardCharsets.UTF_8)).timeToLive()).as("a record without it").isNull();
    }

    @Test void refusesAnUnknownFormatVersion() throws IOException {
        byte[] future = golden().replace("\"FormatVersion\":1", "\"FormatVersion\":3").getBytes(StandardCharsets.UTF_8);
        assertThatThrownBy(() -> CatalogCodec.decode(future)).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("format 3");
    }

    @Test void refusesMalformedRecordsWithANamedInternalFailure() throws IOException {
        String golden = golden();
        Map<String, String> broken = new LinkedHashMap<>();
        broken.put("not JSON", "{\"FormatVersion\":1,");
        broken.put("not an object", "[1]");
        broken.put("bytes after the record", golden + "{}");
        broken.put("a member missing", golden.replace("\"Name\":\"golden\",", ""));
        broken.put("a member of the wrong type", golden.replace("\"KeyspaceId\":7", "\"KeyspaceId\":\"7\""));
        broken.put("an unknown enum name", golden.replace("\"Status\":\"CREATING\"", "\"Status\":\"SLEEPING\""));
        broken.put("a bad instant", golden.replace("\"CreationTime\":\"2026-01-02T03:04:05.123456789Z\"", "\"CreationTime\":\"yesterday\""));
        broken.put("a bad key role", golden.replace("\"Role\":\"RANGE\"", "\"Role\":\"SIDE\""));
        broken.put("a fraction", golden.replace("\"Decreases\":0", "\"Decreases\":0.5"));
        broken.put("a member twice", golden.replace("\"Name\":\"golden\",", "\"Name\":\"golden\",\"Name\":\"other\","));
        broken.forEach((what, text) -> assertThatThrownBy(() -> CatalogCodec.decode(text.getBytes(StandardCharsets.UTF_8)))
                .as(what).isInstanceOf(InternalFailure.class)
                .satisfies(e -> assertThat(((InternalFailure) e).doing()).isEqualTo("decoding a catalog record")));
    }

    @Test void namesTheMemberThatDoesNotFit() throws IOException {
        byte[] wrongType = golden().replace("\"Write\":4", "\"Write\":true").getBytes(StandardCharsets.UTF_8);
        assertThatThrownBy(() -> CatalogCodec.decode(wrongType))
                .hasMessage("decoding a catalog record: record.GlobalIndexes[0].Throughput.Write is not an integer but Boolean true");
    }

    @Test void roundTripsTablesWithoutOptionalParts() {
        TableMetadata bare = new TableMetadata("bare", "id", "arn:aws:dynamodb:us-east-1:000000000000:table/bare", 3,
                Instant.parse("2026-01-02T03:04:05Z"), TableStatus.ACTIVE, KeySchema.of(new KeyAttribute("p", ScalarType.S), null),
                Map.of("p", ScalarType.S), BillingMode.PAY_PER_REQUEST, null, null, new OnDemandThroughput(null, 5L),
                List.of(), List.of(), null, null, null, false, Map.of(), null, List.of());
        assertThat(CatalogCodec.decode(CatalogCodec.encode(bare))).isEqualTo(bare);
    }

    /** Warm throughput came after format 1's golden record: optional members, left out when absent. */
    @Test void aRecordWithoutWarmThroughputStillLoads() throws IOException {
        assertThat(golden()).doesNotContain("Warm");
        TableMetadata loaded = CatalogCodec.decode(golden().getBytes(StandardCharsets.UTF_8));
        assertThat(loaded.warmThroughput()).isNull();
        assertThat(loaded.indexes()).allSatisfy(i -> assertThat(i.warmThroughput()).isNull());
    }

    @Test void roundTripsTheWarmThroughputOfTheTableAndItsGlobalIndexes() {
        TableMetadata s = sample();
        List<IndexMetadata> gsis = List.of(s.globalIndexes().get(0).withWarmThroughput(new WarmThroughput(24_000L, null)));
        TableMetadata warm = s.toBuilder().globalIndexes(gsis).warmThroughput(new WarmThroughput(30_000L, 10_000L)).build();
        String encoded = new String(CatalogCodec.encode(warm), StandardCharsets.UTF_8);
        assertThat(encoded).contains("\"Warm\":{\"Read\":30000,\"Write\":10000}").contains("\"Warm\":{\"Read\":24000,\"Write\":null}");
        assertThat(CatalogCodec.decode(CatalogCodec.encode(warm))).isEqualTo(warm);
    }
}
