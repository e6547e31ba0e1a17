"""Task 1: list the VMs, over REST, or over gRPC with --grpc.

    HV_REST_URL=http://127.0.0.1:9400 HV_TOKEN=hvt_... python examples/list_vms.py
    HV_GRPC_ADDR=127.0.0.1:9401 HV_TOKEN=hvt_... python examples/list_vms.py --grpc
"""

import os
import sys

import hypervisor_client as hv

if "--grpc" in sys.argv:
    client = hv.GrpcClient(os.environ["HV_GRPC_ADDR"], os.environ["HV_TOKEN"])
else:
    client = hv.Client(os.environ["HV_REST_URL"], os.environ["HV_TOKEN"])
with client:
    for vm in client.list_vms().vms:
        print(f"{vm.name:24} {vm.state:10} {vm.cpu.count} vCPU {vm.memory.size}")
