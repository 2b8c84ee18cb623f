"""boto3 and the AWS CLI against a Keyline server that checks Host names, run by HostCheckOverHttpTest.

Calls the server through localhost and 127.0.0.1 (boto3 sends them as Host, with the port) and
prints "HOST ok" for each; then the AWS CLI the same way when it is installed. Exits non-zero
with the error otherwise. Usage: boto3_hosts.py ENDPOINT (http://127.0.0.1:PORT)
"""
import os
import shutil
import subprocess
import sys
from urllib.parse import urlparse

import boto3

port = urlparse(sys.argv[1]).port
for host in ("localhost", "127.0.0.1"):
    ddb = boto3.client("dynamodb", endpoint_url="http://%s:%d" % (host, port), region_name="us-east-1",
                       aws_access_key_id="keyline", aws_secret_access_key="keyline-secret")
    ddb.list_tables()
    print(host, "ok")

if shutil.which("aws"):
    env = dict(os.environ, AWS_ACCESS_KEY_ID="keyline", AWS_SECRET_ACCESS_KEY="keyline-secret", AWS_DEFAULT_REGION="us-east-1")
    for host in ("localhost", "127.0.0.1"):
        subprocess.run(["aws", "dynamodb", "list-tables", "--endpoint-url", "http://%s:%d" % (host, port)],
                       env=env, check=True, capture_output=True, timeout=120)
        print("cli", host, "ok")
