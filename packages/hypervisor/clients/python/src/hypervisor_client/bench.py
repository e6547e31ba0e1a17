"""The GetVm round-trip benchmark entry of bench/hypervisor-clients.ts:

    python -m hypervisor_client.bench --rest-url URL --grpc-addr ADDR --token T --vm NAME \\
        --seconds S --transport rest|grpc --mode library|raw

Sequential GetVm calls on one reused connection for S seconds, through the library (`library`)
or with no hand-written layer (`raw`: over REST a plain httpx GET on the same reused connection,
its status checked and its body parsed with `response.json()` into generic Python values, what a
call by hand must do at least; over gRPC the generated stub, which decodes the protobuf message,
with the library's default deadline); prints one JSON line `{"calls": N, "seconds": S}`.
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Callable

import grpc
import httpx

from ._gen.hypervisor.v1 import vm_pb2, vm_pb2_grpc
from ._grpc import DEFAULT_TIMEOUT, GrpcClient
from ._rest import Client


def _calls(options: argparse.Namespace) -> tuple[Callable[[], object], Callable[[], None]]:
    """The call to repeat, and how to close its connection."""
    name = options.vm
    if options.transport == "rest":
        if options.mode == "library":
            client = Client(options.rest_url, options.token)
            return (lambda: client.get_vm(name=name)), client.close
        raw = httpx.Client(base_url=options.rest_url, headers={"authorization": f"Bearer {options.token}"})
        return (lambda: raw.get(f"/api/v1/vms/{name}").raise_for_status().json()), raw.close
    if options.mode == "library":
        stub_client = GrpcClient(options.grpc_addr, options.token)
        return (lambda: stub_client.get_vm(name=name)), stub_client.close
    channel = grpc.insecure_channel(options.grpc_addr)
    stub = vm_pb2_grpc.VmServiceStub(channel)
    metadata = (("authorization", f"Bearer {options.token}"),)
    request = vm_pb2.GetVmRequest(name=name)
    # The library's default deadline, so both send the same grpc-timeout header.
    return (lambda: stub.GetVm(request, metadata=metadata, timeout=DEFAULT_TIMEOUT)), channel.close


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m hypervisor_client.bench", description=__doc__.splitlines()[0])
    parser.add_argument("--rest-url", required=True)
    parser.add_argument("--grpc-addr", required=True)
    parser.add_argument("--token", required=True)
    parser.add_argument("--vm", required=True)
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--transport", choices=("rest", "grpc"), default="rest")
    parser.add_argument("--mode", choices=("library", "raw"), default="library")
    options = parser.parse_args(argv)
    call, close = _calls(options)
    try:
        call()  # the connection made before the clock starts
        calls = 0
        start = time.perf_counter()
        end = start + options.seconds
        while (now := time.perf_counter()) < end:
            call()
            calls += 1
        print(json.dumps({"calls": calls, "seconds": round(now - start, 3)}))
    finally:
        close()


if __name__ == "__main__":
    main()
