"""Host facts, the audit log and tokens over both transports."""

from __future__ import annotations

from typing import Any

import hypervisor_client as hv

from .conftest import covered, make_client, unique


def test_system(client: Any, transport: str) -> None:
    info = client.get_system_info()
    assert isinstance(info, hv.system_pb2.SystemInfo)
    assert info.hostname and info.driver == "simulated" and info.cpu.threads >= 1
    stats = client.get_system_stats()
    assert stats.memory.total_bytes > 0 and stats.uptime_seconds > 0
    cc = client.get_confidential_computing()
    assert isinstance(cc, hv.system_pb2.CcCapabilities)
    iommu = client.list_iommu_groups()
    assert isinstance(iommu, hv.system_pb2.ListIommuGroupsResponse)
    config = client.get_system_config()
    assert config["driver"] == "simulated"
    covered(
        transport,
        "GetSystemInfo", "GetSystemStats", "GetConfidentialComputing", "ListIommuGroups", "GetSystemConfig",
    )  # fmt: skip


def test_tokens_and_audit(client: Any, transport: str) -> None:
    name = unique("tok")
    created = client.create_token(name=name, scopes=["vm:read"], expires_in_days=1)
    assert created.token.startswith("hvt_") and list(created.scopes) == ["vm:read"]
    assert name in [t.name for t in client.list_tokens().tokens]
    with make_client(transport, token=created.token) as reader:
        assert isinstance(reader.list_vms(), hv.vm_pb2.ListVmsResponse)
    revoked = client.delete_token(name=name)
    assert (revoked.name, revoked.revoked) == (name, True)

    page = client.list_audit_events(resource=f"token/{name}", limit=10)
    assert isinstance(page, hv.audit_pb2.ListAuditEventsResponse)
    methods = {(e.method, e.outcome) for e in page.events}
    assert methods, "the token's creation and deletion are audited"
    assert all(e.resource == f"token/{name}" for e in page.events)
    covered(transport, "CreateToken", "ListTokens", "DeleteToken", "ListAuditEvents")
