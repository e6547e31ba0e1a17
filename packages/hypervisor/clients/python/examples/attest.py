"""Task 5: have the service sign an attestation report of a running VM, and verify it.

    HV_REST_URL=... HV_TOKEN=... python examples/attest.py web1
"""

import base64
import os
import sys

from google.protobuf import json_format

import hypervisor_client as hv

name = sys.argv[1] if len(sys.argv) > 1 else "web1"
nonce = base64.b64encode(os.urandom(32)).decode()
with hv.Client(os.environ["HV_REST_URL"], os.environ["HV_TOKEN"]) as client:
    report = client.attest(name=name, nonce=nonce)
    print(f"report #{int(report.counter)} on {report.vm.name}, signed by {report.key.name} ({report.algorithm})")
    # The report as the service wrote it (proto3 JSON with every field): the bytes it signed.
    signed = json_format.MessageToDict(report, preserving_proto_field_name=True, always_print_fields_with_no_presence=True)
    verdict = client.verify_attestation(report=signed, nonce=nonce)
    for check in verdict.checks:
        print(f"  {check.name:16} {check.status}")
    print("valid" if verdict.valid else f"INVALID: {list(verdict.reasons)}")
