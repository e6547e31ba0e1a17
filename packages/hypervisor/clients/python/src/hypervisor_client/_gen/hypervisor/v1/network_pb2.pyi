import datetime

from google.protobuf import timestamp_pb2 as _timestamp_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class NetworkDhcp(_message.Message):
    __slots__ = ("enabled", "range_start", "range_end", "lease_time")
    ENABLED_FIELD_NUMBER: _ClassVar[int]
    RANGE_START_FIELD_NUMBER: _ClassVar[int]
    RANGE_END_FIELD_NUMBER: _ClassVar[int]
    LEASE_TIME_FIELD_NUMBER: _ClassVar[int]
    enabled: bool
    range_start: str
    range_end: str
    lease_time: int
    def __init__(self, enabled: _Optional[bool] = ..., range_start: _Optional[str] = ..., range_end: _Optional[str] = ..., lease_time: _Optional[int] = ...) -> None: ...

class NetworkDns(_message.Message):
    __slots__ = ("domain",)
    DOMAIN_FIELD_NUMBER: _ClassVar[int]
    domain: str
    def __init__(self, domain: _Optional[str] = ...) -> None: ...

class TunnelConfig(_message.Message):
    __slots__ = ("peer_url", "peer_token", "peer_signing_key", "signing_key", "listen_port", "endpoint", "remote_subnets", "rekey_seconds", "peer_fingerprint")
    PEER_URL_FIELD_NUMBER: _ClassVar[int]
    PEER_TOKEN_FIELD_NUMBER: _ClassVar[int]
    PEER_SIGNING_KEY_FIELD_NUMBER: _ClassVar[int]
    SIGNING_KEY_FIELD_NUMBER: _ClassVar[int]
    LISTEN_PORT_FIELD_NUMBER: _ClassVar[int]
    ENDPOINT_FIELD_NUMBER: _ClassVar[int]
    REMOTE_SUBNETS_FIELD_NUMBER: _ClassVar[int]
    REKEY_SECONDS_FIELD_NUMBER: _ClassVar[int]
    PEER_FINGERPRINT_FIELD_NUMBER: _ClassVar[int]
    peer_url: str
    peer_token: str
    peer_signing_key: str
    signing_key: str
    listen_port: int
    endpoint: str
    remote_subnets: _containers.RepeatedScalarFieldContainer[str]
    rekey_seconds: int
    peer_fingerprint: str
    def __init__(self, peer_url: _Optional[str] = ..., peer_token: _Optional[str] = ..., peer_signing_key: _Optional[str] = ..., signing_key: _Optional[str] = ..., listen_port: _Optional[int] = ..., endpoint: _Optional[str] = ..., remote_subnets: _Optional[_Iterable[str]] = ..., rekey_seconds: _Optional[int] = ..., peer_fingerprint: _Optional[str] = ...) -> None: ...

