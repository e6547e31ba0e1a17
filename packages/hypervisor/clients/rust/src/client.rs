//! `Client`: every operation of the API by its RPC's name in snake case, the same over REST and
//! gRPC, taking and answering the generated messages.
use std::future::Future;
use std::path::PathBuf;
use std::time::Duration;

use crate::gen::*;
use crate::{ApiError, Error, ErrorKind, Result};

#[cfg(feature = "grpc")]
use crate::grpc::{self, Grpc};
#[cfg(feature = "rest")]
use crate::rest::{decode, Fields, Rest};
#[cfg(feature = "rest")]
use reqwest::Method;

/// A connection to one hypervisor. Cheap to clone: clones share the connection.
#[derive(Clone)]
pub struct Client {
    pub(crate) transport: Transport,
    timeout: Option<Duration>,
}

#[derive(Clone)]
pub(crate) enum Transport {
    #[cfg(feature = "rest")]
    Rest(Rest),
    #[cfg(feature = "grpc")]
    Grpc(Grpc),
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    #[cfg(feature = "rest")]
    Rest,
    #[cfg(feature = "grpc")]
    Grpc,
}

/// Options of a [`Client`]: `Client::rest(url)`/`Client::grpc(addr)`, then `.token(..)`,
/// `.timeout(..)`, `.pin_sha256(..)`, `.build()`.
#[must_use]
pub struct ClientBuilder {
    kind: Kind,
    address: String,
    socket: Option<PathBuf>,
    token: Option<String>,
    timeout: Option<Duration>,
    connect_timeout: Duration,
    pin: Option<String>,
    tls: bool,
}

impl ClientBuilder {
    fn new(kind: Kind, address: &str, socket: Option<PathBuf>) -> ClientBuilder {
        ClientBuilder {
            kind,
            address: address.to_owned(),
            socket,
            token: None,
            timeout: None,
            connect_timeout: Duration::from_secs(10),
            pin: None,
            tls: false,
        }
    }

    /// The API token (`hvt_...`), sent as `Authorization: Bearer`. A Unix socket needs none.
    pub fn token(mut self, token: impl Into<String>) -> Self {
        self.token = Some(token.into());
        self
    }

    /// The longest any call may take (a call can set its own with [`Client::with_timeout`]).
    pub fn timeout(mut self, timeout: Duration) -> Self {
        self.timeout = Some(timeout);
        self
    }

    /// The longest a connection may take to open (10 s by default).
    pub fn connect_timeout(mut self, timeout: Duration) -> Self {
        self.connect_timeout = timeout;
        self
    }

    /// Trusts exactly the certificate whose DER has this SHA-256 (64 hex digits, as the service
    /// logs it and `GET /system/info` shows it) instead of the system's roots; implies TLS.
    pub fn pin_sha256(mut self, fingerprint: impl Into<String>) -> Self {
        self.pin = Some(fingerprint.into());
        self.tls = true;
        self
    }

    /// gRPC over TLS verified by the system's roots (REST: say `https://` in the URL).
    pub fn tls(mut self, tls: bool) -> Self {
        self.tls = tls;
        self
    }

    /// The client. It connects on the first call, so this does not wait for the network.
    pub fn build(self) -> Result<Client> {
        let pin = self.pin.as_deref().map(crate::tls::parse_fingerprint).transpose()?;
        let transport = match self.kind {
            #[cfg(feature = "rest")]
            Kind::Rest => Transport::Rest(Rest::new(
                &self.address,
                self.socket.as_deref(),
                self.token,
                pin,
                self.connect_timeout,
            )?),
            #[cfg(feature = "grpc")]
            Kind::Grpc => {
                let target = match self.socket {
                    Some(path) => grpc::Target::Unix(path),
                    None => grpc::Target::Tcp { addr: self.address, tls: self.tls, pin },
                };
                Transport::Grpc(Grpc::new(target, self.token, self.connect_timeout)?)
            }
        };
        Ok(Client { transport, timeout: self.timeout })
    }
}

impl Client {
    /// A REST client for `url` (`http://127.0.0.1:9400` or `https://...`, without `/api/v1`).
    #[cfg(feature = "rest")]
    pub fn rest(url: &str) -> ClientBuilder {
        ClientBuilder::new(Kind::Rest, url, None)
    }

