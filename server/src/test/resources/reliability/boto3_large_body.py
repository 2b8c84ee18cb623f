"""A PutItem of about 17 MB through boto3, run by RefusedBodyTest.

DynamoDB refuses a body over 16 MB with 413; the server answers while botocore is still sending
the body. Prints "413 RequestEntityTooLarge" when boto3 reports that error, and exits non-zero
with what it got instead (a connection reset or broken pipe, before the fix). One attempt, no
retries, so the first outcome is the one seen. Usage: boto3_large_body.py ENDPOINT
"""
import sys

import boto3
from botocore.config import Config
from botocore.exceptions import ClientError

ddb = boto3.client("dynamodb", endpoint_url=sys.argv[1], region_name="us-east-1",
                   aws_access_key_id="keyline", aws_secret_access_key="keyline-secret",
                   config=Config(retries={"total_max_attempts": 1}))
try:
    ddb.put_item(TableName="tbl", Item={"p": {"S": "big"}, "v": {"S": "x" * 17_000_000}})
    print("accepted")
    sys.exit(1)
except ClientError as e:
    print(e.response["ResponseMetadata"]["HTTPStatusCode"], e.response["Error"]["Code"])
