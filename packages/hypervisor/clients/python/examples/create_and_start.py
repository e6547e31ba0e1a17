"""Task 2: create a VM with a new disk, and start it.

    HV_REST_URL=... HV_TOKEN=... python examples/create_and_start.py web1
"""

import os
import sys

import hypervisor_client as hv

name = sys.argv[1] if len(sys.argv) > 1 else "web1"
with hv.Client(os.environ["HV_REST_URL"], os.environ["HV_TOKEN"]) as client:
    disk = client.create_disk(name=f"{name}-root", format="qcow2", size="1G")
    vm = client.create_vm(
        name=name,
        cpu={"count": 1},
        memory={"size": "256M"},
        devices={"storage": [{"type": "virtio-blk", "path": disk.name, "format": "qcow2"}]},
    )
    print(f"created {vm.name} ({vm.uuid}): {vm.state}")
    try:
        vm = client.start_vm(name=vm.name)
    except hv.ConflictError as error:  # e.g. VM_ALREADY_RUNNING
        print(f"not started: {error.code}: {error.message}")
    print(f"{vm.name}: {vm.state}")
