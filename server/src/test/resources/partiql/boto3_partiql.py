"""PartiQL through boto3's dynamodb client, unchanged, run by PartiqlBoto3Test.

execute_statement (INSERT, SELECT with parameters, paging with Limit and NextToken, UPDATE with
RETURNING, DELETE, DuplicateItemException), batch_execute_statement and execute_transaction
against a Keyline server. Exits 0 on success, prints what differed otherwise.
Usage: boto3_partiql.py ENDPOINT
"""
import sys

import boto3

endpoint = sys.argv[1]
ddb = boto3.client("dynamodb", endpoint_url=endpoint, region_name="us-east-1",
                   aws_access_key_id="keyline", aws_secret_access_key="keyline-secret")

ddb.create_table(TableName="boto3_music", BillingMode="PAY_PER_REQUEST",
                 KeySchema=[{"AttributeName": "Artist", "KeyType": "HASH"}, {"AttributeName": "SongTitle", "KeyType": "RANGE"}],
                 AttributeDefinitions=[{"AttributeName": "Artist", "AttributeType": "S"},
                                       {"AttributeName": "SongTitle", "AttributeType": "S"}])
ddb.get_waiter("table_exists").wait(TableName="boto3_music", WaiterConfig={"Delay": 1})

failures = []


def check(what, ok):
    if not ok:
        failures.append(what)


for i in range(7):
    ddb.execute_statement(Statement="INSERT INTO boto3_music VALUE {'Artist': ?, 'SongTitle': ?, 'n': ?}",
                          Parameters=[{"S": "Acme"}, {"S": "song%d" % i}, {"N": str(i)}])
try:
    ddb.execute_statement(Statement="INSERT INTO boto3_music VALUE {'Artist': 'Acme', 'SongTitle': 'song0'}")
    check("a duplicate INSERT fails", False)
except ddb.exceptions.DuplicateItemException:
    pass

r = ddb.execute_statement(Statement='SELECT SongTitle FROM "boto3_music" WHERE Artist = ? AND n >= 2',
                          Parameters=[{"S": "Acme"}], ReturnConsumedCapacity="TOTAL")
check("the SELECT returns the five matching songs", sorted(x["SongTitle"]["S"] for x in r["Items"]) == ["song%d" % i for i in range(2, 7)])
check("the SELECT is priced", r["ConsumedCapacity"]["CapacityUnits"] == 0.5)

seen, token = [], None
while True:
    kw = {"NextToken": token} if token else {}
    r = ddb.execute_statement(Statement="SELECT * FROM boto3_music WHERE Artist = 'Acme' ORDER BY SongTitle DESC", Limit=3, **kw)
    seen += [x["SongTitle"]["S"] for x in r["Items"]]
    token = r.get("NextToken")
    if not token:
        break
check("paging in descending order sees every song once: %s" % seen, seen == ["song%d" % i for i in range(6, -1, -1)])

r = ddb.execute_statement(Statement="UPDATE boto3_music SET n = n + 10 WHERE Artist = 'Acme' AND SongTitle = 'song1' RETURNING MODIFIED NEW *")
check("RETURNING MODIFIED NEW *", r["Items"] == [{"n": {"N": "11"}}])
ddb.execute_statement(Statement="DELETE FROM boto3_music WHERE Artist = 'Acme' AND SongTitle = 'song1'")

r = ddb.batch_execute_statement(Statements=[
    {"Statement": "SELECT * FROM boto3_music WHERE Artist = 'Acme' AND SongTitle = 'song2'"},
    {"Statement": "SELECT * FROM boto3_music WHERE Artist = 'Acme' AND SongTitle = 'song1'"},
])
check("batch reads", "Item" in r["Responses"][0] and "Item" not in r["Responses"][1])

ddb.execute_transaction(TransactStatements=[
    {"Statement": "EXISTS(SELECT * FROM boto3_music WHERE Artist = 'Acme' AND SongTitle = 'song2' AND n = 2)"},
    {"Statement": "UPDATE boto3_music SET done = true WHERE Artist = 'Acme' AND SongTitle = 'song3'"},
])
try:
    ddb.execute_transaction(TransactStatements=[
        {"Statement": "INSERT INTO boto3_music VALUE {'Artist': 'Acme', 'SongTitle': 'song4'}"},
        {"Statement": "UPDATE boto3_music SET done = true WHERE Artist = 'Acme' AND SongTitle = 'song5'"},
    ])
    check("a transaction with a duplicate INSERT is cancelled", False)
except ddb.exceptions.TransactionCanceledException as e:
    codes = [x["Code"] for x in e.response["CancellationReasons"]]
    check("cancellation reasons %s" % codes, codes == ["DuplicateItem", "None"])

if failures:
    print("\n".join(failures))
    sys.exit(1)
print("boto3 PartiQL ok")
