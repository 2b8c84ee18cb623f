package io.keyline.op;

import static io.keyline.op.ControlPlane.list;
import static io.keyline.op.ControlPlane.map;
import static org.assertj.core.api.Assertions.assertThat;

import io.keyline.engine.api.BatchAdmission;
import io.keyline.engine.api.ItemRef;
import io.keyline.metadata.PrimaryKey;
import io.keyline.metadata.TableMetadata;
import io.keyline.error.ApiException;
import io.keyline.model.AttributeValue;
import io.keyline.protocol.Json;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

class BatchWriteItemTest {
    private final ControlPlane cp = new ControlPlane();

    @BeforeEach void tables() {
        cp.createSimple("hash", false);
        cp.createSimple("both", true);
    }

    private Map<String, Object> write(String requestItems) {
        return cp.call("BatchWriteItem", "{'RequestItems':" + requestItems + "}");
    }

    private Map<String, Object> item(String table, String key) {
        return cp.call("GetItem", "{'TableName':'" + table + "','Key':" + key + "}");
    }

    private static String puts(int from, int to) {
        return IntStream.range(from, to).mapToObj(i -> "{'PutRequest':{'Item':{'p':{'S':'k" + i + "'}}}}").collect(Collectors.joining(","));
    }

    @Nested class Serialization {
        @Test void writeRequestsMustBeAList() {
            assertThat(cp.fail("BatchWriteItem", "{'RequestItems':{'hash':{'PutRequest':{}}}}").name()).isEqualTo("SerializationException");
        }

        @Test void itemMustBeAMap() {
            assertThat(cp.fail("BatchWriteItem", "{'RequestItems':{'hash':[{'PutRequest':{'Item':'x'}}]}}").name())
                    .isEqualTo("SerializationException");
        }

        @Test void unprocessedItemsIsAlwaysPresent() {
            assertThat(write("{'hash':[" + puts(0, 1) + "]}")).isEqualTo(Map.of("UnprocessedItems", Map.of()));
        }
    }

    @Nested class Validation {
        @Test void missingAndEmptyRequestItems() {
            assertThat(cp.fail("BatchWriteItem", "{}").getMessage()).isEqualTo(
                    "1 validation error detected: Value null at 'requestItems' failed to satisfy constraint: Member must not be null");
            assertThat(cp.fail("BatchWriteItem", "{'RequestItems':{}}").getMessage())
                    .endsWith("at 'requestItems' failed to satisfy constraint: Member must have length greater than or equal to 1");
        }

        @Test void emptyOrOversizeListOfOneTable() {
            String constraint = "at 'requestItems' failed to satisfy constraint: Map value must satisfy constraint: "
                    + "[Member must have length less than or equal to 25, Member must have length greater than or equal to 1]";
            assertThat(cp.fail("BatchWriteItem", "{'RequestItems':{'hash':[]}}").getMessage()).contains(constraint);
            assertThat(cp.fail("BatchWriteItem", "{'RequestItems':{'hash':[" + puts(0, 26) + "]}}").getMessage()).contains(constraint);
            // A null list is refused as an empty one (Alternator test_manual_requests.py, test_batch_write_item_invalid_payload).
            assertThat(cp.fail("BatchWriteItem", "{'RequestItems':{'hash':null}}").getMessage()).startsWith("1 validation error").contains(constraint);
            assertThat(cp.fail("BatchWriteItem", "{'RequestItems':{'hash':null,'both':[]}}").getMessage()).startsWith("1 validation error").contains(constraint);
        }

        @Test void everyMalformedWriteListIsRefused() {
            // The cases of Alternator's test_manual_requests.py (test_batch_write_item_invalid_payload, run
            // against DynamoDB): each is a ValidationException or a SerializationException.
            for (String items : new String[] {"null", "[null]", "[{}]", "[{'PutRequest':null}]", "[{'PutRequest':{}}]",
                    "[{'PutRequest':{'Item':null}}]", "[{'PutRequest':{'Item':{}}}]", "[{'DeleteRequest':null}]",
                    "[{'DeleteRequest':{}}]", "[{'DeleteRequest':{'Key':null}}]", "[{'DeleteRequest':{'Key':{}}}]"}) {
                assertThat(cp.fail("BatchWriteItem", "{'RequestItems':{'hash':" + items + "}}").name()).as(items)
                        .isIn("ValidationException", "SerializationException");
            }
        }

        @Test void moreThan25OverAllTables() {
            String both = "{'PutRequest':{'Item':{'p':{'S':'x'},'c':{'S':'y'}}}}";
            assertThat(cp.fail("BatchWriteItem", "{'RequestItems':{'hash':[" + puts(0, 25) + "],'both':[" + both + "]}}").getMessage())
                    .isEqualTo("Too many items requested for the BatchWriteItem call");
        }

