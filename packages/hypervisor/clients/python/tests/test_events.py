"""The event stream (SSE over REST, WatchVmEvents over gRPC): a replay after an id, and a
stream whose connection is cut in the middle, resumed from the last event id with no gap and no
duplicate (feature:events-resume)."""

from __future__ import annotations

from typing import Any

import hypervisor_client as hv

from .conftest import covered, new_vm, through
from .proxy import DroppingProxy


def test_watch_replays_after_an_id(client: Any, transport: str) -> None:
    vm = new_vm(client)
    client.start_vm(name=vm.name)
    events = client.watch_events(vm=vm.name, after_id="0")
    created = next(events)
    assert isinstance(created, hv.vm_pb2.VmEvent)
    assert (created.kind, created.data["name"] if "name" in created.data else created.data["vm"]) == (
        "vm.created",
        vm.name,
    )
    started = next(e for e in events if e.kind == "vm.state_changed")
    assert (started.data["from"], started.data["to"]) == ("CREATED", "RUNNING")
    assert int(started.id) > int(created.id)
    events.close()
    # Only the kinds asked for.
    kinds = client.watch_events(kinds=["vm.state_changed"], vm=vm.name, after_id=created.id)
    assert next(kinds).id == started.id
    kinds.close()
    covered(transport, "WatchVmEvents")


def test_watch_resumes_a_dropped_stream(client: Any, transport: str, proxy: DroppingProxy) -> None:
    vm = new_vm(client)
    with through(proxy, transport) as watcher:
        stream = watcher.watch_events(vm=vm.name, after_id="0")
        got = [next(stream)]  # vm.created: the stream is open
        client.start_vm(name=vm.name)
        got.append(next(stream))
        proxy.drop()
        # Events while the connection is down: replayed once the client has reconnected.
        client.pause_vm(name=vm.name)
        client.resume_vm(name=vm.name)
        client.stop_vm(name=vm.name, force=True)
        while len(got) < 5 or got[-1].data["to"] != "STOPPED":
            got.append(next(stream))
        stream.close()
    assert proxy.connections >= 2, "the stream was reconnected"
    # What a stream never cut saw, from the same point.
    reference = client.watch_events(vm=vm.name, after_id="0")
    expected = [next(reference) for _ in got]
    reference.close()
    assert [(e.id, e.kind) for e in got] == [(e.id, e.kind) for e in expected]
    assert len({e.id for e in got}) == len(got)
    states = [(e.data["from"], e.data["to"]) for e in got if e.kind == "vm.state_changed"]
    assert states == [("CREATED", "RUNNING"), ("RUNNING", "PAUSED"), ("PAUSED", "RUNNING"), ("RUNNING", "STOPPED")]
    covered(transport, "WatchVmEvents", "feature:events-resume")