    /// A REST client over the service's Unix socket (`<run-dir>/api.sock`: no token needed).
    #[cfg(feature = "rest")]
    pub fn rest_unix(path: impl Into<PathBuf>) -> ClientBuilder {
        ClientBuilder::new(Kind::Rest, "", Some(path.into()))
    }

    /// A gRPC client for `addr` (`127.0.0.1:9401`).
    #[cfg(feature = "grpc")]
    pub fn grpc(addr: &str) -> ClientBuilder {
        ClientBuilder::new(Kind::Grpc, addr, None)
    }

    /// A gRPC client over the service's Unix socket (`<run-dir>/grpc.sock`, `unix:` optional).
    #[cfg(feature = "grpc")]
    pub fn grpc_unix(path: impl AsRef<str>) -> ClientBuilder {
        let path = path.as_ref();
        ClientBuilder::new(Kind::Grpc, "", Some(PathBuf::from(path.strip_prefix("unix:").unwrap_or(path))))
    }

    /// `"rest"` or `"grpc"`.
    pub fn transport(&self) -> &'static str {
        match &self.transport {
            #[cfg(feature = "rest")]
            Transport::Rest(_) => "rest",
            #[cfg(feature = "grpc")]
            Transport::Grpc(_) => "grpc",
        }
    }

    /// This client with another timeout for its calls: `client.with_timeout(d).get_vm(..)`.
    pub fn with_timeout(&self, timeout: Duration) -> Client {
        Client { transport: self.transport.clone(), timeout: Some(timeout) }
    }

    fn without_timeout(&self) -> Client {
        Client { transport: self.transport.clone(), timeout: None }
    }

    /// Runs a call within the client's timeout. Dropping the future cancels the call (over gRPC
    /// the service sees the cancel: a MigrateVm or GenerateKey stops).
    async fn deadline<T>(&self, call: impl Future<Output = Result<T>>) -> Result<T> {
        match self.timeout {
            Some(timeout) => tokio::time::timeout(timeout, call).await.map_err(|_| Error::Timeout)?,
            None => call.await,
        }
    }
}

