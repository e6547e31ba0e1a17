"""PQC keys, attestation and verification over both transports: a report made over one
transport verifies over the other."""

from __future__ import annotations

import base64
import os
from typing import Any

import hypervisor_client as hv
from google.protobuf import json_format

from .conftest import covered, make_client, new_vm, unique


def test_keys(client: Any, transport: str) -> None:
    status = client.get_status()
    assert isinstance(status, hv.pqc_pb2.PqcStatus) and status.available
    name = unique("key")
    key = client.generate_key(name=name, algorithm="ML-DSA-44", purpose="signing")
    assert (key.name, key.algorithm, key.version) == (name, "ML-DSA-44", 1)
    assert name in [k.name for k in client.list_keys().keys]
    assert client.get_key(name=name).fingerprint == key.fingerprint
    rotated = client.rotate_key(name=name)
    assert rotated.version == 2 and len(rotated.versions) == 2
    raw = client.export_public_key(name=name)
    assert (raw.format, raw.version) == ("raw", 2) and len(base64.b64decode(raw.public_key)) == 1312
    pem = client.export_public_key(name=name, format="pem", version=1)
    assert pem.pem.startswith("-----BEGIN PUBLIC KEY-----")
    deleted = client.delete_key(name=name)
    assert (deleted.name, deleted.deleted) == (name, True)
    covered(transport, "GetStatus", "GenerateKey", "ListKeys", "GetKey", "RotateKey", "ExportPublicKey", "DeleteKey")


def test_slh_dsa_key_is_awaited(client: Any, transport: str) -> None:
    # REST answers 202 with a pqc.key_create operation; both clients answer the key once made.
    key = client.generate_key(name=unique("slh"), algorithm="SLH-DSA-SHA2-128f", purpose="signing", timeout=120)
    assert (key.algorithm, key.version) == ("SLH-DSA-SHA2-128f", 1)
    covered(transport, "GenerateKey")


def test_attest_and_verify_across_transports(client: Any, transport: str) -> None:
    vm = new_vm(client)
    client.start_vm(name=vm.name)
    nonce = base64.b64encode(os.urandom(32)).decode()
    report = client.attest(name=vm.name, nonce=nonce)
    assert isinstance(report, hv.pqc_pb2.AttestReport)
    assert (report.format, report.vm.name, report.nonce) == ("hv-attestation/1", vm.name, nonce)
    as_json = json_format.MessageToDict(report, preserving_proto_field_name=True, always_print_fields_with_no_presence=True)
    other = "grpc" if transport == "rest" else "rest"
    with make_client(other) as verifier:
        for checker in (client, verifier):
            verdict = checker.verify_attestation(report=as_json, nonce=nonce)
            assert verdict.valid, verdict.reasons
            assert {c.name for c in verdict.checks} >= {"signature", "nonce", "measurement"}
        forged = client.verify_attestation(report={**as_json, "nonce": base64.b64encode(b"x" * 16).decode()}, nonce=nonce)
        assert not forged.valid and any(reason.startswith("signature") for reason in forged.reasons)
    covered(transport, "Attest", "VerifyAttestation")


def test_self_test(client: Any, transport: str) -> None:
    operation = client.run_self_test()
    assert operation.kind == "pqc.self_test"
    done = client.wait_operation(operation.id, timeout=120)
    assert done.result["passed"] is True
    covered(transport, "RunSelfTest")