        @Test void writeRequestNeedsExactlyOneRequest() {
            assertThat(cp.fail("BatchWriteItem", "{'RequestItems':{'hash':[{}]}}").getMessage()).isEqualTo(BatchWriteItem.NOT_ONE_REQUEST);
            assertThat(cp.fail("BatchWriteItem", "{'RequestItems':{'hash':[{'PutRequest':{'Item':{'p':{'S':'a'}}},"
                    + "'DeleteRequest':{'Key':{'p':{'S':'a'}}}}]}}").getMessage()).isEqualTo(BatchWriteItem.NOT_ONE_REQUEST);
        }

        @Test void missingItemOrKey() {
            // The path carries the request's position in the table's list: dynalite test/batchWriteItem.js
            // ('requestItems.aa;.member.1.member.deleteRequest.key'), recorded against DynamoDB.
            assertThat(cp.fail("BatchWriteItem", "{'RequestItems':{'hash':[{'PutRequest':{}}]}}").getMessage())
                    .contains("Value null at 'requestItems.hash.member.1.member.putRequest.item' failed to satisfy constraint: Member must not be null");
            assertThat(cp.fail("BatchWriteItem", "{'RequestItems':{'hash':[{'PutRequest':{'Item':{'p':{'S':'a'}}}},{'DeleteRequest':{}}]}}").getMessage())
                    .contains("Value null at 'requestItems.hash.member.2.member.deleteRequest.key' failed to satisfy constraint: Member must not be null");
        }

        @Test void badItemsWriteNothing() {
            ApiException e = cp.fail("BatchWriteItem", "{'RequestItems':{'hash':[" + puts(0, 1) + ",{'PutRequest':{'Item':{'p':{'N':'3'}}}}]}}");
            assertThat(e.getMessage()).isEqualTo("One or more parameter values were invalid: Type mismatch for key p expected: S actual: N");
            e = cp.fail("BatchWriteItem", "{'RequestItems':{'hash':[" + puts(0, 1) + ",{'PutRequest':{'Item':{'x':{'S':'y'}}}}]}}");
            assertThat(e.getMessage()).isEqualTo("One or more parameter values were invalid: Missing the key p in the item");
            assertThat(item("hash", "{'p':{'S':'k0'}}")).isEmpty();
        }

        @Test void deleteKeyMustMatchTheSchema() {
            assertThat(cp.fail("BatchWriteItem", "{'RequestItems':{'both':[{'DeleteRequest':{'Key':{'p':{'S':'a'}}}}]}}").getMessage())
                    .isEqualTo("The provided key element does not match the schema");
        }

        @Test void oversizeItem() {
            String big = "x".repeat(410_000);
            assertThat(cp.fail("BatchWriteItem", "{'RequestItems':{'hash':[{'PutRequest':{'Item':{'p':{'S':'a'},'v':{'S':'" + big + "'}}}}]}}")
                    .getMessage()).isEqualTo("Item size has exceeded the maximum allowed size");
        }

        @Test void duplicatesInAnyCombination() {
            String put = "{'PutRequest':{'Item':{'p':{'S':'a'},'c':{'S':'b'}}}}";
            String delete = "{'DeleteRequest':{'Key':{'p':{'S':'a'},'c':{'S':'b'}}}}";
            for (String pair : new String[] {put + "," + put, delete + "," + delete, delete + "," + put}) {
                assertThat(cp.fail("BatchWriteItem", "{'RequestItems':{'both':[" + pair + "]}}").getMessage())
                        .isEqualTo("Provided list of item keys contains duplicates");
            }
            write("{'both':[" + put + ",{'PutRequest':{'Item':{'p':{'S':'a'},'c':{'S':'other'}}}}]}");
        }

        @Test void equalNumbersAreDuplicates() {
            cp.call("CreateTable", "{'TableName':'nums','BillingMode':'PAY_PER_REQUEST','KeySchema':[{'AttributeName':'p','KeyType':'HASH'}],"
                    + "'AttributeDefinitions':[{'AttributeName':'p','AttributeType':'N'}]}");
            assertThat(cp.fail("BatchWriteItem", "{'RequestItems':{'nums':[{'PutRequest':{'Item':{'p':{'N':'1000'}}}},"
                    + "{'PutRequest':{'Item':{'p':{'N':'1e3'}}}}]}}").getMessage()).isEqualTo("Provided list of item keys contains duplicates");
        }

