"""boto3 (botocore's own SigV4 signer) against a Keyline with --auth enforce.

Usage: boto3_auth.py ENDPOINT ACCESS_KEY SECRET_KEY
Prints one line per check and "boto3 verified" at the end; exits 1 on the first failure.
"""
import json
import sys
import urllib.error
import urllib.request

import boto3
from botocore.auth import SigV4QueryAuth
from botocore.awsrequest import AWSRequest
from botocore.config import Config
from botocore.credentials import Credentials
from botocore.exceptions import ClientError

endpoint, key, secret = sys.argv[1], sys.argv[2], sys.argv[3]
config = Config(retries={"max_attempts": 1, "mode": "standard"})


def client(k, s):
    return boto3.client("dynamodb", endpoint_url=endpoint, region_name="us-east-1",
                        aws_access_key_id=k, aws_secret_access_key=s, config=config)


def expect_error(call, code):
    try:
        call()
    except ClientError as e:
        got = e.response["Error"]["Code"]
        if got != code:
            sys.exit("expected %s, got %s: %s" % (code, got, e))
        print("refused as expected:", code, "-", e.response["Error"]["Message"])
        return
    sys.exit("expected %s, the call succeeded" % code)


ddb = client(key, secret)
ddb.create_table(TableName="Boto3Auth", BillingMode="PAY_PER_REQUEST",
                 AttributeDefinitions=[{"AttributeName": "pk", "AttributeType": "S"}],
                 KeySchema=[{"AttributeName": "pk", "KeyType": "HASH"}])
ddb.put_item(TableName="Boto3Auth", Item={"pk": {"S": "a b/c+d"}, "v": {"S": "ünïcødé"}})
item = ddb.get_item(TableName="Boto3Auth", Key={"pk": {"S": "a b/c+d"}}, ConsistentRead=True)["Item"]
assert item["v"]["S"] == "ünïcødé", item
print("signed requests verified: create_table, put_item, get_item")

expect_error(lambda: client(key, secret + "x").list_tables(), "InvalidSignatureException")
expect_error(lambda: client("AKIDNOBODY", secret).list_tables(), "UnrecognizedClientException")

# A presigned query (botocore's SigV4QueryAuth), sent with urllib. botocore presigns a JSON
# request by moving its members into the query string and sending no body, which DynamoDB
# refuses for the missing body (SerializationException) only after the signature verified; a
# changed signature is refused as such.
def presigned_error(tamper):
    request = AWSRequest(method="POST", url=endpoint + "/", data=json.dumps({"TableName": "Boto3Auth"}).encode(),
                         headers={"X-Amz-Target": "DynamoDB_20120810.DescribeTable",
                                  "Content-Type": "application/x-amz-json-1.0"})
    SigV4QueryAuth(Credentials(key, secret), "dynamodb", "us-east-1", expires=300).add_auth(request)
    prepared = request.prepare()
    url = tamper(prepared.url)
    try:
        urllib.request.urlopen(urllib.request.Request(url, data=b"", method="POST", headers=dict(prepared.headers)))
    except urllib.error.HTTPError as e:
        return json.loads(e.read())["__type"].split("#")[-1]
    return "no error"


verified = presigned_error(lambda url: url)
assert verified == "SerializationException", verified
forged = presigned_error(lambda url: url[:-8] + "00000000")
assert forged == "InvalidSignatureException", forged
print("presigned query verified")
print("boto3 verified")
