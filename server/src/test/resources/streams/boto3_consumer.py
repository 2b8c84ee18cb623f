"""A DynamoDB Streams consumer on boto3's dynamodbstreams client, run by StreamsBoto3Test.

Creates a table with a NEW_AND_OLD_IMAGES stream, makes a known sequence of changes (puts,
updates, deletes, a batch and a transaction, and writes that change nothing), then reads every
shard from TRIM_HORIZON to its end with ListStreams, DescribeStream (paged), GetShardIterator
and GetRecords, following NextShardIterator, and checks that it saw exactly the expected
records, each item's in order. Exits 0 on success, prints the difference otherwise.
Usage: boto3_consumer.py ENDPOINT
"""
import sys

import boto3

endpoint = sys.argv[1]
kw = dict(endpoint_url=endpoint, region_name="us-east-1", aws_access_key_id="keyline", aws_secret_access_key="keyline-secret")
ddb = boto3.client("dynamodb", **kw)
streams = boto3.client("dynamodbstreams", **kw)

table = "boto3_stream"
ddb.create_table(TableName=table, BillingMode="PAY_PER_REQUEST",
                 KeySchema=[{"AttributeName": "p", "KeyType": "HASH"}],
                 AttributeDefinitions=[{"AttributeName": "p", "AttributeType": "S"}],
                 StreamSpecification={"StreamEnabled": True, "StreamViewType": "NEW_AND_OLD_IMAGES"})
ddb.get_waiter("table_exists").wait(TableName=table, WaiterConfig={"Delay": 1})

expected = {}  # key -> list of (eventName, new v or None)


def expect(key, event, v):
    expected.setdefault(key, []).append((event, v))


for i in range(50):
    k = "k%d" % i
    ddb.put_item(TableName=table, Item={"p": {"S": k}, "v": {"N": "1"}})
    expect(k, "INSERT", "1")
    ddb.put_item(TableName=table, Item={"p": {"S": k}, "v": {"N": "1"}})  # no change: no record
    ddb.update_item(TableName=table, Key={"p": {"S": k}}, UpdateExpression="SET v = :v",
                    ExpressionAttributeValues={":v": {"N": "2"}})
    expect(k, "MODIFY", "2")
    if i % 3 == 0:
        ddb.delete_item(TableName=table, Key={"p": {"S": k}})
        expect(k, "REMOVE", None)
ddb.delete_item(TableName=table, Key={"p": {"S": "never"}})  # absent: no record
ddb.batch_write_item(RequestItems={table: [{"PutRequest": {"Item": {"p": {"S": "b%d" % i}, "v": {"N": "3"}}}} for i in range(10)]})
for i in range(10):
    expect("b%d" % i, "INSERT", "3")
ddb.transact_write_items(TransactItems=[
    {"Put": {"TableName": table, "Item": {"p": {"S": "t1"}, "v": {"N": "4"}}}},
    {"Update": {"TableName": table, "Key": {"p": {"S": "k1"}}, "UpdateExpression": "SET v = :v",
                "ExpressionAttributeValues": {":v": {"N": "5"}}}},
])
expect("t1", "INSERT", "4")
expect("k1", "MODIFY", "5")

arns = [s["StreamArn"] for s in streams.list_streams(TableName=table)["Streams"]]
assert len(arns) == 1, arns
arn = arns[0]
assert ddb.describe_table(TableName=table)["Table"]["LatestStreamArn"] == arn

shards = []
kwargs = {"StreamArn": arn, "Limit": 2}
while True:
    d = streams.describe_stream(**kwargs)["StreamDescription"]
    assert d["StreamStatus"] == "ENABLED", d["StreamStatus"]
    shards.extend(d["Shards"])
    if "LastEvaluatedShardId" not in d:
        break
    kwargs["ExclusiveStartShardId"] = d["LastEvaluatedShardId"]

seen = {}
for shard in shards:
    it = streams.get_shard_iterator(StreamArn=arn, ShardId=shard["ShardId"], ShardIteratorType="TRIM_HORIZON")["ShardIterator"]
    last = None
    while it:
        page = streams.get_records(ShardIterator=it, Limit=7)
        for r in page["Records"]:
            seq = int(r["dynamodb"]["SequenceNumber"])
            assert last is None or seq > last, "sequence numbers must increase in a shard"
            last = seq
            assert r["eventSource"] == "aws:dynamodb" and r["awsRegion"] == "us-east-1"
            key = r["dynamodb"]["Keys"]["p"]["S"]
            new = r["dynamodb"].get("NewImage")
            seen.setdefault(key, []).append((r["eventName"], new["v"]["N"] if new else None))
        if not page["Records"]:
            break
        it = page.get("NextShardIterator")

if seen != expected:
    for k in sorted(set(seen) | set(expected)):
        if seen.get(k) != expected.get(k):
            print("key %s: expected %s, read %s" % (k, expected.get(k), seen.get(k)))
    sys.exit(1)
print("read %d records of %d items in order" % (sum(len(v) for v in seen.values()), len(seen)))
