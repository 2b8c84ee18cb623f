package io.keyline.simulator.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A malformed scenario is refused with the file, the right line and a sentence a person understands. */
class ScenarioErrorsTest {
    /** A valid scenario, lines numbered in the comments so each test can break one. */
    static final String VALID = String.join("\n",
            "name: iot",                                                          // 1
            "seed: 1",                                                            // 2
            "duration: 10m",                                                      // 3
            "tables:",                                                            // 4
            "  - TableName: readings",                                            // 5
            "    KeySchema:",                                                     // 6
            "      - {AttributeName: deviceId, KeyType: HASH}",                   // 7
            "      - {AttributeName: ts, KeyType: RANGE}",                        // 8
            "    AttributeDefinitions:",                                          // 9
            "      - {AttributeName: deviceId, AttributeType: S}",                // 10
            "      - {AttributeName: ts, AttributeType: N}",                      // 11
            "      - {AttributeName: day, AttributeType: S}",                     // 12
            "    BillingMode: PAY_PER_REQUEST",                                   // 13
            "    GlobalSecondaryIndexes:",                                        // 14
            "      - IndexName: by-day",                                          // 15
            "        KeySchema: [{AttributeName: day, KeyType: HASH}]",           // 16
            "        Projection: {ProjectionType: KEYS_ONLY}",                    // 17
            "templates:",                                                         // 18
            "  reading:",                                                         // 19
            "    deviceId: {uniform: {count: 1000, prefix: 'DEV#'}}",             // 20
            "    ts: {type: N, time: {format: epochMillis}}",                     // 21
            "    day: {time: {format: yyyy-MM-dd}}",                              // 22
            "    payload: {size: 100}",                                           // 23
            "patterns:",                                                          // 24
            "  - name: ingest",                                                   // 25
            "    operation: put",                                                 // 26
            "    table: readings",                                                // 27
            "    template: reading",                                              // 28
            "    rate: 1000",                                                     // 29
            "  - name: today",                                                    // 30
            "    operation: query",                                               // 31
            "    table: readings",                                                // 32
            "    index: by-day",                                                  // 33
            "    key: {day: {time: {format: yyyy-MM-dd}}}",                       // 34
            "    rate: 1",                                                        // 35
            "");

    /** VALID with line {@code n} (1-based) replaced. */
    static String withLine(int n, String replacement) {
        String[] lines = VALID.split("\n", -1);
        lines[n - 1] = replacement;
        return String.join("\n", lines);
    }

    static ScenarioException error(String yaml) {
        ScenarioException e = catchThrowableOfType(ScenarioException.class, () -> ScenarioFile.parse("iot.yaml", yaml));
        assertThat(e).as("expected the scenario to be refused").isNotNull();
        return e;
    }

    @Test
    void theValidScenarioLoads() throws ScenarioException {
        assertThat(ScenarioFile.parse("iot.yaml", VALID).patterns()).hasSize(2);
    }

    @Test
    void aQueryMayTakeItsPartitionKeyFromTheItemsAPatternWrote() throws ScenarioException {
        assertThat(ScenarioFile.parse("iot.yaml", withLine(34, "    keysFrom: ingest")).patterns()).hasSize(2);
    }

    @Test
    void aQueryCannotTakeAKeyTheWriterMakesOnlySometimes() {
        String sparse = withLine(22, "    day: {presence: 0.5, time: {format: yyyy-MM-dd}}");
        ScenarioException e = error(sparse.replace("    key: {day: {time: {format: yyyy-MM-dd}}}", "    keysFrom: ingest"));
        assertThat(e.line()).isEqualTo(34);
        assertThat(e.getMessage()).isEqualTo("iot.yaml:34: pattern 'today' (query) reads index 'by-day' by partition key 'day' taken "
                + "from the items of 'ingest', but template 'reading' makes 'day' in some only (presence or when): keysFrom needs "
                + "it in every item; give the query a key generator instead");
    }

    @Test
    void batchAndTransactionGetsTakeKeysAndABatchSize() throws ScenarioException {
        String gets = VALID + String.join("\n",
                "  - {name: batch, operation: batchGet, table: readings, keysFrom: ingest, batchSize: 50, rate: 1}",
                "  - {name: transaction, operation: transactGet, table: readings, key: {deviceId: {value: 'DEV#1'}, ts: {type: N, value: 1}}, rate: 1}",
                "");
        var w = ScenarioFile.parse("iot.yaml", gets);
        assertThat(w.patterns()).extracting(p -> p.operation()).containsExactly("PutItem", "Query", "BatchGetItem", "TransactGetItems");
    }

    @Test
    void aBatchGetTakesAtMostAHundredKeys() {
        ScenarioException e = error(VALID + "  - {name: batch, operation: batchGet, table: readings, keysFrom: ingest, batchSize: 101, rate: 1}\n");
        assertThat(e.line()).isEqualTo(36);
        assertThat(e.getMessage()).contains("batchSize");
    }

    @Test
    void aTableThatDoesNotExistIsNamedWithTheOnesThatDo() {
        ScenarioException e = error(withLine(27, "    table: Readings"));
        assertThat(e.line()).isEqualTo(27);
        assertThat(e.getMessage()).isEqualTo("iot.yaml:27: pattern 'ingest' names table 'Readings', but the scenario defines only 'readings'");
    }

    @Test
    void yamlThatDoesNotParseNamesItsLine() {
        ScenarioException e = error(withLine(22, "    day: {time: {format: yyyy-MM-dd}"));
        assertThat(e.line()).isBetween(22, 23);
        assertThat(e.getMessage()).startsWith("iot.yaml:" + e.line() + ": this is not valid YAML");
    }