class Network(_message.Message):
    __slots__ = ("name", "uuid", "mode", "subnet", "gateway", "bridge", "mtu", "dhcp", "dns", "default_inbound", "state", "reason", "vms", "rules", "forwards", "created_at", "updated_at")
    NAME_FIELD_NUMBER: _ClassVar[int]
    UUID_FIELD_NUMBER: _ClassVar[int]
    MODE_FIELD_NUMBER: _ClassVar[int]
    SUBNET_FIELD_NUMBER: _ClassVar[int]
    GATEWAY_FIELD_NUMBER: _ClassVar[int]
    BRIDGE_FIELD_NUMBER: _ClassVar[int]
    MTU_FIELD_NUMBER: _ClassVar[int]
    DHCP_FIELD_NUMBER: _ClassVar[int]
    DNS_FIELD_NUMBER: _ClassVar[int]
    DEFAULT_INBOUND_FIELD_NUMBER: _ClassVar[int]
    STATE_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    VMS_FIELD_NUMBER: _ClassVar[int]
    RULES_FIELD_NUMBER: _ClassVar[int]
    FORWARDS_FIELD_NUMBER: _ClassVar[int]
    CREATED_AT_FIELD_NUMBER: _ClassVar[int]
    UPDATED_AT_FIELD_NUMBER: _ClassVar[int]
    name: str
    uuid: str
    mode: str
    subnet: str
    gateway: str
    bridge: str
    mtu: int
    dhcp: NetworkDhcp
    dns: NetworkDns
    default_inbound: str
    state: str
    reason: str
    vms: _containers.RepeatedScalarFieldContainer[str]
    rules: int
    forwards: int
    created_at: _timestamp_pb2.Timestamp
    updated_at: _timestamp_pb2.Timestamp
    def __init__(self, name: _Optional[str] = ..., uuid: _Optional[str] = ..., mode: _Optional[str] = ..., subnet: _Optional[str] = ..., gateway: _Optional[str] = ..., bridge: _Optional[str] = ..., mtu: _Optional[int] = ..., dhcp: _Optional[_Union[NetworkDhcp, _Mapping]] = ..., dns: _Optional[_Union[NetworkDns, _Mapping]] = ..., default_inbound: _Optional[str] = ..., state: _Optional[str] = ..., reason: _Optional[str] = ..., vms: _Optional[_Iterable[str]] = ..., rules: _Optional[int] = ..., forwards: _Optional[int] = ..., created_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., updated_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ...) -> None: ...

