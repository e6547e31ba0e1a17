//! Live migration A -> B with progress, its cancel, the destination's side, and cancelling a call
//! by dropping its future.
use hypervisor_client::proto::*;
use hypervisor_client::{Client, ErrorKind};
use tokio::sync::mpsc;

use crate::both;
use crate::common::*;

/// The path of the pool hosts A and B share (the harness's HV_SHARED_POOL): a live migration
/// needs the VM's disks at one path on both.
async fn shared_pool(a: &Client) -> String {
    let pools = a.list_pools(ListPoolsRequest {}).await.unwrap().pools;
    pools.into_iter().find(|p| p.name == env("HV_SHARED_POOL")).expect("the shared pool").path
}

async fn shared_disk(a: &Client) -> DiskImage {
    let request = CreateDiskRequest {
        name: unique("disk"),
        size: Some("16M".into()),
        pool: Some(env("HV_SHARED_POOL")),
        ..Default::default()
    };
    a.create_disk(request).await.unwrap()
}

async fn running_vm(a: &Client) -> VmInfo {
    let disk = shared_disk(a).await;
    let vm = a.create_vm(vm_request(&unique("vm"), &disk.name)).await.unwrap();
    a.start_vm(VmActionRequest { name: vm.name.clone() }).await.unwrap()
}

fn migrate(name: &str, bandwidth: &str) -> MigrateRequest {
    MigrateRequest {
        name: name.into(),
        destination: env("HV_PEER_REST_URL"),
        token: env("HV_PEER_TOKEN"),
        bandwidth: Some(bandwidth.into()),
        ..Default::default()
    }
}

// The migration task: a running VM moves from A to B, awaited with a progress callback.
both!(migrate_with_progress, |a: Client| async move {
    let b = peer(a.transport());
    let vm = running_vm(&a).await;
    let mut steps = Vec::new();
    // 64 MiB of memory at 64 MiB/s: about a second of progress.
    let last = a.migrate_vm(migrate(&vm.name, "64M"), |p| steps.push(p.clone())).await.unwrap();
    assert_eq!((last.status.as_str(), last.progress), ("succeeded", 100.0));
    assert!(steps.iter().any(|s| s.status == "running" && s.progress > 0.0 && s.progress < 100.0), "{steps:?}");
    let moved = b.get_vm(GetVmRequest { name: vm.name.clone() }).await.unwrap();
    assert_eq!((moved.state.as_str(), moved.uuid.as_str()), ("RUNNING", vm.uuid.as_str()));
    api_error(a.get_vm(GetVmRequest { name: vm.name }).await, "VM_NOT_FOUND", ErrorKind::NotFound);
    cover(&a, &["MigrateVm", "feature:migrate-progress"]);
});

/// Starts a slow migration and answers its future (pinned) once the first progress came.
macro_rules! started_migration {
    ($a:expr, $vm:expr) => {{
        let (tx, mut rx) = mpsc::unbounded_channel();
        let mut call = Box::pin($a.migrate_vm(migrate(&$vm.name, "64K"), move |p| {
            let _ = tx.send(p.clone());
        }));
        let first = tokio::select! {
            ended = &mut call => panic!("the migration ended before a step: {ended:?}"),
            first = rx.recv() => first.unwrap(),
        };
        (call, first)
    }};
}

both!(cancel_migration, |a: Client| async move {
    let vm = running_vm(&a).await;
    let (call, _) = started_migration!(a, vm);
    let op = a.cancel_migration(VmActionRequest { name: vm.name.clone() }).await.unwrap();
    assert_eq!(op.kind, "vm.migrate");
    assert_eq!(call.await.unwrap_err().kind(), ErrorKind::Cancelled);
    assert_eq!(a.get_vm(GetVmRequest { name: vm.name }).await.unwrap().state, "RUNNING");
    cover(&a, &["CancelMigration"]);
});

// Cancelling by dropping the future: over gRPC the service sees the call end and cancels the
// migration; over REST the call was the POST (done), so dropping stops only the waiting, and the
// operation is cancelled with CancelOperation.
both!(cancel_by_drop, |a: Client| async move {
    let vm = running_vm(&a).await;
    let (call, first) = started_migration!(a, vm);
    let dropped_at = std::time::Instant::now();
    drop(call);
    let id = GetOperationRequest { id: first.operation_id.clone() };
    if a.transport() == "rest" {
        assert_eq!(a.get_operation(id.clone()).await.unwrap().status, "running");
        a.cancel_operation(CancelOperationRequest { id: first.operation_id.clone() }).await.unwrap();
    }
    let ended = a.await_operation(&first.operation_id, |_| {}).await;
    assert_eq!(ended.unwrap_err().kind(), ErrorKind::Cancelled);
    assert!(dropped_at.elapsed() < std::time::Duration::from_secs(10));
    assert_eq!(a.get_vm(GetVmRequest { name: vm.name }).await.unwrap().state, "RUNNING");
    cover(&a, &["feature:cancel"]);
});

// The destination's side, called as a source host calls it: the source's probe file in the shared
// pool, the VM's definition and images; then the incoming VM is aborted.
both!(incoming, |a: Client| async move {
    let b = peer(a.transport());
    let path = shared_pool(&a).await;
    let disk = shared_disk(&a).await;
    let probe = IncomingProbe { id: uuid(), secret: "5ec2e7a9".repeat(8) };
    let probe_file = std::path::Path::new(&path).join(format!(".hv-migration-{}.probe", probe.id));
    std::fs::write(&probe_file, &probe.secret).unwrap();
    let name = unique("incoming");
    let uuid = uuid();
    let vm = vm_request(&name, &disk.name);
    let request = PrepareIncomingMigrationRequest {
        name: name.clone(),
        uuid: uuid.clone(),
        definition: Some(IncomingDefinition { cpu: vm.cpu, memory: vm.memory, devices: vm.devices, boot: None }),
        images: vec![IncomingImage { name: disk.name, format: "qcow2".into(), pool_path: path, backing: None }],
        probe: Some(probe),
        tls: None,
    };
    let answer = b.prepare_incoming_migration(request).await;
    std::fs::remove_file(probe_file).unwrap();
    let answer = answer.unwrap();
    let prepared = answer.vm.unwrap();
    assert_eq!((prepared.state.as_str(), prepared.uuid.as_str()), ("INCOMING", uuid.as_str()));
    assert!(answer.port > 0);
    assert!(b.abort_incoming_migration(VmActionRequest { name: name.clone() }).await.unwrap().deleted);
    api_error(b.get_vm(GetVmRequest { name }).await, "VM_NOT_FOUND", ErrorKind::NotFound);
    cover(&a, &["PrepareIncomingMigration", "AbortIncomingMigration"]);
});

/// A random version-4 UUID (std's hasher keys are random per `RandomState`).
fn uuid() -> String {
    use std::hash::{BuildHasher, Hasher};
    let random = || std::collections::hash_map::RandomState::new().build_hasher().finish();
    let hi = random() & !0xf000 | 0x4000;
    let lo = random() & 0x3fff_ffff_ffff_ffff | 0x8000_0000_0000_0000;
    format!(
        "{:08x}-{:04x}-{:04x}-{:04x}-{:012x}",
        hi >> 32,
        (hi >> 16) & 0xffff,
        hi & 0xffff,
        lo >> 48,
        lo & 0xffff_ffff_ffff
    )
}