        @Test void sameKeyInTwoTablesIsNoDuplicate() {
            cp.createSimple("hash2", false);
            write("{'hash':[" + puts(0, 1) + "],'hash2':[" + puts(0, 1) + "]}");
            assertThat(item("hash2", "{'p':{'S':'k0'}}")).containsKey("Item");
        }

        @Test void missingTableWritesNothing() {
            ApiException e = cp.fail("BatchWriteItem", "{'RequestItems':{'hash':[" + puts(0, 1) + "],'nothere':[" + puts(1, 2) + "]}}");
            assertThat(e.name()).isEqualTo("ResourceNotFoundException");
            assertThat(e.getMessage()).isEqualTo("Requested resource not found");
            assertThat(item("hash", "{'p':{'S':'k0'}}")).isEmpty();
        }
    }

    @Nested class Behaviour {
        @Test void putsReplaceAndDeletesRemoveOverSeveralTables() {
            cp.call("PutItem", "{'TableName':'hash','Item':{'p':{'S':'old'},'a':{'S':'1'}}}");
            cp.call("PutItem", "{'TableName':'hash','Item':{'p':{'S':'gone'}}}");
            write("{'hash':[{'PutRequest':{'Item':{'p':{'S':'old'},'b':{'S':'2'}}}},{'DeleteRequest':{'Key':{'p':{'S':'gone'}}}}],"
                    + "'both':[{'PutRequest':{'Item':{'p':{'S':'x'},'c':{'S':'y'},'v':{'N':'1'}}}}]}");
            assertThat(map(item("hash", "{'p':{'S':'old'}}").get("Item"))).isEqualTo(Map.of("p", Map.of("S", "old"), "b", Map.of("S", "2")));
            assertThat(item("hash", "{'p':{'S':'gone'}}")).isEmpty();
            assertThat(item("both", "{'p':{'S':'x'},'c':{'S':'y'}}")).containsKey("Item");
        }

        @Test void deletingAMissingItemIsFine() {
            assertThat(write("{'hash':[{'DeleteRequest':{'Key':{'p':{'S':'none'}}}}]}")).isEqualTo(Map.of("UnprocessedItems", Map.of()));
        }

        @Test void refusedWritesComeBackUnprocessedAsSent() {
            BatchAdmission refuseK1 = new BatchAdmission() {
                @Override public boolean admitRead(TableMetadata t, PrimaryKey k, boolean consistent) { return true; }

                @Override public boolean admitWrite(TableMetadata t, PrimaryKey k) {
                    return !k.partition().equals(new AttributeValue.S("k1"));
                }
            };
            BatchWriteItem op = new BatchWriteItem(cp.engine, refuseK1);
            Map<String, Object> r = map(Json.parse(Json.write(op.handle(ControlPlane.request("{'RequestItems':{'hash':[" + puts(0, 3) + "]}}")))));
            assertThat(list(map(r.get("UnprocessedItems")).get("hash")))
                    .containsExactly(Map.of("PutRequest", Map.of("Item", Map.of("p", Map.of("S", "k1")))));
            assertThat(item("hash", "{'p':{'S':'k1'}}")).isEmpty();
            assertThat(item("hash", "{'p':{'S':'k2'}}")).containsKey("Item");
        }

        @Test void anItemHeldByATransactionComesBackUnprocessed() throws Exception {
            CountDownLatch holding = new CountDownLatch(1);
            CountDownLatch release = new CountDownLatch(1);
            var ref = new ItemRef(cp.engine.catalog().get("hash"), new PrimaryKey(new AttributeValue.S("k1"), null));
            Thread tx = new Thread(() -> cp.engine.items().writeAll(List.of(ref), 0, olds -> {
                holding.countDown();
                try {
                    release.await(10, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                return olds;
            }));
            tx.start();
            Map<String, Object> r;
            try {
                assertThat(holding.await(10, TimeUnit.SECONDS)).isTrue();
                r = write("{'hash':[" + puts(0, 2) + "]}");
            } finally {
                release.countDown();
                tx.join();
            }
            assertThat(list(map(r.get("UnprocessedItems")).get("hash")))
                    .containsExactly(Map.of("PutRequest", Map.of("Item", Map.of("p", Map.of("S", "k1")))));
            assertThat(item("hash", "{'p':{'S':'k0'}}")).containsKey("Item");
            assertThat(item("hash", "{'p':{'S':'k1'}}")).isEmpty();
        }

        @Test void itemCountFollowsTheWrites() {
            write("{'hash':[" + puts(0, 10) + "]}");
            write("{'hash':[{'DeleteRequest':{'Key':{'p':{'S':'k0'}}}}]}");
            assertThat(cp.describe("hash").get("ItemCount")).isEqualTo(BigDecimal.valueOf(9));
        }
    }
}
