package io.keyline.op;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.keyline.error.ApiException;
import io.keyline.metadata.OnDemandThroughput;
import io.keyline.op.request.AttributeDefinition;
import io.keyline.op.request.CreateTableRequest;
import io.keyline.op.request.DeleteTableRequest;
import io.keyline.op.request.DescribeEndpointsRequest;
import io.keyline.op.request.DescribeLimitsRequest;
import io.keyline.op.request.DescribeTableRequest;
import io.keyline.op.request.GlobalSecondaryIndexUpdate;
import io.keyline.op.request.IndexProjection;
import io.keyline.op.request.KeySchemaElement;
import io.keyline.op.request.ListTablesRequest;
import io.keyline.op.request.ListTagsOfResourceRequest;
import io.keyline.op.request.ProvisionedThroughput;
import io.keyline.op.request.SecondaryIndex;
import io.keyline.op.request.SseSpecification;
import io.keyline.op.request.StreamSpecification;
import io.keyline.op.request.Tag;
import io.keyline.op.request.TagResourceRequest;
import io.keyline.op.request.UntagResourceRequest;
import io.keyline.op.request.UpdateTableRequest;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The control-plane operations' decoders: each member lands in its record, absent members and
 * JSON nulls (also inside lists) stay null for the constraints to report, and a member of the
 * wrong JSON type is a SerializationException before anything is validated.
 */
class ControlPlaneDecodeTest {
    private final ControlPlane cp = new ControlPlane();

    private <R> R decode(Operation<R> op, String json) { return op.decode(ControlPlane.request(json)); }

    private ApiException serialization(Operation<?> op, String json) {
        ApiException e = catchThrowableOfType(() -> op.decode(ControlPlane.request(json)), ApiException.class);
        assertThat(e).as("expected %s to fail decoding", op.name()).isNotNull();
        assertThat(e.name()).isEqualTo("SerializationException");
        return e;
    }

    @Test void createTableDecodesEveryMember() {
        CreateTableRequest r = decode(new CreateTable(cp.engine), "{'TableName':'t','BillingMode':'PROVISIONED',"
                + "'AttributeDefinitions':[{'AttributeName':'p','AttributeType':'S'},null],"
                + "'KeySchema':[{'AttributeName':'p','KeyType':'HASH'}],"
                + "'ProvisionedThroughput':{'ReadCapacityUnits':5,'WriteCapacityUnits':6},"
                + "'LocalSecondaryIndexes':[{'IndexName':'lsi','KeySchema':[],'Projection':{'ProjectionType':'ALL'},"
                + "'ProvisionedThroughput':'ignored on an LSI'}],"
                + "'GlobalSecondaryIndexes':[{'IndexName':'gsi','KeySchema':[{'AttributeName':'x','KeyType':'HASH'}],"
                + "'Projection':{'ProjectionType':'INCLUDE','NonKeyAttributes':['a',null]},"
                + "'ProvisionedThroughput':{'ReadCapacityUnits':1},'OnDemandThroughput':{'MaxReadRequestUnits':-1}}],"
                + "'StreamSpecification':{'StreamEnabled':true,'StreamViewType':'KEYS_ONLY'},"
                + "'SSESpecification':{'Enabled':true,'SSEType':'KMS','KMSMasterKeyId':'k'},'TableClass':'STANDARD',"
                + "'Tags':[{'Key':'a','Value':'b'}],'OnDemandThroughput':{'MaxWriteRequestUnits':9},"
                + "'DeletionProtectionEnabled':false}");
        assertThat(r.tableName()).isEqualTo("t");
        assertThat(r.billingMode()).isEqualTo("PROVISIONED");
        assertThat(r.attributeDefinitions()).containsExactly(new AttributeDefinition("p", "S"), null);
        assertThat(r.keySchema()).containsExactly(new KeySchemaElement("p", "HASH"));
        assertThat(r.provisionedThroughput()).isEqualTo(new ProvisionedThroughput(5L, 6L));
        assertThat(r.localSecondaryIndexes()).containsExactly(
                new SecondaryIndex("lsi", List.of(), new IndexProjection("ALL", null), null, null));
        assertThat(r.globalSecondaryIndexes()).containsExactly(new SecondaryIndex("gsi", List.of(new KeySchemaElement("x", "HASH")),
                new IndexProjection("INCLUDE", Arrays.asList("a", null)), new ProvisionedThroughput(1L, null),
                new OnDemandThroughput(-1L, null)));
        assertThat(r.streamSpecification()).isEqualTo(new StreamSpecification(true, "KEYS_ONLY"));
        assertThat(r.sseSpecification()).isEqualTo(new SseSpecification(true, "KMS", "k"));
        assertThat(r.tableClass()).isEqualTo("STANDARD");
        assertThat(r.tags()).containsExactly(new Tag("a", "b"));
        assertThat(r.onDemandThroughput()).isEqualTo(new OnDemandThroughput(null, 9L));
        assertThat(r.deletionProtectionEnabled()).isFalse();
    }

    @Test void absentMembersAreNull() {
        CreateTableRequest r = decode(new CreateTable(cp.engine), "{}");
        assertThat(r).isEqualTo(new CreateTableRequest(null, null, null, null, null, null, null, null, null, null, null, null, null));
        UpdateTableRequest u = decode(new UpdateTable(cp.engine), "{}");
        assertThat(u).isEqualTo(new UpdateTableRequest(null, null, null, null, null, null, null, null, null, null, false, false));
        assertThat(decode(new ListTables(cp.engine), "{}")).isEqualTo(new ListTablesRequest(null, null));
    }