/// One unary RPC and its REST route: `method(Request) -> Response = service::Client, HTTP
/// "/route" [, fields]`.
macro_rules! operations {
    ($($(#[$doc:meta])* $method:ident($req:ty) -> $resp:ty = $svc:ident::$stub:ident, $http:ident $route:literal $(, $fields:expr)?;)*) => {
        impl Client {
            $(
                $(#[$doc])*
                pub async fn $method(&self, request: $req) -> Result<$resp> {
                    self.deadline(async {
                        match &self.transport {
                            #[cfg(feature = "rest")]
                            Transport::Rest(rest) => {
                                #[allow(unused_variables)]
                                let fields = Fields::Body;
                                $(let fields = $fields;)?
                                let req = rest.request(Method::$http, $route, fields, &request)?;
                                rest.call(req).await
                            }
                            #[cfg(feature = "grpc")]
                            Transport::Grpc(grpc) => {
                                let mut stub = $svc::$stub::new(grpc.channel.clone());
                                let response = stub.$method(grpc.request(request, self.timeout)).await;
                                response.map(tonic::Response::into_inner).map_err(grpc::error_of)
                            }
                        }
                    })
                    .await
                }
            )*
        }
    };
}

operations! {
    list_vms(ListVmsRequest) -> ListVmsResponse = vm_service_client::VmServiceClient, GET "/vms";
    create_vm(CreateVmRequest) -> VmInfo = vm_service_client::VmServiceClient, POST "/vms";
    get_vm(GetVmRequest) -> VmInfo = vm_service_client::VmServiceClient, GET "/vms/{name}";
    start_vm(VmActionRequest) -> VmInfo = vm_service_client::VmServiceClient, POST "/vms/{name}/start";
    pause_vm(VmActionRequest) -> VmInfo = vm_service_client::VmServiceClient, POST "/vms/{name}/pause";
    resume_vm(VmActionRequest) -> VmInfo = vm_service_client::VmServiceClient, POST "/vms/{name}/resume";

    update_vm(UpdateVmRequest) -> VmInfo = vm_management_service_client::VmManagementServiceClient, PATCH "/vms/{name}";
    delete_vm(DeleteVmRequest) -> DeleteVmResponse = vm_management_service_client::VmManagementServiceClient, DELETE "/vms/{name}", Fields::Query(&["force"]);
    reset_vm(VmActionRequest) -> VmInfo = vm_management_service_client::VmManagementServiceClient, POST "/vms/{name}/reset";
    get_vm_stats(GetVmStatsRequest) -> VmStats = vm_management_service_client::VmManagementServiceClient, GET "/vms/{name}/stats";

    cancel_migration(VmActionRequest) -> Operation = migration_service_client::MigrationServiceClient, POST "/vms/{name}/migrate/cancel";
    prepare_incoming_migration(PrepareIncomingMigrationRequest) -> PrepareIncomingMigrationResponse = migration_service_client::MigrationServiceClient, POST "/vms/{name}/incoming",
        Fields::BodyWithDefaults(&[
            ("definition.boot", "null"),
            ("definition.devices.storage", "[]"),
            ("definition.devices.network", "[]"),
            ("images.*.backing", "null"),
        ]);
    abort_incoming_migration(VmActionRequest) -> DeleteVmResponse = migration_service_client::MigrationServiceClient, DELETE "/vms/{name}/incoming";

    list_snapshots(ListSnapshotsRequest) -> ListSnapshotsResponse = snapshot_service_client::SnapshotServiceClient, GET "/vms/{name}/snapshots";
    delete_snapshot(DeleteSnapshotRequest) -> DeleteSnapshotResponse = snapshot_service_client::SnapshotServiceClient, DELETE "/vms/{name}/snapshots/{snap}";

    list_networks(ListNetworksRequest) -> ListNetworksResponse = network_service_client::NetworkServiceClient, GET "/networks";
    create_network(CreateNetworkRequest) -> Network = network_service_client::NetworkServiceClient, POST "/networks";
    get_network(GetNetworkRequest) -> Network = network_service_client::NetworkServiceClient, GET "/networks/{name}";
    update_network(UpdateNetworkRequest) -> Network = network_service_client::NetworkServiceClient, PATCH "/networks/{name}";
    delete_network(DeleteNetworkRequest) -> DeleteNetworkResponse = network_service_client::NetworkServiceClient, DELETE "/networks/{name}";
    list_rules(ListRulesRequest) -> ListRulesResponse = network_service_client::NetworkServiceClient, GET "/networks/{name}/rules";
    add_rule(AddRuleRequest) -> NetworkRule = network_service_client::NetworkServiceClient, POST "/networks/{name}/rules";
    update_rule(UpdateRuleRequest) -> NetworkRule = network_service_client::NetworkServiceClient, PATCH "/networks/{name}/rules/{id}";
    delete_rule(DeleteRuleRequest) -> NetworkRule = network_service_client::NetworkServiceClient, DELETE "/networks/{name}/rules/{id}";
    list_forwards(ListForwardsRequest) -> ListForwardsResponse = network_service_client::NetworkServiceClient, GET "/networks/{name}/forwards";
    add_forward(AddForwardRequest) -> PortForward = network_service_client::NetworkServiceClient, POST "/networks/{name}/forwards";
    delete_forward(DeleteForwardRequest) -> PortForward = network_service_client::NetworkServiceClient, DELETE "/networks/{name}/forwards/{id}";
    list_leases(ListLeasesRequest) -> ListLeasesResponse = network_service_client::NetworkServiceClient, GET "/networks/{name}/dhcp";
    get_tunnel(GetTunnelRequest) -> NetworkTunnel = tunnel_service_client::TunnelServiceClient, GET "/networks/{name}/tunnel";
    exchange_tunnel_keys(ExchangeTunnelKeysRequest) -> ExchangeTunnelKeysResponse = tunnel_service_client::TunnelServiceClient, POST "/networks/{name}/tunnel/exchange";

    list_disks(ListDisksRequest) -> ListDisksResponse = storage_service_client::StorageServiceClient, GET "/storage";
    create_disk(CreateDiskRequest) -> DiskImage = storage_service_client::StorageServiceClient, POST "/storage";
    get_disk(GetDiskRequest) -> DiskImage = storage_service_client::StorageServiceClient, GET "/storage/{name}";
    resize_disk(ResizeDiskRequest) -> DiskImage = storage_service_client::StorageServiceClient, PATCH "/storage/{name}";
    delete_disk(DeleteDiskRequest) -> DeleteDiskResponse = storage_service_client::StorageServiceClient, DELETE "/storage/{name}";
    convert_disk(ConvertDiskRequest) -> Operation = storage_service_client::StorageServiceClient, POST "/storage/{name}/convert";
    compact_disk(CompactDiskRequest) -> Operation = storage_service_client::StorageServiceClient, POST "/storage/{name}/compact";
    check_disk(CheckDiskRequest) -> Operation = storage_service_client::StorageServiceClient, POST "/storage/{name}/check";
    rekey_disk(RekeyDiskRequest) -> Operation = storage_service_client::StorageServiceClient, POST "/storage/{name}/rekey";
    list_pools(ListPoolsRequest) -> ListPoolsResponse = storage_pool_service_client::StoragePoolServiceClient, GET "/storage/pools";
    create_pool(CreatePoolRequest) -> StoragePool = storage_pool_service_client::StoragePoolServiceClient, POST "/storage/pools";

    list_operations(ListOperationsRequest) -> ListOperationsResponse = operation_service_client::OperationServiceClient, GET "/operations";
    get_operation(GetOperationRequest) -> Operation = operation_service_client::OperationServiceClient, GET "/operations/{id}";
    cancel_operation(CancelOperationRequest) -> Operation = operation_service_client::OperationServiceClient, POST "/operations/{id}/cancel";

    get_status(pbjson_types::Empty) -> PqcStatus = pqc_service_client::PqcServiceClient, GET "/pqc/status";
    attest(AttestRequest) -> AttestReport = pqc_service_client::PqcServiceClient, POST "/vms/{name}/attest";
    list_keys(ListKeysRequest) -> ListKeysResponse = pqc_key_service_client::PqcKeyServiceClient, GET "/pqc/keys";
    get_key(GetKeyRequest) -> KeyInfo = pqc_key_service_client::PqcKeyServiceClient, GET "/pqc/keys/{name}";
    delete_key(DeleteKeyRequest) -> DeleteKeyResponse = pqc_key_service_client::PqcKeyServiceClient, DELETE "/pqc/keys/{name}";
    run_self_test(RunSelfTestRequest) -> Operation = pqc_key_service_client::PqcKeyServiceClient, POST "/pqc/self-test";
    run_benchmark(RunBenchmarkRequest) -> Operation = pqc_key_service_client::PqcKeyServiceClient, POST "/pqc/benchmark";
    verify_attestation(VerifyAttestationRequest) -> VerifyAttestationResponse = pqc_key_service_client::PqcKeyServiceClient, POST "/pqc/verify";

    get_system_info(GetSystemInfoRequest) -> SystemInfo = system_service_client::SystemServiceClient, GET "/system/info";
    get_system_stats(GetSystemStatsRequest) -> SystemStats = system_service_client::SystemServiceClient, GET "/system/stats";
    get_confidential_computing(GetConfidentialComputingRequest) -> CcCapabilities = system_service_client::SystemServiceClient, GET "/system/cc";
    list_iommu_groups(ListIommuGroupsRequest) -> ListIommuGroupsResponse = system_service_client::SystemServiceClient, GET "/system/iommu";
    get_system_config(GetSystemConfigRequest) -> pbjson_types::Struct = system_service_client::SystemServiceClient, GET "/system/config";
    list_audit_events(ListAuditEventsRequest) -> ListAuditEventsResponse = audit_service_client::AuditServiceClient, GET "/audit/events",
        Fields::Query(&["since", "until", "actor", "resource", "outcome", "limit", "cursor"]);

    list_tokens(ListTokensRequest) -> ListTokensResponse = token_service_client::TokenServiceClient, GET "/tokens";
    create_token(CreateTokenRequest) -> CreateTokenResponse = token_service_client::TokenServiceClient, POST "/tokens";
    delete_token(DeleteTokenRequest) -> DeleteTokenResponse = token_service_client::TokenServiceClient, DELETE "/tokens/{name}";
}

/// A `Struct` (an operation's result) as a message.
fn from_struct<T: serde::de::DeserializeOwned>(value: Option<pbjson_types::Struct>) -> Result<T> {
    let mut json = serde_json::to_value(value.unwrap_or_default()).map_err(Error::transport)?;
    whole_numbers(&mut json);
    serde_json::from_value(json)
        .map_err(|e| Error::transport(format!("an operation result this client cannot read: {e}")))
}

/// A `Struct` holds every number as a double: the whole ones back as integers, which an integer
/// field takes.
fn whole_numbers(json: &mut serde_json::Value) {
    match json {
        serde_json::Value::Number(n) => {
            if let Some(f) = n.as_f64().filter(|f| f.fract() == 0.0 && f.abs() < 9.0e15) {
                *n = serde_json::Number::from(f as i64);
            }
        }
        serde_json::Value::Array(items) => items.iter_mut().for_each(whole_numbers),
        serde_json::Value::Object(map) => map.values_mut().for_each(whole_numbers),
        _ => {}
    }
}

/// Wraps a REST answer as the RPC's `oneof result`: a 202's operation, else the `field`.
#[cfg(feature = "rest")]
fn one_of<T: serde::de::DeserializeOwned>(answer: crate::rest::Answer, field: &str) -> Result<T> {
    let key = if answer.status == 202 { "operation" } else { field };
    decode(serde_json::json!({ key: answer.json }))
}

/// The error an operation ended with.
fn operation_error(op: &Operation) -> Error {
    if op.status == "cancelled" {
        return Error::Cancelled;
    }
    let (code, message) =
        op.error.as_ref().map_or(("INTERNAL_ERROR", "the operation failed"), |e| (e.code.as_str(), e.message.as_str()));
    let mut api = ApiError::new(code, message.to_owned(), ErrorKind::Internal);
    api.details.insert("operation".into(), op.id.clone().into());
    Error::Api(api)
}

impl Client {
    /// Waits for an operation to end, calling `on_progress` with each state it reads (about every
    /// 100 ms): its final state when it succeeded, its error when it failed, `Cancelled` when it
    /// was cancelled. Dropping the future stops waiting (the operation goes on: cancel it with
    /// [`Client::cancel_operation`]).
    pub async fn await_operation(&self, id: &str, mut on_progress: impl FnMut(&Operation)) -> Result<Operation> {
        let this = self.without_timeout();
        self.deadline(async {
            loop {
                let op = this.get_operation(GetOperationRequest { id: id.to_owned() }).await?;
                on_progress(&op);
                match op.status.as_str() {
                    "succeeded" => return Ok(op),
                    "failed" | "cancelled" => return Err(operation_error(&op)),
                    _ => tokio::time::sleep(Duration::from_millis(100)).await,
                }
            }
        })
        .await
    }

    /// Stops a VM: at once with `force`, else a guest shutdown awaited (REST answers its
    /// operation, which this waits for).
    pub async fn stop_vm(&self, request: StopVmRequest) -> Result<VmInfo> {
        self.deadline(async {
            match &self.transport {
                #[cfg(feature = "rest")]
                Transport::Rest(rest) => {
                    let answer =
                        rest.send(rest.request(Method::POST, "/vms/{name}/stop", Fields::Body, &request)?).await?;
                    if answer.status != 202 {
                        return decode(answer.json);
                    }
                    let op: Operation = decode(answer.json)?;
                    from_struct(self.without_timeout().await_operation(&op.id, |_| {}).await?.result)
                }
                #[cfg(feature = "grpc")]
                Transport::Grpc(grpc) => {
                    let mut stub = vm_service_client::VmServiceClient::new(grpc.channel.clone());
                    let response = stub.stop_vm(grpc.request(request, self.timeout)).await;
                    response.map(tonic::Response::into_inner).map_err(grpc::error_of)
                }
            }
        })
        .await
    }

    /// Clones a VM: a linked clone answers the VM, a full copy its operation.
    pub async fn clone_vm(&self, request: CloneVmRequest) -> Result<CloneVmResponse> {
        self.deadline(async {
            match &self.transport {
                #[cfg(feature = "rest")]
                Transport::Rest(rest) => {
                    let req = rest.request(Method::POST, "/vms/{name}/clone", Fields::BodyField("clone"), &request)?;
                    one_of(rest.send(req).await?, "vm")
                }
                #[cfg(feature = "grpc")]
                Transport::Grpc(grpc) => {
                    let mut stub = vm_management_service_client::VmManagementServiceClient::new(grpc.channel.clone());
                    let response = stub.clone_vm(grpc.request(request, self.timeout)).await;
                    response.map(tonic::Response::into_inner).map_err(grpc::error_of)
                }
            }
        })
        .await
    }

    /// Takes a snapshot: without memory it answers the snapshot, with memory its operation.
    pub async fn create_snapshot(&self, request: CreateSnapshotRequest) -> Result<CreateSnapshotResponse> {
        self.deadline(async {
            match &self.transport {
                #[cfg(feature = "rest")]
                Transport::Rest(rest) => {
                    let req =
                        rest.request(Method::POST, "/vms/{name}/snapshots", Fields::BodyField("snapshot"), &request)?;
                    one_of(rest.send(req).await?, "snapshot")
                }
                #[cfg(feature = "grpc")]
                Transport::Grpc(grpc) => {
                    let mut stub = snapshot_service_client::SnapshotServiceClient::new(grpc.channel.clone());
                    let response = stub.create_snapshot(grpc.request(request, self.timeout)).await;
                    response.map(tonic::Response::into_inner).map_err(grpc::error_of)
                }
            }
        })
        .await
    }

    /// Restores a snapshot: a disk-only one answers what it restored, one with memory its operation.
    pub async fn restore_snapshot(&self, request: RestoreSnapshotRequest) -> Result<RestoreSnapshotResponse> {
        self.deadline(async {
            match &self.transport {
                #[cfg(feature = "rest")]
                Transport::Rest(rest) => {
                    let req =
                        rest.request(Method::POST, "/vms/{name}/snapshots/{snap}/restore", Fields::Body, &request)?;
                    one_of(rest.send(req).await?, "restored")
                }
                #[cfg(feature = "grpc")]
                Transport::Grpc(grpc) => {
                    let mut stub = snapshot_service_client::SnapshotServiceClient::new(grpc.channel.clone());
                    let response = stub.restore_snapshot(grpc.request(request, self.timeout)).await;
                    response.map(tonic::Response::into_inner).map_err(grpc::error_of)
                }
            }
        })
        .await
    }

    /// Makes a PQC key and answers it; an SLH-DSA key's generation (an operation over REST) is
    /// awaited. Over gRPC a call dropped or timed out first cancels the generation.
    pub async fn generate_key(&self, request: KeyGenRequest) -> Result<KeyInfo> {
        self.deadline(async {
            match &self.transport {
                #[cfg(feature = "rest")]
                Transport::Rest(rest) => {
                    let answer = rest.send(rest.request(Method::POST, "/pqc/keys", Fields::Body, &request)?).await?;
                    self.key_of(answer).await
                }
                #[cfg(feature = "grpc")]
                Transport::Grpc(grpc) => {
                    let mut stub = pqc_service_client::PqcServiceClient::new(grpc.channel.clone());
                    let response = stub.generate_key(grpc.request(request, self.timeout)).await;
                    response.map(tonic::Response::into_inner).map_err(grpc::error_of)
                }
            }
        })
        .await
    }

    /// Rotates a PQC key to a new version and answers it (awaited as [`Client::generate_key`]).
    pub async fn rotate_key(&self, request: RotateKeyRequest) -> Result<KeyInfo> {
        self.deadline(async {
            match &self.transport {
                #[cfg(feature = "rest")]
                Transport::Rest(rest) => {
                    let req = rest.request(Method::POST, "/pqc/keys/{name}/rotate", Fields::Body, &request)?;
                    self.key_of(rest.send(req).await?).await
                }
                #[cfg(feature = "grpc")]
                Transport::Grpc(grpc) => {
                    let mut stub = pqc_key_service_client::PqcKeyServiceClient::new(grpc.channel.clone());
                    let response = stub.rotate_key(grpc.request(request, self.timeout)).await;
                    response.map(tonic::Response::into_inner).map_err(grpc::error_of)
                }
            }
        })
        .await
    }

    #[cfg(feature = "rest")]
    async fn key_of(&self, answer: crate::rest::Answer) -> Result<KeyInfo> {
        if answer.status != 202 {
            return decode(answer.json);
        }
        let op: Operation = decode(answer.json)?;
        from_struct(self.without_timeout().await_operation(&op.id, |_| {}).await?.result)
    }

    /// A key's public half: `format` `raw` (base64 in `public_key`, the default) or `pem`.
    pub async fn export_public_key(&self, request: ExportPublicKeyRequest) -> Result<ExportPublicKeyResponse> {
        self.deadline(async {
            match &self.transport {
                #[cfg(feature = "rest")]
                Transport::Rest(rest) => {
                    let pem = request.format.as_deref() == Some("pem");
                    let raw = ExportPublicKeyRequest { format: None, ..request.clone() };
                    let route = "/pqc/keys/{name}/public";
                    let fields = Fields::Query(&["format", "version"]);
                    let mut answer: ExportPublicKeyResponse =
                        decode(rest.send(rest.request(Method::GET, route, fields, &raw)?).await?.json)?;
                    if pem {
                        // REST answers PEM as the file itself: its facts come from the raw answer.
                        let response = rest.request(Method::GET, route, fields, &request)?.send().await;
                        let response = response.map_err(crate::rest::transport)?;
                        answer.pem = Some(response.text().await.map_err(crate::rest::transport)?);
                        answer.public_key = None;
                        answer.format = "pem".into();
                    }
                    Ok(answer)
                }
                #[cfg(feature = "grpc")]
                Transport::Grpc(grpc) => {
                    let mut stub = pqc_key_service_client::PqcKeyServiceClient::new(grpc.channel.clone());
                    let response = stub.export_public_key(grpc.request(request, self.timeout)).await;
                    response.map(tonic::Response::into_inner).map_err(grpc::error_of)
                }
            }
        })
        .await
    }

    /// Migrates a VM to another host, calling `on_progress` as it goes; answers the last
    /// progress of a migration that succeeded. gRPC streams the progress (dropping the future
    /// cancels the migration); REST follows the migration's operation.
    pub async fn migrate_vm(
        &self,
        request: MigrateRequest,
        mut on_progress: impl FnMut(&MigrateProgress),
    ) -> Result<MigrateProgress> {
        self.deadline(async {
            let last = match &self.transport {
                #[cfg(feature = "rest")]
                Transport::Rest(rest) => {
                    let req = rest.request(Method::POST, "/vms/{name}/migrate", Fields::Body, &request)?;
                    let op: Operation = decode(rest.send(req).await?.json)?;
                    let progress_of = |op: &Operation| MigrateProgress {
                        operation_id: op.id.clone(),
                        status: op.status.clone(),
                        progress: op.progress,
                        error: op
                            .error
                            .as_ref()
                            .map(|e| MigrationError { code: e.code.clone(), message: e.message.clone() }),
                        ..Default::default()
                    };
                    let done =
                        self.without_timeout().await_operation(&op.id, |op| on_progress(&progress_of(op))).await?;
                    progress_of(&done)
                }
                #[cfg(feature = "grpc")]
                Transport::Grpc(grpc) => {
                    let mut stub = vm_service_client::VmServiceClient::new(grpc.channel.clone());
                    let response = stub.migrate_vm(grpc.request(request, self.timeout)).await;
                    let mut stream = response.map_err(grpc::error_of)?.into_inner();
                    let mut last = None;
                    while let Some(progress) = stream.message().await.map_err(grpc::error_of)? {
                        on_progress(&progress);
                        last = Some(progress);
                    }
                    last.ok_or_else(|| Error::transport("the migration's stream ended without progress"))?
                }
            };
            match last.status.as_str() {
                "succeeded" => Ok(last),
                "cancelled" => Err(Error::Cancelled),
                _ => {
                    let error = last.error.unwrap_or_default();
                    let mut api = ApiError::new(&error.code, error.message, ErrorKind::Internal);
                    api.details.insert("operation".into(), last.operation_id.into());
                    Err(Error::Api(api))
                }
            }
        })
        .await
    }
}
