package io.keyline.op;

import static io.keyline.op.ControlPlane.list;
import static io.keyline.op.ControlPlane.map;
import static org.assertj.core.api.Assertions.assertThat;

import io.keyline.engine.api.BatchAdmission;
import io.keyline.metadata.PrimaryKey;
import io.keyline.metadata.TableMetadata;
import io.keyline.error.ApiException;
import io.keyline.model.AttributeValue;
import io.keyline.protocol.Json;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

class BatchGetItemTest {
    private final ControlPlane cp = new ControlPlane();

    @BeforeEach void tables() {
        cp.createSimple("hash", false);
        cp.createSimple("both", true);
        for (int i = 0; i < 5; i++) {
            cp.call("PutItem", "{'TableName':'hash','Item':{'p':{'S':'k" + i + "'},'v':{'N':'" + i + "'},'w':{'S':'x'}}}");
        }
        cp.call("PutItem", "{'TableName':'both','Item':{'p':{'S':'a'},'c':{'S':'b'},'v':{'S':'y'}}}");
    }

    private Map<String, Object> get(String requestItems) {
        return cp.call("BatchGetItem", "{'RequestItems':" + requestItems + "}");
    }

    private static String keys(int from, int to) {
        return IntStream.range(from, to).mapToObj(i -> "{'p':{'S':'k" + i + "'}}").collect(Collectors.joining(","));
    }

    @Nested class Serialization {
        @Test void requestItemsMustBeAMap() {
            assertThat(cp.fail("BatchGetItem", "{'RequestItems':['hash']}").name()).isEqualTo("SerializationException");
        }

        @Test void keysMustBeAList() {
            assertThat(cp.fail("BatchGetItem", "{'RequestItems':{'hash':{'Keys':'k'}}}").name()).isEqualTo("SerializationException");
        }

        @Test void responseListsItemsPerTableAndAnEmptyUnprocessedKeys() {
            Map<String, Object> r = get("{'hash':{'Keys':[" + keys(0, 2) + "]}}");
            assertThat(list(map(r.get("Responses")).get("hash"))).hasSize(2);
            assertThat(map(r.get("UnprocessedKeys"))).isEmpty();
        }
    }

    @Nested class Validation {
        @Test void missingRequestItems() {
            assertThat(cp.fail("BatchGetItem", "{}").getMessage()).isEqualTo(
                    "1 validation error detected: Value null at 'requestItems' failed to satisfy constraint: Member must not be null");
        }

        @Test void emptyRequestItems() {
            assertThat(cp.fail("BatchGetItem", "{'RequestItems':{}}").getMessage())
                    .isEqualTo("1 validation error detected: Value '{}' at 'requestItems' failed to satisfy constraint: "
                            + "Member must have length greater than or equal to 1");
        }

        @Test void badTableNameKey() {
            assertThat(cp.fail("BatchGetItem", "{'RequestItems':{'a b':{'Keys':[{'p':{'S':'x'}}]}}}").getMessage())
                    .contains("at 'requestItems' failed to satisfy constraint: Map keys must satisfy constraint: "
                            + "[Member must have length less than or equal to 255, Member must have length greater than or equal to 3, "
                            + "Member must satisfy regular expression pattern: [a-zA-Z0-9_.-]+]");
        }

        @Test void emptyAndMissingKeys() {
            assertThat(cp.fail("BatchGetItem", "{'RequestItems':{'hash':{'Keys':[]}}}").getMessage())
                    .contains("at 'requestItems.hash.member.keys' failed to satisfy constraint: Member must have length greater than or equal to 1");
            assertThat(cp.fail("BatchGetItem", "{'RequestItems':{'hash':{}}}").getMessage())
                    .contains("Value null at 'requestItems.hash.member.keys' failed to satisfy constraint: Member must not be null");
        }

        @Test void nullTablePartIsMissingKeys() {
            assertThat(cp.fail("BatchGetItem", "{'RequestItems':{'hash':null}}").getMessage())
                    .contains("Value null at 'requestItems.hash.member.keys' failed to satisfy constraint: Member must not be null");
        }

        @Test void moreThan100KeysInOneTable() {
            assertThat(cp.fail("BatchGetItem", "{'RequestItems':{'hash':{'Keys':[" + keys(0, 101) + "]}}}").getMessage())
                    .contains("at 'requestItems.hash.member.keys' failed to satisfy constraint: Member must have length less than or equal to 100");
        }

        @Test void moreThan100KeysOverAllTables() {
            String both = IntStream.range(0, 2).mapToObj(i -> "{'p':{'S':'x'},'c':{'S':'" + i + "'}}").collect(Collectors.joining(","));
            ApiException e = cp.fail("BatchGetItem", "{'RequestItems':{'hash':{'Keys':[" + keys(0, 100) + "]},'both':{'Keys':[" + both + "]}}}");
            assertThat(e.getMessage()).isEqualTo("Too many items requested for the BatchGetItem call");
        }

        @Test void duplicateKeys() {
            assertThat(cp.fail("BatchGetItem", "{'RequestItems':{'hash':{'Keys':[{'p':{'S':'k'}},{'p':{'S':'k'}}]}}}").getMessage())
                    .isEqualTo("Provided list of item keys contains duplicates");
        }

