"""Task 4: migrate a running VM live to another host, printing its progress (gRPC streams it).

    HV_GRPC_ADDR=... HV_TOKEN=... HV_PEER_REST_URL=... HV_PEER_TOKEN=... python examples/migrate.py web1
"""

import os
import sys

import hypervisor_client as hv

name = sys.argv[1] if len(sys.argv) > 1 else "web1"
with hv.GrpcClient(os.environ["HV_GRPC_ADDR"], os.environ["HV_TOKEN"]) as client:
    done = client.migrate_vm(
        name,
        os.environ["HV_PEER_REST_URL"],
        os.environ["HV_PEER_TOKEN"],
        on_progress=lambda p: print(f"{p.status:10} {p.progress:5.1f}% {p.transferred} sent, {p.remaining} to go"),
    )
    print(f"{name} migrated: {done.status}")
