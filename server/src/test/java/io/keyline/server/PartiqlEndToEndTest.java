package io.keyline.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.keyline.engine.config.Settings;
import io.keyline.server.testing.KeylineExtension;
import io.keyline.time.ManualClock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchExecuteStatementResponse;
import software.amazon.awssdk.services.dynamodb.model.BatchStatementErrorCodeEnum;
import software.amazon.awssdk.services.dynamodb.model.BatchStatementRequest;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.DuplicateItemException;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.ExecuteStatementResponse;
import software.amazon.awssdk.services.dynamodb.model.ExecuteTransactionResponse;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ParameterizedStatement;
import software.amazon.awssdk.services.dynamodb.model.Projection;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;

/**
 * Every example statement of DynamoDB's PartiQL pages (Developer Guide: ql-reference.select,
 * .insert, .update, .delete, ql-functions.*, ql-reference.multiplestatements.batching and
 * .transactions) through the AWS SDK for Java v2 against a server, with the errors those pages
 * name (docs/PARTIQL.md). Tables as the pages use them: Orders (OrderID N), WatchList
 * (CustomerID, MovieID), Music (Artist, SongTitle).
 */
class PartiqlEndToEndTest {
    static final ManualClock clock = new ManualClock();

    @RegisterExtension
    static KeylineExtension keyline = KeylineExtension.inMemory(Settings.defaults(), clock);

    static DynamoDbClient ddb;

    @BeforeAll static void tables() {
        ddb = keyline.client();
        ddb.createTable(b -> b.tableName("Orders").billingMode(BillingMode.PAY_PER_REQUEST)
                .keySchema(key("OrderID", KeyType.HASH))
                .attributeDefinitions(def("OrderID", ScalarAttributeType.N), def("Total", ScalarAttributeType.N))
                .globalSecondaryIndexes(GlobalSecondaryIndex.builder().indexName("ByTotal").keySchema(key("Total", KeyType.HASH))
                        .projection(Projection.builder().projectionType(ProjectionType.ALL).build()).build()));
        ddb.createTable(b -> b.tableName("WatchList").billingMode(BillingMode.PAY_PER_REQUEST)
                .keySchema(key("CustomerID", KeyType.HASH), key("MovieID", KeyType.RANGE))
                .attributeDefinitions(def("CustomerID", ScalarAttributeType.S), def("MovieID", ScalarAttributeType.S)));
        ddb.createTable(b -> b.tableName("Music").billingMode(BillingMode.PAY_PER_REQUEST)
                .keySchema(key("Artist", KeyType.HASH), key("SongTitle", KeyType.RANGE))
                .attributeDefinitions(def("Artist", ScalarAttributeType.S), def("SongTitle", ScalarAttributeType.S)));
        // ten orders of about 3 KB each: a Scan of them costs several units, a one-item Query half of one
        for (int i = 1; i <= 10; i++) {
            run("INSERT INTO \"Orders\" VALUE {'OrderID': " + i + ", 'Total': " + (i * 100) + ", 'Address': '" + i + " some address', "
                    + "'Image': '" + "x".repeat(3000) + "'}");
        }
        run("INSERT INTO WatchList VALUE {'CustomerID': 'C1', 'MovieID': 'M1', "
                + "'Devices': {'FireStick': {'DateWatched': ['12/12/19', '11/11/19']}}}");
        run("INSERT INTO WatchList VALUE {'CustomerID': 'C2', 'MovieID': 'M1', 'Devices': {'FireStick': {'DateWatched': ['01/01/19']}}}");
    }

    static KeySchemaElement key(String name, KeyType type) { return KeySchemaElement.builder().attributeName(name).keyType(type).build(); }

    static AttributeDefinition def(String name, ScalarAttributeType type) {
        return AttributeDefinition.builder().attributeName(name).attributeType(type).build();
    }