        @Test void numbersThatAreEqualAreDuplicates() {
            cp.call("CreateTable", "{'TableName':'nums','BillingMode':'PAY_PER_REQUEST','KeySchema':[{'AttributeName':'p','KeyType':'HASH'}],"
                    + "'AttributeDefinitions':[{'AttributeName':'p','AttributeType':'N'}]}");
            ApiException e = cp.fail("BatchGetItem", "{'RequestItems':{'nums':{'Keys':[{'p':{'N':'1000'}},{'p':{'N':'1e3'}}]}}}");
            assertThat(e.getMessage()).isEqualTo("Provided list of item keys contains duplicates");
        }

        @Test void missingTable() {
            ApiException e = cp.fail("BatchGetItem", "{'RequestItems':{'nothere':{'Keys':[{'p':{'S':'k'}}]}}}");
            assertThat(e.name()).isEqualTo("ResourceNotFoundException");
            assertThat(e.getMessage()).isEqualTo("Requested resource not found");
        }

        @Test void keyNotMatchingTheSchema() {
            assertThat(cp.fail("BatchGetItem", "{'RequestItems':{'both':{'Keys':[{'p':{'S':'k'}}]}}}").getMessage())
                    .isEqualTo("The provided key element does not match the schema");
            assertThat(cp.fail("BatchGetItem", "{'RequestItems':{'hash':{'Keys':[{'p':{'N':'1'}}]}}}").getMessage())
                    .isEqualTo("The provided key element does not match the schema");
        }

        @Test void unusedExpressionAttributeName() {
            ApiException e = cp.fail("BatchGetItem", "{'RequestItems':{'hash':{'Keys':[{'p':{'S':'k0'}}],'ProjectionExpression':'#a',"
                    + "'ExpressionAttributeNames':{'#a':'p','#unused':'x'}}}}");
            assertThat(e.name()).isEqualTo("ValidationException");
            assertThat(e.getMessage()).contains("unused").contains("#unused");
        }

        @Test void badReturnConsumedCapacity() {
            assertThat(cp.fail("BatchGetItem", "{'RequestItems':{'hash':{'Keys':[{'p':{'S':'k0'}}]}},'ReturnConsumedCapacity':'ALL'}").getMessage())
                    .contains("at 'returnConsumedCapacity' failed to satisfy constraint");
        }
    }

    @Nested class Behaviour {
        @Test void readsFoundItemsAndSkipsMissingOnes() {
            Map<String, Object> r = get("{'hash':{'Keys':[{'p':{'S':'k1'}},{'p':{'S':'nope'}}],'ConsistentRead':true}}");
            assertThat(list(map(r.get("Responses")).get("hash"))).containsExactly(
                    Map.of("p", Map.of("S", "k1"), "v", Map.of("N", "1"), "w", Map.of("S", "x")));
        }

        @Test void aTableWithNothingFoundIsAnEmptyList() {
            Map<String, Object> r = get("{'hash':{'Keys':[{'p':{'S':'nope'}}]}}");
            assertThat(list(map(r.get("Responses")).get("hash"))).isEmpty();
        }

        @Test void severalTablesEachWithItsProjection() {
            Map<String, Object> r = get("{'hash':{'Keys':[{'p':{'S':'k2'}}],'ProjectionExpression':'#v','ExpressionAttributeNames':{'#v':'v'}},"
                    + "'both':{'Keys':[{'p':{'S':'a'},'c':{'S':'b'}}],'AttributesToGet':['c','v']}}");
            assertThat(list(map(r.get("Responses")).get("hash"))).containsExactly(Map.of("v", Map.of("N", "2")));
            assertThat(list(map(r.get("Responses")).get("both"))).containsExactly(Map.of("c", Map.of("S", "b"), "v", Map.of("S", "y")));
        }

        @Test void refusedKeysComeBackWithTheirTableParameters() {
            BatchAdmission refuseK1 = new BatchAdmission() {
                @Override public boolean admitRead(TableMetadata t, PrimaryKey k, boolean consistent) {
                    return !k.partition().equals(new AttributeValue.S("k1"));
                }

                @Override public boolean admitWrite(TableMetadata t, PrimaryKey k) { return true; }
            };
            BatchGetItem op = new BatchGetItem(cp.engine, refuseK1);
            Map<String, Object> r = map(Json.parse(Json.write(op.handle(ControlPlane.request(
                    "{'RequestItems':{'hash':{'Keys':[" + keys(0, 3) + "],'ConsistentRead':true,'ProjectionExpression':'p'}}}")))));
            assertThat(list(map(r.get("Responses")).get("hash"))).hasSize(2);
            assertThat(map(r.get("UnprocessedKeys"))).isEqualTo(map(Json.parse(
                    "{\"hash\":{\"Keys\":[{\"p\":{\"S\":\"k1\"}}],\"ConsistentRead\":true,\"ProjectionExpression\":\"p\"}}".getBytes())));
        }

        @Test void responsesStopAt16MegabytesAndTheRestIsUnprocessed() {
            String big = "x".repeat(390_000);
            for (int i = 0; i < 45; i++) {
                cp.call("PutItem", "{'TableName':'hash','Item':{'p':{'S':'big" + i + "'},'v':{'S':'" + big + "'}}}");
            }
            String bigKeys = IntStream.range(0, 45).mapToObj(i -> "{'p':{'S':'big" + i + "'}}").collect(Collectors.joining(","));
            Map<String, Object> r = get("{'hash':{'Keys':[" + bigKeys + "]}}");
            int served = list(map(r.get("Responses")).get("hash")).size();
            int left = list(map(map(r.get("UnprocessedKeys")).get("hash")).get("Keys")).size();
            assertThat(served).isEqualTo(43);
            assertThat(served + left).isEqualTo(45);
        }
    }
}