    @Test
    void aMisspelledMemberIsReportedOnItsOwnLine() {
        ScenarioException e = error(withLine(29, "    rat: 1000"));
        assertThat(e.line()).isEqualTo(29);
        assertThat(e.getMessage()).contains("rat");
    }

    @Test
    void aMissingGeneratorParameterNamesTheGeneratorsLine() {
        ScenarioException e = error(withLine(20, "    deviceId: {uniform: {prefix: 'DEV#'}}"));
        assertThat(e.line()).isEqualTo(20);
        assertThat(e.getMessage()).contains("count");
    }

    @Test
    void aWrongEnumValueNamesItsLine() {
        ScenarioException e = error(withLine(26, "    operation: upsert"));
        assertThat(e.line()).isEqualTo(26);
        assertThat(e.getMessage()).contains("patterns/0/operation");
    }

    @Test
    void anUnknownIndexListsTheTablesIndexes() {
        ScenarioException e = error(withLine(33, "    index: by-hour"));
        assertThat(e.line()).isEqualTo(33);
        assertThat(e.getMessage()).endsWith("pattern 'today' names index 'by-hour' of table 'readings', whose indexes are 'by-day'");
    }

    @Test
    void aTemplateWithoutTheTablesKeyAttributeIsRefusedAtTheTemplate() {
        ScenarioException e = error(withLine(21, "    stamp: {type: N, time: {format: epochMillis}}"));
        assertThat(e.line()).isEqualTo(19);
        assertThat(e.getMessage()).contains("template 'reading'").contains("does not make its key attribute 'ts'");
    }

    @Test
    void aKeyAttributeOfTheWrongTypeIsRefused() {
        ScenarioException e = error(withLine(21, "    ts: {time: {format: yyyy}}"));
        assertThat(e.line()).isEqualTo(21);
        assertThat(e.getMessage()).contains("'ts' is of type S").contains("defines it as N");
    }

    @Test
    void aQueryKeyThatIsNotTheIndexsKeyIsRefused() {
        ScenarioException e = error(withLine(34, "    key: {deviceId: {value: 'DEV#1'}}"));
        assertThat(e.line()).isEqualTo(34);
        assertThat(e.getMessage()).contains("needs its partition key 'day'");
    }

    @Test
    void aRateOfZeroIsRefusedAtTheRate() {
        ScenarioException e = error(withLine(35, "    rate: {ramp: {from: 0, to: 0, over: 1m}}"));
        assertThat(e.line()).isEqualTo(35);
        assertThat(e.getMessage()).contains("pattern 'today' has a rate of 0 for the whole run");
    }

    @Test
    void aNegativeRateBreaksTheSchema() {
        ScenarioException e = error(withLine(29, "    rate: -5"));
        assertThat(e.line()).isEqualTo(29);
    }

    @Test
    void aCalculatedShardFromALaterAttributeIsRefused() {
        ScenarioException e = error(withLine(22, "    day: {sharded: {base: {value: D}, shards: 4, suffix: calculated, from: payload}}"));
        assertThat(e.line()).isEqualTo(22);
        assertThat(e.getMessage()).contains("calculated from 'payload', which is not made before it");
    }

    @Test
    void anInvalidTimeFormatIsRefused() {
        ScenarioException e = error(withLine(22, "    day: {time: {format: 'yyyy-MM-dd qqqqqq'}}"));
        assertThat(e.line()).isEqualTo(22);
        assertThat(e.getMessage()).contains("not a date-time pattern");
    }

    @Test
    void aTableDynamoDbWouldRefuseIsRefusedWithDynamoDbsMessage() {
        // The key attribute ts is left out of AttributeDefinitions.
        ScenarioException e = error(withLine(11, "      - {AttributeName: other, AttributeType: N}"));
        assertThat(e.line()).isEqualTo(5);
        assertThat(e.getMessage()).startsWith("iot.yaml:5: table 'readings': DynamoDB would refuse it: ValidationException");
    }

    @Test
    void aKeyGivenTwiceIsRefusedAtTheSecond() {
        ScenarioException e = error(withLine(35, "    rate: 1\n    rate: 2"));
        assertThat(e.line()).isEqualTo(36);
        assertThat(e.getMessage()).contains("'rate' is given twice");
    }

    @Test
    void aBadDurationNamesItsLine() {
        ScenarioException e = error(withLine(3, "duration: ten minutes"));
        assertThat(e.line()).isEqualTo(3);
    }

    @Test
    void keysFromAnUnknownWriterIsRefused() {
        String yaml = VALID + "  - {name: lookup, operation: get, table: readings, keysFrom: ingets, rate: 5}\n";
        ScenarioException e = error(yaml);
        assertThat(e.line()).isEqualTo(36);
        assertThat(e.getMessage()).contains("no preload or put, batchWrite or transactWrite pattern has that name");
    }

    @Test
    void aFileOnDiskIsNamedByItsFileName(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("broken.yaml");
        Files.writeString(f, withLine(27, "    table: Readings"));
        assertThatThrownBy(() -> ScenarioFile.load(f)).isInstanceOf(ScenarioException.class)
                .hasMessageStartingWith("broken.yaml:27: ");
        assertThatThrownBy(() -> ScenarioFile.load(dir.resolve("missing.yaml"))).isInstanceOf(ScenarioException.class)
                .hasMessageStartingWith("missing.yaml: cannot read");
    }
}
