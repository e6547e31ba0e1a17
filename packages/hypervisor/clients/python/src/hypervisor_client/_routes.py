"""The REST route of every RPC (docs/hypervisor-grpc.md's mapping), as data: the REST client
turns a request message into its route with the same rules as the service's gRPC layer
(src/api/grpc/rpc.ts), so one request message type serves both transports:

- the fields named in the path (`{name}`) go into it;
- of the others, `query` ones (all, for GET) go into the query string, the rest is the JSON
  body, or the one field `body_field` is, where the body's fields would clash with the path's;
- `clear_<field>` flags become REST's `"<field>": null`;
- `rest_json` adds what proto3 JSON leaves out and REST's body requires (as the service's
  gRPC layer does for the same RPC).

How REST's answer becomes the response message is `answer`: the JSON as it is, or by status
(`oneof:201=vm,202=operation`: a 202 is the oneof's `operation`), or a 202's operation awaited
(`await`: a graceful StopVm, an SLH-DSA key), or `pem` (ExportPublicKey's PEM file).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Route:
    method: str
    path: str
    query: tuple[str, ...] = ()
    body_field: str | None = None
    clears: tuple[str, ...] = ()
    answer: str = "json"
    rest_json: Callable[[dict[str, Any]], dict[str, Any]] | None = None


def _incoming_json(body: dict[str, Any]) -> dict[str, Any]:
    """`null` for no boot and no backing image, `[]` for an empty list: what REST's incoming
    body requires and proto3 JSON leaves out (src/api/grpc/vm-admin-rpc.ts' incomingJson)."""
    definition = body.get("definition")
    if isinstance(definition, dict):
        devices = {"storage": [], "network": [], **definition.get("devices", {})}
        body["definition"] = {"boot": None, **definition, "devices": devices}
    body["images"] = [{"backing": None, **image} for image in body.get("images", [])]
    return body


_VM_CLEARS = ("boot",)
_RULE_CLEARS = ("ports", "source", "destination", "vm", "comment")

ROUTES: dict[str, Route] = {
    # VmService
    "ListVms": Route("GET", "/vms"),
    "CreateVm": Route("POST", "/vms"),
    "GetVm": Route("GET", "/vms/{name}"),
    "StartVm": Route("POST", "/vms/{name}/start"),
    "StopVm": Route("POST", "/vms/{name}/stop", answer="await"),
    "PauseVm": Route("POST", "/vms/{name}/pause"),
    "ResumeVm": Route("POST", "/vms/{name}/resume"),
    "MigrateVm": Route("POST", "/vms/{name}/migrate"),
    "WatchVmEvents": Route("GET", "/events"),
    # VmManagementService, MigrationService, SnapshotService
    "UpdateVm": Route("PATCH", "/vms/{name}", clears=_VM_CLEARS),
    "DeleteVm": Route("DELETE", "/vms/{name}", query=("force",)),
    "ResetVm": Route("POST", "/vms/{name}/reset"),
    "GetVmStats": Route("GET", "/vms/{name}/stats"),
    "CloneVm": Route("POST", "/vms/{name}/clone", body_field="clone", answer="oneof:201=vm,202=operation"),
    "CancelMigration": Route("POST", "/vms/{name}/migrate/cancel"),
    "PrepareIncomingMigration": Route("POST", "/vms/{name}/incoming", rest_json=_incoming_json),
    "AbortIncomingMigration": Route("DELETE", "/vms/{name}/incoming"),
    "ListSnapshots": Route("GET", "/vms/{name}/snapshots"),
    "CreateSnapshot": Route(
        "POST", "/vms/{name}/snapshots", body_field="snapshot", answer="oneof:201=snapshot,202=operation"
    ),
    "RestoreSnapshot": Route(
        "POST", "/vms/{name}/snapshots/{snap}/restore", answer="oneof:200=restored,202=operation"
    ),
    "DeleteSnapshot": Route("DELETE", "/vms/{name}/snapshots/{snap}"),
    # NetworkService, TunnelService
    "ListNetworks": Route("GET", "/networks"),
    "CreateNetwork": Route("POST", "/networks"),
    "GetNetwork": Route("GET", "/networks/{name}"),
    "UpdateNetwork": Route("PATCH", "/networks/{name}", clears=("tunnel",)),
    "DeleteNetwork": Route("DELETE", "/networks/{name}"),
    "ListRules": Route("GET", "/networks/{name}/rules"),
    "AddRule": Route("POST", "/networks/{name}/rules"),
    "UpdateRule": Route("PATCH", "/networks/{name}/rules/{id}", clears=_RULE_CLEARS),
    "DeleteRule": Route("DELETE", "/networks/{name}/rules/{id}"),
    "ListForwards": Route("GET", "/networks/{name}/forwards"),
    "AddForward": Route("POST", "/networks/{name}/forwards"),
    "DeleteForward": Route("DELETE", "/networks/{name}/forwards/{id}"),
    "ListLeases": Route("GET", "/networks/{name}/dhcp"),
    "GetTunnel": Route("GET", "/networks/{name}/tunnel"),
    "ExchangeTunnelKeys": Route("POST", "/networks/{name}/tunnel/exchange"),
    # StorageService, StoragePoolService
    "ListDisks": Route("GET", "/storage"),
    "CreateDisk": Route("POST", "/storage"),
    "GetDisk": Route("GET", "/storage/{name}"),
    "ResizeDisk": Route("PATCH", "/storage/{name}"),
    "DeleteDisk": Route("DELETE", "/storage/{name}"),
    "ConvertDisk": Route("POST", "/storage/{name}/convert"),
    "CompactDisk": Route("POST", "/storage/{name}/compact"),
    "CheckDisk": Route("POST", "/storage/{name}/check"),
    "RekeyDisk": Route("POST", "/storage/{name}/rekey"),
    "ListPools": Route("GET", "/storage/pools"),
    "CreatePool": Route("POST", "/storage/pools"),
    # OperationService
    "ListOperations": Route("GET", "/operations"),
    "GetOperation": Route("GET", "/operations/{id}"),
    "CancelOperation": Route("POST", "/operations/{id}/cancel"),
    # PqcService, PqcKeyService
    "GetStatus": Route("GET", "/pqc/status"),
    "GenerateKey": Route("POST", "/pqc/keys", answer="await"),
    "Attest": Route("POST", "/vms/{name}/attest"),
    "ListKeys": Route("GET", "/pqc/keys"),
    "GetKey": Route("GET", "/pqc/keys/{name}"),
    "DeleteKey": Route("DELETE", "/pqc/keys/{name}"),
    "RotateKey": Route("POST", "/pqc/keys/{name}/rotate", answer="await"),
    "ExportPublicKey": Route("GET", "/pqc/keys/{name}/public", answer="pem"),
    "RunSelfTest": Route("POST", "/pqc/self-test"),
    "RunBenchmark": Route("POST", "/pqc/benchmark"),
    "VerifyAttestation": Route("POST", "/pqc/verify"),
    # SystemService, AuditService, TokenService
    "GetSystemInfo": Route("GET", "/system/info"),
    "GetSystemStats": Route("GET", "/system/stats"),
    "GetConfidentialComputing": Route("GET", "/system/cc"),
    "ListIommuGroups": Route("GET", "/system/iommu"),
    "GetSystemConfig": Route("GET", "/system/config"),
    "ListAuditEvents": Route("GET", "/audit/events"),
    "ListTokens": Route("GET", "/tokens"),
    "CreateToken": Route("POST", "/tokens"),
    "DeleteToken": Route("DELETE", "/tokens/{name}"),
}