class ListNetworksRequest(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class ListNetworksResponse(_message.Message):
    __slots__ = ("networks",)
    NETWORKS_FIELD_NUMBER: _ClassVar[int]
    networks: _containers.RepeatedCompositeFieldContainer[Network]
    def __init__(self, networks: _Optional[_Iterable[_Union[Network, _Mapping]]] = ...) -> None: ...

class CreateNetworkRequest(_message.Message):
    __slots__ = ("name", "mode", "subnet", "gateway", "mtu", "dhcp", "dns", "default_inbound", "tunnel")
    NAME_FIELD_NUMBER: _ClassVar[int]
    MODE_FIELD_NUMBER: _ClassVar[int]
    SUBNET_FIELD_NUMBER: _ClassVar[int]
    GATEWAY_FIELD_NUMBER: _ClassVar[int]
    MTU_FIELD_NUMBER: _ClassVar[int]
    DHCP_FIELD_NUMBER: _ClassVar[int]
    DNS_FIELD_NUMBER: _ClassVar[int]
    DEFAULT_INBOUND_FIELD_NUMBER: _ClassVar[int]
    TUNNEL_FIELD_NUMBER: _ClassVar[int]
    name: str
    mode: str
    subnet: str
    gateway: str
    mtu: int
    dhcp: NetworkDhcp
    dns: NetworkDns
    default_inbound: str
    tunnel: TunnelConfig
    def __init__(self, name: _Optional[str] = ..., mode: _Optional[str] = ..., subnet: _Optional[str] = ..., gateway: _Optional[str] = ..., mtu: _Optional[int] = ..., dhcp: _Optional[_Union[NetworkDhcp, _Mapping]] = ..., dns: _Optional[_Union[NetworkDns, _Mapping]] = ..., default_inbound: _Optional[str] = ..., tunnel: _Optional[_Union[TunnelConfig, _Mapping]] = ...) -> None: ...

class GetNetworkRequest(_message.Message):
    __slots__ = ("name",)
    NAME_FIELD_NUMBER: _ClassVar[int]
    name: str
    def __init__(self, name: _Optional[str] = ...) -> None: ...

class UpdateNetworkRequest(_message.Message):
    __slots__ = ("name", "mode", "subnet", "gateway", "mtu", "dhcp", "dns", "default_inbound", "tunnel", "clear_tunnel")
    NAME_FIELD_NUMBER: _ClassVar[int]
    MODE_FIELD_NUMBER: _ClassVar[int]
    SUBNET_FIELD_NUMBER: _ClassVar[int]
    GATEWAY_FIELD_NUMBER: _ClassVar[int]
    MTU_FIELD_NUMBER: _ClassVar[int]
    DHCP_FIELD_NUMBER: _ClassVar[int]
    DNS_FIELD_NUMBER: _ClassVar[int]
    DEFAULT_INBOUND_FIELD_NUMBER: _ClassVar[int]
    TUNNEL_FIELD_NUMBER: _ClassVar[int]
    CLEAR_TUNNEL_FIELD_NUMBER: _ClassVar[int]
    name: str
    mode: str
    subnet: str
    gateway: str
    mtu: int
    dhcp: NetworkDhcp
    dns: NetworkDns
    default_inbound: str
    tunnel: TunnelConfig
    clear_tunnel: bool
    def __init__(self, name: _Optional[str] = ..., mode: _Optional[str] = ..., subnet: _Optional[str] = ..., gateway: _Optional[str] = ..., mtu: _Optional[int] = ..., dhcp: _Optional[_Union[NetworkDhcp, _Mapping]] = ..., dns: _Optional[_Union[NetworkDns, _Mapping]] = ..., default_inbound: _Optional[str] = ..., tunnel: _Optional[_Union[TunnelConfig, _Mapping]] = ..., clear_tunnel: _Optional[bool] = ...) -> None: ...

class DeleteNetworkRequest(_message.Message):
    __slots__ = ("name",)
    NAME_FIELD_NUMBER: _ClassVar[int]
    name: str
    def __init__(self, name: _Optional[str] = ...) -> None: ...

class DeleteNetworkResponse(_message.Message):
    __slots__ = ("name", "deleted")
    NAME_FIELD_NUMBER: _ClassVar[int]
    DELETED_FIELD_NUMBER: _ClassVar[int]
    name: str
    deleted: bool
    def __init__(self, name: _Optional[str] = ..., deleted: _Optional[bool] = ...) -> None: ...

class NetworkRule(_message.Message):
    __slots__ = ("id", "network", "position", "direction", "action", "protocol", "ports", "source", "destination", "vm", "comment", "packets", "bytes", "created_at")
    ID_FIELD_NUMBER: _ClassVar[int]
    NETWORK_FIELD_NUMBER: _ClassVar[int]
    POSITION_FIELD_NUMBER: _ClassVar[int]
    DIRECTION_FIELD_NUMBER: _ClassVar[int]
    ACTION_FIELD_NUMBER: _ClassVar[int]
    PROTOCOL_FIELD_NUMBER: _ClassVar[int]
    PORTS_FIELD_NUMBER: _ClassVar[int]
    SOURCE_FIELD_NUMBER: _ClassVar[int]
    DESTINATION_FIELD_NUMBER: _ClassVar[int]
    VM_FIELD_NUMBER: _ClassVar[int]
    COMMENT_FIELD_NUMBER: _ClassVar[int]
    PACKETS_FIELD_NUMBER: _ClassVar[int]
    BYTES_FIELD_NUMBER: _ClassVar[int]
    CREATED_AT_FIELD_NUMBER: _ClassVar[int]
    id: str
    network: str
    position: int
    direction: str
    action: str
    protocol: str
    ports: str
    source: str
    destination: str
    vm: str
    comment: str
    packets: int
    bytes: int
    created_at: _timestamp_pb2.Timestamp
    def __init__(self, id: _Optional[str] = ..., network: _Optional[str] = ..., position: _Optional[int] = ..., direction: _Optional[str] = ..., action: _Optional[str] = ..., protocol: _Optional[str] = ..., ports: _Optional[str] = ..., source: _Optional[str] = ..., destination: _Optional[str] = ..., vm: _Optional[str] = ..., comment: _Optional[str] = ..., packets: _Optional[int] = ..., bytes: _Optional[int] = ..., created_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ...) -> None: ...

class ListRulesRequest(_message.Message):
    __slots__ = ("name",)
    NAME_FIELD_NUMBER: _ClassVar[int]
    name: str
    def __init__(self, name: _Optional[str] = ...) -> None: ...

class ListRulesResponse(_message.Message):
    __slots__ = ("rules",)
    RULES_FIELD_NUMBER: _ClassVar[int]
    rules: _containers.RepeatedCompositeFieldContainer[NetworkRule]
    def __init__(self, rules: _Optional[_Iterable[_Union[NetworkRule, _Mapping]]] = ...) -> None: ...

class AddRuleRequest(_message.Message):
    __slots__ = ("name", "direction", "action", "protocol", "ports", "source", "destination", "vm", "position", "comment")
    NAME_FIELD_NUMBER: _ClassVar[int]
    DIRECTION_FIELD_NUMBER: _ClassVar[int]
    ACTION_FIELD_NUMBER: _ClassVar[int]
    PROTOCOL_FIELD_NUMBER: _ClassVar[int]
    PORTS_FIELD_NUMBER: _ClassVar[int]
    SOURCE_FIELD_NUMBER: _ClassVar[int]
    DESTINATION_FIELD_NUMBER: _ClassVar[int]
    VM_FIELD_NUMBER: _ClassVar[int]
    POSITION_FIELD_NUMBER: _ClassVar[int]
    COMMENT_FIELD_NUMBER: _ClassVar[int]
    name: str
    direction: str
    action: str
    protocol: str
    ports: str
    source: str
    destination: str
    vm: str
    position: int
    comment: str
    def __init__(self, name: _Optional[str] = ..., direction: _Optional[str] = ..., action: _Optional[str] = ..., protocol: _Optional[str] = ..., ports: _Optional[str] = ..., source: _Optional[str] = ..., destination: _Optional[str] = ..., vm: _Optional[str] = ..., position: _Optional[int] = ..., comment: _Optional[str] = ...) -> None: ...

class UpdateRuleRequest(_message.Message):
    __slots__ = ("name", "id", "direction", "action", "protocol", "ports", "source", "destination", "vm", "position", "comment", "clear_ports", "clear_source", "clear_destination", "clear_vm", "clear_comment")
    NAME_FIELD_NUMBER: _ClassVar[int]
    ID_FIELD_NUMBER: _ClassVar[int]
    DIRECTION_FIELD_NUMBER: _ClassVar[int]
    ACTION_FIELD_NUMBER: _ClassVar[int]
    PROTOCOL_FIELD_NUMBER: _ClassVar[int]
    PORTS_FIELD_NUMBER: _ClassVar[int]
    SOURCE_FIELD_NUMBER: _ClassVar[int]
    DESTINATION_FIELD_NUMBER: _ClassVar[int]
    VM_FIELD_NUMBER: _ClassVar[int]
    POSITION_FIELD_NUMBER: _ClassVar[int]
    COMMENT_FIELD_NUMBER: _ClassVar[int]
    CLEAR_PORTS_FIELD_NUMBER: _ClassVar[int]
    CLEAR_SOURCE_FIELD_NUMBER: _ClassVar[int]
    CLEAR_DESTINATION_FIELD_NUMBER: _ClassVar[int]
    CLEAR_VM_FIELD_NUMBER: _ClassVar[int]
    CLEAR_COMMENT_FIELD_NUMBER: _ClassVar[int]
    name: str
    id: str
    direction: str
    action: str
    protocol: str
    ports: str
    source: str
    destination: str
    vm: str
    position: int
    comment: str
    clear_ports: bool
    clear_source: bool
    clear_destination: bool
    clear_vm: bool
    clear_comment: bool
    def __init__(self, name: _Optional[str] = ..., id: _Optional[str] = ..., direction: _Optional[str] = ..., action: _Optional[str] = ..., protocol: _Optional[str] = ..., ports: _Optional[str] = ..., source: _Optional[str] = ..., destination: _Optional[str] = ..., vm: _Optional[str] = ..., position: _Optional[int] = ..., comment: _Optional[str] = ..., clear_ports: _Optional[bool] = ..., clear_source: _Optional[bool] = ..., clear_destination: _Optional[bool] = ..., clear_vm: _Optional[bool] = ..., clear_comment: _Optional[bool] = ...) -> None: ...

class DeleteRuleRequest(_message.Message):
    __slots__ = ("name", "id")
    NAME_FIELD_NUMBER: _ClassVar[int]
    ID_FIELD_NUMBER: _ClassVar[int]
    name: str
    id: str
    def __init__(self, name: _Optional[str] = ..., id: _Optional[str] = ...) -> None: ...

class PortForward(_message.Message):
    __slots__ = ("id", "network", "protocol", "listen_address", "listen_port", "vm", "guest_port", "guest_address", "created_at")
    ID_FIELD_NUMBER: _ClassVar[int]
    NETWORK_FIELD_NUMBER: _ClassVar[int]
    PROTOCOL_FIELD_NUMBER: _ClassVar[int]
    LISTEN_ADDRESS_FIELD_NUMBER: _ClassVar[int]
    LISTEN_PORT_FIELD_NUMBER: _ClassVar[int]
    VM_FIELD_NUMBER: _ClassVar[int]
    GUEST_PORT_FIELD_NUMBER: _ClassVar[int]
    GUEST_ADDRESS_FIELD_NUMBER: _ClassVar[int]
    CREATED_AT_FIELD_NUMBER: _ClassVar[int]
    id: str
    network: str
    protocol: str
    listen_address: str
    listen_port: int
    vm: str
    guest_port: int
    guest_address: str
    created_at: _timestamp_pb2.Timestamp
    def __init__(self, id: _Optional[str] = ..., network: _Optional[str] = ..., protocol: _Optional[str] = ..., listen_address: _Optional[str] = ..., listen_port: _Optional[int] = ..., vm: _Optional[str] = ..., guest_port: _Optional[int] = ..., guest_address: _Optional[str] = ..., created_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ...) -> None: ...

class ListForwardsRequest(_message.Message):
    __slots__ = ("name",)
    NAME_FIELD_NUMBER: _ClassVar[int]
    name: str
    def __init__(self, name: _Optional[str] = ...) -> None: ...

class ListForwardsResponse(_message.Message):
    __slots__ = ("forwards",)
    FORWARDS_FIELD_NUMBER: _ClassVar[int]
    forwards: _containers.RepeatedCompositeFieldContainer[PortForward]
    def __init__(self, forwards: _Optional[_Iterable[_Union[PortForward, _Mapping]]] = ...) -> None: ...

class AddForwardRequest(_message.Message):
    __slots__ = ("name", "protocol", "listen_address", "listen_port", "vm", "guest_port")
    NAME_FIELD_NUMBER: _ClassVar[int]
    PROTOCOL_FIELD_NUMBER: _ClassVar[int]
    LISTEN_ADDRESS_FIELD_NUMBER: _ClassVar[int]
    LISTEN_PORT_FIELD_NUMBER: _ClassVar[int]
    VM_FIELD_NUMBER: _ClassVar[int]
    GUEST_PORT_FIELD_NUMBER: _ClassVar[int]
    name: str
    protocol: str
    listen_address: str
    listen_port: int
    vm: str
    guest_port: int
    def __init__(self, name: _Optional[str] = ..., protocol: _Optional[str] = ..., listen_address: _Optional[str] = ..., listen_port: _Optional[int] = ..., vm: _Optional[str] = ..., guest_port: _Optional[int] = ...) -> None: ...

class DeleteForwardRequest(_message.Message):
    __slots__ = ("name", "id")
    NAME_FIELD_NUMBER: _ClassVar[int]
    ID_FIELD_NUMBER: _ClassVar[int]
    name: str
    id: str
    def __init__(self, name: _Optional[str] = ..., id: _Optional[str] = ...) -> None: ...

class DhcpLease(_message.Message):
    __slots__ = ("mac", "ip", "hostname", "expires_at", "vm", "nic")
    MAC_FIELD_NUMBER: _ClassVar[int]
    IP_FIELD_NUMBER: _ClassVar[int]
    HOSTNAME_FIELD_NUMBER: _ClassVar[int]
    EXPIRES_AT_FIELD_NUMBER: _ClassVar[int]
    VM_FIELD_NUMBER: _ClassVar[int]
    NIC_FIELD_NUMBER: _ClassVar[int]
    mac: str
    ip: str
    hostname: str
    expires_at: _timestamp_pb2.Timestamp
    vm: str
    nic: int
    def __init__(self, mac: _Optional[str] = ..., ip: _Optional[str] = ..., hostname: _Optional[str] = ..., expires_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., vm: _Optional[str] = ..., nic: _Optional[int] = ...) -> None: ...

class ListLeasesRequest(_message.Message):
    __slots__ = ("name",)
    NAME_FIELD_NUMBER: _ClassVar[int]
    name: str
    def __init__(self, name: _Optional[str] = ...) -> None: ...

class ListLeasesResponse(_message.Message):
    __slots__ = ("leases",)
    LEASES_FIELD_NUMBER: _ClassVar[int]
    leases: _containers.RepeatedCompositeFieldContainer[DhcpLease]
    def __init__(self, leases: _Optional[_Iterable[_Union[DhcpLease, _Mapping]]] = ...) -> None: ...

class TunnelPeer(_message.Message):
    __slots__ = ("url", "endpoint", "public_key", "signing_key_fingerprint")
    URL_FIELD_NUMBER: _ClassVar[int]
    ENDPOINT_FIELD_NUMBER: _ClassVar[int]
    PUBLIC_KEY_FIELD_NUMBER: _ClassVar[int]
    SIGNING_KEY_FINGERPRINT_FIELD_NUMBER: _ClassVar[int]
    url: str
    endpoint: str
    public_key: str
    signing_key_fingerprint: str
    def __init__(self, url: _Optional[str] = ..., endpoint: _Optional[str] = ..., public_key: _Optional[str] = ..., signing_key_fingerprint: _Optional[str] = ...) -> None: ...

class NetworkTunnel(_message.Message):
    __slots__ = ("network", "state", "reason", "interface", "listen_port", "public_key", "remote_subnets", "peer", "role", "algorithms", "epoch", "rekey_seconds", "key_lifetime_seconds", "last_rekey_at", "next_rekey_at", "last_handshake_at", "rx_bytes", "tx_bytes", "failed_exchanges", "last_error")
    NETWORK_FIELD_NUMBER: _ClassVar[int]
    STATE_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    INTERFACE_FIELD_NUMBER: _ClassVar[int]
    LISTEN_PORT_FIELD_NUMBER: _ClassVar[int]
    PUBLIC_KEY_FIELD_NUMBER: _ClassVar[int]
    REMOTE_SUBNETS_FIELD_NUMBER: _ClassVar[int]
    PEER_FIELD_NUMBER: _ClassVar[int]
    ROLE_FIELD_NUMBER: _ClassVar[int]
    ALGORITHMS_FIELD_NUMBER: _ClassVar[int]
    EPOCH_FIELD_NUMBER: _ClassVar[int]
    REKEY_SECONDS_FIELD_NUMBER: _ClassVar[int]
    KEY_LIFETIME_SECONDS_FIELD_NUMBER: _ClassVar[int]
    LAST_REKEY_AT_FIELD_NUMBER: _ClassVar[int]
    NEXT_REKEY_AT_FIELD_NUMBER: _ClassVar[int]
    LAST_HANDSHAKE_AT_FIELD_NUMBER: _ClassVar[int]
    RX_BYTES_FIELD_NUMBER: _ClassVar[int]
    TX_BYTES_FIELD_NUMBER: _ClassVar[int]
    FAILED_EXCHANGES_FIELD_NUMBER: _ClassVar[int]
    LAST_ERROR_FIELD_NUMBER: _ClassVar[int]
    network: str
    state: str
    reason: str
    interface: str
    listen_port: int
    public_key: str
    remote_subnets: _containers.RepeatedScalarFieldContainer[str]
    peer: TunnelPeer
    role: str
    algorithms: _containers.RepeatedScalarFieldContainer[str]
    epoch: int
    rekey_seconds: int
    key_lifetime_seconds: int
    last_rekey_at: _timestamp_pb2.Timestamp
    next_rekey_at: _timestamp_pb2.Timestamp
    last_handshake_at: _timestamp_pb2.Timestamp
    rx_bytes: int
    tx_bytes: int
    failed_exchanges: int
    last_error: str
    def __init__(self, network: _Optional[str] = ..., state: _Optional[str] = ..., reason: _Optional[str] = ..., interface: _Optional[str] = ..., listen_port: _Optional[int] = ..., public_key: _Optional[str] = ..., remote_subnets: _Optional[_Iterable[str]] = ..., peer: _Optional[_Union[TunnelPeer, _Mapping]] = ..., role: _Optional[str] = ..., algorithms: _Optional[_Iterable[str]] = ..., epoch: _Optional[int] = ..., rekey_seconds: _Optional[int] = ..., key_lifetime_seconds: _Optional[int] = ..., last_rekey_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., next_rekey_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., last_handshake_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., rx_bytes: _Optional[int] = ..., tx_bytes: _Optional[int] = ..., failed_exchanges: _Optional[int] = ..., last_error: _Optional[str] = ...) -> None: ...

class GetTunnelRequest(_message.Message):
    __slots__ = ("name",)
    NAME_FIELD_NUMBER: _ClassVar[int]
    name: str
    def __init__(self, name: _Optional[str] = ...) -> None: ...

class ExchangeTunnelKeysRequest(_message.Message):
    __slots__ = ("name", "type", "epoch", "nonce", "wg_public_key", "ephemeral_key", "session", "ciphertext", "signature")
    NAME_FIELD_NUMBER: _ClassVar[int]
    TYPE_FIELD_NUMBER: _ClassVar[int]
    EPOCH_FIELD_NUMBER: _ClassVar[int]
    NONCE_FIELD_NUMBER: _ClassVar[int]
    WG_PUBLIC_KEY_FIELD_NUMBER: _ClassVar[int]
    EPHEMERAL_KEY_FIELD_NUMBER: _ClassVar[int]
    SESSION_FIELD_NUMBER: _ClassVar[int]
    CIPHERTEXT_FIELD_NUMBER: _ClassVar[int]
    SIGNATURE_FIELD_NUMBER: _ClassVar[int]
    name: str
    type: str
    epoch: int
    nonce: str
    wg_public_key: str
    ephemeral_key: str
    session: str
    ciphertext: str
    signature: str
    def __init__(self, name: _Optional[str] = ..., type: _Optional[str] = ..., epoch: _Optional[int] = ..., nonce: _Optional[str] = ..., wg_public_key: _Optional[str] = ..., ephemeral_key: _Optional[str] = ..., session: _Optional[str] = ..., ciphertext: _Optional[str] = ..., signature: _Optional[str] = ...) -> None: ...

class ExchangeTunnelKeysResponse(_message.Message):
    __slots__ = ("type", "session", "nonce", "wg_public_key", "static_key", "ciphertext", "signature", "epoch", "confirmation")
    TYPE_FIELD_NUMBER: _ClassVar[int]
    SESSION_FIELD_NUMBER: _ClassVar[int]
    NONCE_FIELD_NUMBER: _ClassVar[int]
    WG_PUBLIC_KEY_FIELD_NUMBER: _ClassVar[int]
    STATIC_KEY_FIELD_NUMBER: _ClassVar[int]
    CIPHERTEXT_FIELD_NUMBER: _ClassVar[int]
    SIGNATURE_FIELD_NUMBER: _ClassVar[int]
    EPOCH_FIELD_NUMBER: _ClassVar[int]
    CONFIRMATION_FIELD_NUMBER: _ClassVar[int]
    type: str
    session: str
    nonce: str
    wg_public_key: str
    static_key: str
    ciphertext: str
    signature: str
    epoch: int
    confirmation: str
    def __init__(self, type: _Optional[str] = ..., session: _Optional[str] = ..., nonce: _Optional[str] = ..., wg_public_key: _Optional[str] = ..., static_key: _Optional[str] = ..., ciphertext: _Optional[str] = ..., signature: _Optional[str] = ..., epoch: _Optional[int] = ..., confirmation: _Optional[str] = ...) -> None: ...
