//! What every test uses: clients for the harness's hosts, unique names, a VM or disk to work on,
//! error checks, and the conformance record (contract point 4).
use std::collections::{BTreeMap, BTreeSet};
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::Mutex;

use hypervisor_client::proto::*;
use hypervisor_client::{Client, Error, ErrorKind};

pub fn env(name: &str) -> String {
    std::env::var(name)
        .unwrap_or_else(|_| panic!("{name} is not set: run the tests under clients/testing/live-services.mjs"))
}

/// A client of host A over `transport` with the admin token.
pub fn client(transport: &str) -> Client {
    client_with(transport, &env("HV_TOKEN"))
}

pub fn client_with(transport: &str, token: &str) -> Client {
    let builder = match transport {
        "rest" => Client::rest(&env("HV_REST_URL")),
        _ => Client::grpc(&env("HV_GRPC_ADDR")),
    };
    builder.token(token).build().expect("a client")
}

/// A client of host B, the migration destination.
pub fn peer(transport: &str) -> Client {
    let builder = match transport {
        "rest" => Client::rest(&env("HV_PEER_REST_URL")),
        _ => Client::grpc(&env("HV_PEER_GRPC_ADDR")),
    };
    builder.token(env("HV_PEER_TOKEN")).build().expect("a client")
}

/// A name no other test (nor an earlier run against the same hosts) uses.
pub fn unique(prefix: &str) -> String {
    static NEXT: AtomicU32 = AtomicU32::new(0);
    format!("rs{prefix}{}-{}", std::process::id() % 10_000, NEXT.fetch_add(1, Ordering::Relaxed))
}

pub async fn new_disk(c: &Client) -> DiskImage {
    let request = CreateDiskRequest { name: unique("disk"), size: Some("16M".into()), ..Default::default() };
    c.create_disk(request).await.expect("CreateDisk")
}

/// A stopped VM booting from a disk of its own.
pub async fn new_vm(c: &Client) -> VmInfo {
    let disk = new_disk(c).await;
    c.create_vm(vm_request(&unique("vm"), &disk.name)).await.expect("CreateVm")
}

pub fn vm_request(name: &str, disk: &str) -> CreateVmRequest {
    CreateVmRequest {
        name: name.into(),
        cpu: Some(Cpu { count: 1 }),
        memory: Some(Memory { size: "64M".into() }),
        devices: Some(Devices {
            storage: vec![StorageDevice { r#type: "virtio-blk".into(), path: disk.into(), format: None }],
            network: vec![],
        }),
        boot: None,
    }
}

/// The error is the service's `code` of `kind`, with a status of its transport.
#[track_caller]
pub fn api_error(
    result: Result<impl std::fmt::Debug, Error>,
    code: &str,
    kind: ErrorKind,
) -> hypervisor_client::ApiError {
    let error = result.expect_err("an error");
    let api = error.api().unwrap_or_else(|| panic!("not the service's error: {error:?}")).clone();
    assert_eq!((api.code.as_str(), api.kind), (code, kind), "{error:?}");
    assert!(api.status.is_some() || api.grpc_code.is_some(), "{api:?}");
    api
}

static COVERED: Mutex<BTreeMap<String, BTreeSet<String>>> = Mutex::new(BTreeMap::new());

/// Records that a test called these operations (or features) over `c`'s transport and checked
/// their results, and writes the whole record to HV_CONFORMANCE_OUT (the suite is one process).
pub fn cover(c: &Client, operations: &[&str]) {
    let mut covered = COVERED.lock().unwrap_or_else(|e| e.into_inner());
    let set = covered.entry(c.transport().to_owned()).or_default();
    set.extend(operations.iter().map(|s| s.to_string()));
    if let Ok(path) = std::env::var("HV_CONFORMANCE_OUT") {
        let json = serde_json::json!({ "language": "rust", "covered": &*covered });
        let tmp = format!("{path}.{}", std::process::id());
        std::fs::write(&tmp, serde_json::to_string_pretty(&json).unwrap() + "\n").expect("write the record");
        std::fs::rename(&tmp, &path).expect("write the record");
    }
}

/// One async test per transport: `both!(name, |c| async move { ... })` makes `name::rest` and
/// `name::grpc`.
#[macro_export]
macro_rules! both {
    ($name:ident, $body:expr) => {
        mod $name {
            #[allow(unused_imports)]
            use super::*;
            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn rest() {
                ($body)($crate::common::client("rest")).await
            }
            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn grpc() {
                ($body)($crate::common::client("grpc")).await
            }
        }
    };
}

/// Held by the tests that run a PQC self-test or benchmark: the host runs one at a time.
pub static PQC_WORK: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());