    @Test void updateTableDecodesIndexUpdatesAndNotesUnservedMembers() {
        UpdateTableRequest r = decode(new UpdateTable(cp.engine), "{'TableName':'t','GlobalSecondaryIndexUpdates':["
                + "{'Update':{'IndexName':'a','ProvisionedThroughput':{'ReadCapacityUnits':1,'WriteCapacityUnits':2}}},"
                + "{'Create':{'IndexName':'b','KeySchema':[{'AttributeName':'x','KeyType':'HASH'}],"
                + "'Projection':{'ProjectionType':'KEYS_ONLY'}}},{'Delete':{'IndexName':'c'}},{},null],"
                + "'ReplicaUpdates':[],'WarmThroughput':{}}");
        List<GlobalSecondaryIndexUpdate> u = r.globalSecondaryIndexUpdates();
        assertThat(u).hasSize(5);
        assertThat(u.get(0).update()).isEqualTo(new GlobalSecondaryIndexUpdate.Update("a", new ProvisionedThroughput(1L, 2L), null));
        assertThat(u.get(1).create().indexName()).isEqualTo("b");
        assertThat(u.get(2).delete()).isEqualTo(new GlobalSecondaryIndexUpdate.Delete("c"));
        assertThat(u.stream().limit(4).map(x -> x.actions()).toList()).containsExactly(1, 1, 1, 0);
        assertThat(u.stream().limit(3).map(GlobalSecondaryIndexUpdate::indexName).toList()).containsExactly("a", "b", "c");
        assertThat(u.get(4)).isNull();
        assertThat(r.hasReplicaUpdates()).isTrue();
        assertThat(r.hasWarmThroughput()).isTrue();
    }

    @Test void theSmallRequestsDecodeTheirMembers() {
        assertThat(decode(new DescribeTable(cp.engine), "{'TableName':'t'}")).isEqualTo(new DescribeTableRequest("t"));
        assertThat(decode(new DeleteTable(cp.engine), "{'TableName':'t'}")).isEqualTo(new DeleteTableRequest("t"));
        assertThat(decode(new ListTables(cp.engine), "{'Limit':3,'ExclusiveStartTableName':'abc'}"))
                .isEqualTo(new ListTablesRequest(3, "abc"));
        assertThat(decode(new TagResource(cp.engine), "{'ResourceArn':'arn','Tags':[{'Key':'k'},null]}"))
                .isEqualTo(new TagResourceRequest("arn", Arrays.asList(new Tag("k", null), null)));
        assertThat(decode(new UntagResource(cp.engine), "{'ResourceArn':'arn','TagKeys':['k',null]}"))
                .isEqualTo(new UntagResourceRequest("arn", Arrays.asList("k", null)));
        assertThat(decode(new ListTagsOfResource(cp.engine), "{'ResourceArn':'arn','NextToken':'x'}"))
                .isEqualTo(new ListTagsOfResourceRequest("arn"));
        assertThat(decode(new DescribeEndpoints(cp.engine), "{'Anything':1}")).isEqualTo(DescribeEndpointsRequest.INSTANCE);
        assertThat(decode(new DescribeLimits(), "{}")).isEqualTo(DescribeLimitsRequest.INSTANCE);
    }

    @Test void aMemberOfTheWrongJsonTypeIsASerializationException() {
        CreateTable create = new CreateTable(cp.engine);
        assertThat(serialization(create, "{'TableName':5}").getMessage()).isEqualTo("NUMBER_VALUE cannot be converted to String");
        serialization(create, "{'KeySchema':{}}");
        serialization(create, "{'KeySchema':['p']}");
        serialization(create, "{'ProvisionedThroughput':{'ReadCapacityUnits':'5'}}");
        serialization(create, "{'GlobalSecondaryIndexes':[{'Projection':{'NonKeyAttributes':[1]}}]}");
        serialization(create, "{'GlobalSecondaryIndexes':[{'OnDemandThroughput':{'MaxReadRequestUnits':1.5}}]}");
        serialization(create, "{'StreamSpecification':{'StreamEnabled':'yes'}}");
        serialization(create, "{'Tags':[{'Key':1}]}");
        serialization(create, "{'DeletionProtectionEnabled':'true'}");
        serialization(new UpdateTable(cp.engine), "{'GlobalSecondaryIndexUpdates':[{'Delete':{'IndexName':7}}]}");
        serialization(new UpdateTable(cp.engine), "{'ProvisionedThroughput':5}");
        assertThat(serialization(new ListTables(cp.engine), "{'Limit':3000000000}").getMessage())
                .isEqualTo("NUMBER_VALUE cannot be converted to Integer");
        serialization(new UntagResource(cp.engine), "{'TagKeys':[1]}");
        serialization(new TagResource(cp.engine), "{'ResourceArn':true}");
        serialization(new DescribeTable(cp.engine), "{'TableName':[]}");
        serialization(new DeleteTable(cp.engine), "{'TableName':{}}");
        serialization(new ListTagsOfResource(cp.engine), "{'ResourceArn':1}");
    }

    @Test void aKeySchemaElementIsQuotedAsDynamoDbQuotesAMember() {
        assertThat(new KeySchemaElement("p", "HASH")).hasToString("{AttributeName=p, KeyType=HASH}");
        assertThat(new KeySchemaElement(null, "HASH")).hasToString("{KeyType=HASH}");
    }
}