    static ExecuteStatementResponse run(String statement, AttributeValue... parameters) {
        return ddb.executeStatement(b -> b.statement(statement).parameters(parameters.length == 0 ? null : List.of(parameters))
                .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL));
    }

    static List<String> orderIds(ExecuteStatementResponse r) {
        List<String> out = new ArrayList<>();
        for (Map<String, AttributeValue> item : r.items()) out.add(item.get("OrderID").n());
        return out;
    }

    static double units(ExecuteStatementResponse r) { return r.consumedCapacity().capacityUnits(); }

    static AttributeValue s(String v) { return AttributeValue.fromS(v); }

    @Nested class Select {
        @Test void byPartitionKeyEquality() {
            ExecuteStatementResponse r = run("SELECT OrderID, Total\nFROM \"Orders\"\nWHERE OrderID = 1");
            assertThat(r.items()).containsExactly(Map.of("OrderID", AttributeValue.fromN("1"), "Total", AttributeValue.fromN("100")));
            assertThat(units(r)).isEqualTo(0.5);
        }

        @Test void byPartitionKeyWithOr() {
            assertThat(orderIds(run("SELECT OrderID, Total\nFROM \"Orders\"\nWHERE OrderID = 1 OR OrderID = 2"))).containsExactly("1", "2");
        }

        @Test void byPartitionKeyWithInInDescendingOrder() {
            assertThat(orderIds(run("SELECT OrderID, Total\nFROM \"Orders\"\nWHERE OrderID IN [1, 2, 3] ORDER BY OrderID DESC")))
                    .containsExactly("3", "2", "1");
        }

        @Test void fullScansOnANonKeyAttribute() {
            ExecuteStatementResponse greater = run("SELECT OrderID, Total \nFROM \"Orders\"\nWHERE Total > 500");
            assertThat(orderIds(greater)).containsExactlyInAnyOrder("6", "7", "8", "9", "10");
            assertThat(units(greater)).as("a Scan reads every order").isGreaterThan(3);
            assertThat(orderIds(run("SELECT OrderID, Total \nFROM \"Orders\"\nWHERE Total IN [500, 600]"))).containsExactlyInAnyOrder("5", "6");
            assertThat(orderIds(run("SELECT OrderID, Total \nFROM \"Orders\" \nWHERE Total BETWEEN 500 AND 600"))).containsExactlyInAnyOrder("5", "6");
        }

        @Test void theWhereClausesThatAreNotScans() {
            for (String where : List.of("OrderID = 100", "OrderID = 100 and Address='some address'", "OrderID IN [100, 300, 234]",
                    "OrderID = 1 or OrderID = 200")) {
                assertThat(units(run("SELECT * \nFROM \"Orders\" \nWHERE " + where))).as(where).isLessThan(2.0);
            }
        }

        @Test void theWhereClausesThatAreScans() {
            for (String where : List.of("OrderID > 1", "Address='some address'", "OrderID = 100 OR Address='some address'")) {
                assertThat(units(run("SELECT * \nFROM \"Orders\" \nWHERE " + where))).as(where).isGreaterThan(3);
            }
        }

        @Test void documentPathsInTheProjection() {
            ExecuteStatementResponse r = run("SELECT Devices.FireStick.DateWatched[0] \nFROM WatchList \nWHERE CustomerID= 'C1' AND MovieID= 'M1'");
            assertThat(r.items()).hasSize(1);
            assertThat(r.items().get(0).get("Devices").m().get("FireStick").m().get("DateWatched").l()).containsExactly(s("12/12/19"));
        }

        @Test void documentPathsInTheWhereClause() {
            ExecuteStatementResponse r = run("SELECT Devices \nFROM WatchList \nWHERE Devices.FireStick.DateWatched[0] >= '12/12/19'");
            assertThat(r.items()).hasSize(1);
            assertThat(r.items().get(0)).containsOnlyKeys("Devices");
        }

        @Test void fromAnIndex() {
            ExecuteStatementResponse r = run("SELECT * \nFROM \"Orders\".\"ByTotal\" WHERE Total = 300");
            assertThat(orderIds(r)).containsExactly("3");
        }

        @Test void pagesWithLimitAndNextToken() {
            List<String> seen = new ArrayList<>();
            String token = null;
            do {
                String from = token;
                ExecuteStatementResponse r = ddb.executeStatement(b -> b.statement("SELECT OrderID FROM Orders").limit(3).nextToken(from));
                seen.addAll(orderIds(r));
                token = r.nextToken();
            } while (token != null);
            assertThat(seen).hasSize(10).doesNotHaveDuplicates();
        }

        @Test void functions() {
            assertThat(run("SELECT * FROM \"Orders\" WHERE \"OrderID\"=1 AND size(\"Image\") >300").items()).hasSize(1);
            assertThat(run("SELECT * FROM \"Orders\" WHERE \"OrderID\"=1 AND begins_with(\"Address\", '1 some')").items()).hasSize(1);
            assertThat(run("SELECT * FROM Orders WHERE OrderID=1 AND contains(\"Address\", 'address')").items()).hasSize(1);
            assertThat(run("SELECT * FROM \"WatchList\" WHERE attribute_type(\"CustomerID\", 'S')").items()).hasSize(2);
            assertThat(run("SELECT * FROM WatchList WHERE \"Awards\" IS MISSING").items()).hasSize(2);
        }

        @Test void consistentReadOnAGlobalIndexIsRefused() {
            DynamoDbException e = catchThrowableOfType(() -> ddb.executeStatement(b -> b.statement("SELECT * FROM \"Orders\".\"ByTotal\"")
                    .consistentRead(true)), DynamoDbException.class);
            assertThat(e.awsErrorDetails().errorMessage()).isEqualTo("Strongly consistent read is not supported on Global Secondary Indexes");
        }
    }

    @Nested class Writes {
        @Test void insertUpdateDeleteAsThePagesShowThem() {
            run("DELETE FROM \"Music\" WHERE \"Artist\" = 'Acme Band' AND \"SongTitle\" = 'PartiQL Rocks'");
            run("INSERT INTO \"Music\" value {'Artist' : 'Acme Band','SongTitle' : 'PartiQL Rocks'}");
            assertThat(catchThrowableOfType(() -> run("INSERT INTO \"Music\" value {'Artist' : 'Acme Band','SongTitle' : 'PartiQL Rocks'}"),
                    DuplicateItemException.class)).isNotNull();

            ExecuteStatementResponse old = run("UPDATE \"Music\" \nSET AwardsWon=1 \nSET AwardDetail={'Grammys':[2020, 2018]}  \n"
                    + "WHERE Artist='Acme Band' AND SongTitle='PartiQL Rocks'\nRETURNING ALL OLD *");
            assertThat(old.items()).containsExactly(Map.of("Artist", s("Acme Band"), "SongTitle", s("PartiQL Rocks")));
            ExecuteStatementResponse fresh = run("UPDATE \"Music\" \nSET AwardsWon=1 \nSET AwardDetail={'Grammys':[2020, 2018]}  \n"
                    + "WHERE Artist='Acme Band' AND SongTitle='PartiQL Rocks'\nRETURNING ALL NEW *");
            assertThat(fresh.items().get(0).get("AwardDetail").m().get("Grammys").l()).containsExactly(AttributeValue.fromN("2020"), AttributeValue.fromN("2018"));
            assertThat(fresh.items().get(0).get("AwardsWon")).isEqualTo(AttributeValue.fromN("1"));

            run("UPDATE \"Music\" \nSET AwardDetail.Grammys =list_append(AwardDetail.Grammys,[2016])  \nWHERE Artist='Acme Band' AND SongTitle='PartiQL Rocks'");
            run("UPDATE \"Music\" \nREMOVE AwardDetail.Grammys[2]   \nWHERE Artist='Acme Band' AND SongTitle='PartiQL Rocks'");
            run("UPDATE \"Music\" \nSET AwardDetail.BillBoard=[2020] \nWHERE Artist='Acme Band' AND SongTitle='PartiQL Rocks'");
            run("UPDATE \"Music\" \nSET BandMembers =<<'member1', 'member2'>> \nWHERE Artist='Acme Band' AND SongTitle='PartiQL Rocks'");
            run("UPDATE \"Music\" \nSET BandMembers =set_add(BandMembers, <<'newbandmember'>>) \nWHERE Artist='Acme Band' AND SongTitle='PartiQL Rocks'");
            Map<String, AttributeValue> item = run("SELECT * FROM Music WHERE Artist='Acme Band' AND SongTitle='PartiQL Rocks'").items().get(0);
            assertThat(item.get("AwardDetail").m().get("Grammys").l()).containsExactly(AttributeValue.fromN("2020"), AttributeValue.fromN("2018"));
            assertThat(item.get("AwardDetail").m().get("BillBoard").l()).containsExactly(AttributeValue.fromN("2020"));
            assertThat(item.get("BandMembers").ss()).containsExactlyInAnyOrder("member1", "member2", "newbandmember");

            assertThat(catchThrowableOfType(() -> run("UPDATE \"Music\" SET AwardsWon=1 WHERE Artist='Nobody' AND SongTitle='None'"),
                    ConditionalCheckFailedException.class)).isNotNull();

            ExecuteStatementResponse deleted = run("DELETE FROM \"Music\" WHERE \"Artist\" = 'Acme Band' AND \"SongTitle\" = 'PartiQL Rocks' RETURNING ALL OLD *");
            assertThat(deleted.items()).hasSize(1);
            assertThat(deleted.items().get(0)).containsEntry("Artist", s("Acme Band"));
            assertThat(run("DELETE FROM \"Music\" WHERE \"Artist\" = 'Acme Band' AND \"SongTitle\" = 'PartiQL Rocks'").items()).isEmpty();
        }

        @Test void aBatchOfWritesWithPerStatementErrors() {
            // the batching page's CLI example, with its placeholders unquoted (the page quotes them: '?', which is a string)
            BatchExecuteStatementResponse r = ddb.batchExecuteStatement(b -> b.statements(
                    BatchStatementRequest.builder().statement("INSERT INTO Music value {'Artist':?,'SongTitle':?}")
                            .parameters(s("Acme Band"), s("Best Song")).build(),
                    BatchStatementRequest.builder().statement("UPDATE Music SET AwardsWon=1 SET AwardDetail={'Grammys':[2020, 2018]}  "
                            + "where Artist='Acme Band' and SongTitle='Best Song'").build()));
            assertThat(r.responses()).hasSize(2);
            assertThat(r.responses()).allSatisfy(x -> assertThat(x.error()).isNull());
            // the page's Java example: the INSERT now finds its item
            BatchExecuteStatementResponse again = ddb.batchExecuteStatement(b -> b.statements(
                    BatchStatementRequest.builder().statement("INSERT INTO Music value {'Artist':'Acme Band','SongTitle':'Best Song'}").build(),
                    BatchStatementRequest.builder().statement("UPDATE Music set AwardDetail.BillBoard=[2020] where Artist='Acme Band' and SongTitle='Best Song'").build()));
            assertThat(again.responses().get(0).error().code()).isEqualTo(BatchStatementErrorCodeEnum.DUPLICATE_ITEM);
            assertThat(again.responses().get(1).error()).isNull();
        }

        @Test void theTransactionsPagesExample() {
            ddb.putItem(b -> b.tableName("Music").item(Map.of("Artist", s("No One You Know"), "SongTitle", s("Call Me Today"))));
            ddb.putItem(b -> b.tableName("Music").item(Map.of("Artist", s("Acme Band"), "SongTitle", s("PartiQL Rocks"))));
            List<ParameterizedStatement> statements = List.of(
                    ParameterizedStatement.builder().statement("EXISTS(SELECT * FROM Music where Artist='No One You Know' and SongTitle='Call Me Today' and Awards is  MISSING)").build(),
                    ParameterizedStatement.builder().statement("INSERT INTO Music value {'Artist':?,'SongTitle':?}").parameters(s("Acme Band"), s("Tx Song")).build(),
                    ParameterizedStatement.builder().statement("UPDATE Music SET AwardsWon=1 SET AwardDetail={'Grammys':[2020, 2018]}  "
                            + "where Artist='Acme Band' and SongTitle='PartiQL Rocks'").build());
            ExecuteTransactionResponse r = ddb.executeTransaction(b -> b.transactStatements(statements).clientRequestToken("tx-1"));
            assertThat(r.responses()).hasSize(3);
            assertThat(run("SELECT * FROM Music WHERE Artist='Acme Band' AND SongTitle='Tx Song'").items()).hasSize(1);
            // the same request under a new token: the INSERT's item exists now
            TransactionCanceledException e = catchThrowableOfType(
                    () -> ddb.executeTransaction(b -> b.transactStatements(statements).clientRequestToken("tx-2")), TransactionCanceledException.class);
            assertThat(e.cancellationReasons()).extracting(x -> x.code()).containsExactly("None", "DuplicateItem", "None");
        }

        @Test void aMalformedStatement() {
            DynamoDbException e = catchThrowableOfType(() -> run("SELEKT * FROM Music"), DynamoDbException.class);
            assertThat(e.awsErrorDetails().errorCode()).isEqualTo("ValidationException");
            assertThat(e.awsErrorDetails().errorMessage()).isEqualTo("Statement wasn't well formed, can't be processed: Expected data manipulation");
        }
    }
}
