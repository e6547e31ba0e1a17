"""Networks and their rules, forwards, leases and tunnel over both transports."""

from __future__ import annotations

import random
from typing import Any

import pytest

import hypervisor_client as hv

from .conftest import covered, new_vm, unique


def test_networks(client: Any, transport: str) -> None:
    # A subnet of its own per test run, so the two transports' networks never overlap.
    third = random.randrange(0, 250)
    subnet = f"10.{random.randrange(150, 250)}.{third}.0/24"
    name = unique("net")[:15]
    network = client.create_network(name=name, mode="nat", subnet=subnet)
    assert isinstance(network, hv.network_pb2.Network)
    assert (network.name, network.subnet, network.mode) == (name, subnet, "nat")
    assert name in [n.name for n in client.list_networks().networks]
    assert client.get_network(name=name).subnet == subnet
    assert client.update_network(name=name, mtu=1400).mtu == 1400

    rule = client.add_rule(name=name, direction="in", action="accept", protocol="tcp", ports="22", comment="ssh")
    assert (rule.ports, rule.comment) == ("22", "ssh")
    assert [r.id for r in client.list_rules(name=name).rules] == [rule.id]
    # clear_comment is REST's "comment": null.
    changed = client.update_rule(name=name, id=rule.id, ports="2222", clear_comment=True)
    assert changed.ports == "2222" and not changed.HasField("comment")

    base = subnet.rsplit(".", 1)[0]
    vm = new_vm(client, network=[{"type": "virtio-net", "network": name, "ip": f"{base}.10"}])
    port = random.randrange(20000, 60000)
    forward = client.add_forward(name=name, protocol="tcp", listen_port=port, vm=vm.name, guest_port=22)
    assert (forward.listen_port, forward.vm) == (port, vm.name)
    assert [f.id for f in client.list_forwards(name=name).forwards] == [forward.id]
    assert list(client.list_leases(name=name).leases) == []
    assert client.delete_forward(name=name, id=forward.id).id == forward.id
    assert client.delete_rule(name=name, id=rule.id).id == rule.id

    client.delete_vm(name=vm.name)
    deleted = client.delete_network(name=name)
    assert (deleted.name, deleted.deleted) == (name, True)
    covered(
        transport,
        "CreateNetwork", "ListNetworks", "GetNetwork", "UpdateNetwork", "AddRule", "ListRules",
        "UpdateRule", "AddForward", "ListForwards", "ListLeases", "DeleteForward", "DeleteRule",
        "DeleteNetwork",
    )  # fmt: skip


def test_tunnel_of_a_network_without_one(client: Any, transport: str) -> None:
    name = unique("net")[:15]
    client.create_network(name=name, mode="isolated", subnet=f"10.{random.randrange(150, 250)}.{random.randrange(0, 250)}.0/24")
    tunnel = client.get_tunnel(name=name)
    assert isinstance(tunnel, hv.network_pb2.NetworkTunnel)
    assert (tunnel.network, tunnel.state) == (name, "not_configured")
    # The exchange a peer service calls: refused, with its code, since no tunnel is configured.
    with pytest.raises(hv.ApiError) as caught:
        client.exchange_tunnel_keys(name=name, type="init", epoch=1, nonce="AAAA", signature="AAAA")
    assert caught.value.code in ("TUNNEL_NOT_CONFIGURED", "VALIDATION_ERROR")
    client.delete_network(name=name)
    covered(transport, "GetTunnel", "ExchangeTunnelKeys")
