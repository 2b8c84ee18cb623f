package io.keyline.protocol.shape;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The resource written by scripts/service-model loads and links into the shapes the checks walk. */
class ShapeModelTest {
    private final ShapeModel model = ShapeModel.dynamoDb();

    @Test void everyServedOperationHasItsInputShape() {
        for (String op : List.of("BatchGetItem", "BatchWriteItem", "CreateTable", "DeleteItem", "DeleteTable",
                "DescribeEndpoints", "DescribeLimits", "DescribeTable", "GetItem", "ListTables", "ListTagsOfResource",
                "PutItem", "Query", "Scan", "TagResource", "TransactGetItems", "TransactWriteItems", "UntagResource",
                "UpdateItem", "UpdateTable")) {
            assertThat(model.input(op)).as(op).isNotNull();
            assertThat(model.input(op).type()).as(op).isEqualTo(Shape.Type.STRUCTURE);
        }
        assertThat(model.source()).contains("service model").contains("Apache-2.0");
    }

    @Test void structuresKeepTheModelsMemberOrderAndRequiredMembers() {
        Shape query = model.input("Query");
        assertThat(query.memberNames()).startsWith("TableName", "IndexName", "Select", "AttributesToGet", "Limit");
        assertThat(query.isRequired("TableName")).isTrue();
        assertThat(query.isRequired("Limit")).isFalse();
        assertThat(query.member("Limit").type()).isEqualTo(Shape.Type.INTEGER);
        assertThat(model.input("CreateTable").member("ProvisionedThroughput").member("ReadCapacityUnits").type())
                .isEqualTo(Shape.Type.LONG);
    }

    @Test void listsMapsAndEnumsAreLinked() {
        Shape item = model.input("PutItem").member("Item");
        assertThat(item.type()).isEqualTo(Shape.Type.MAP);
        assertThat(item.mapValue().name()).isEqualTo("AttributeValue");
        assertThat(item.mapValue().member("L").listMember()).isSameAs(item.mapValue());
        assertThat(model.shape("KeyType").enumValues()).containsExactly("HASH", "RANGE");
        assertThat(model.shape("ScalarAttributeType").enumValues()).containsExactly("B", "N", "S");
    }

    @Test void javaTypesAsDynamoDbNamesThem() {
        assertThat(model.input("BatchWriteItem").member("RequestItems").javaType())
                .isEqualTo("java.util.Map<java.lang.String, java.util.List<com.amazonaws.dynamodb.v20120810.WriteRequest>>");
    }
}
