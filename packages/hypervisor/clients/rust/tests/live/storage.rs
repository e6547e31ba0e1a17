//! Disks, pools and operations.
use hypervisor_client::proto::*;
use hypervisor_client::{Client, ErrorKind};

use crate::both;
use crate::common::*;

fn field<'a>(op: &'a Operation, name: &str) -> Option<&'a hypervisor_client::pbjson_types::Value> {
    op.result.as_ref().and_then(|r| r.fields.get(name))
}

both!(disks, |c: Client| async move {
    let disk = new_disk(&c).await;
    assert_eq!((disk.format.as_str(), disk.size_bytes), ("qcow2", 16 << 20));
    let name = disk.name.clone();
    assert_eq!(c.get_disk(GetDiskRequest { name: name.clone() }).await.unwrap().name, name);
    assert!(c.list_disks(ListDisksRequest {}).await.unwrap().images.iter().any(|d| d.name == name));
    let resized = c.resize_disk(ResizeDiskRequest { name: name.clone(), size: "32M".into(), ..Default::default() });
    assert_eq!(resized.await.unwrap().size_bytes, 32 << 20);
    let compact = c.compact_disk(CompactDiskRequest { name: name.clone(), secret: None }).await.unwrap();
    assert_eq!(compact.kind, "disk.compact");
    assert!(field(&c.await_operation(&compact.id, |_| {}).await.unwrap(), "image").is_some());
    let check = c.check_disk(CheckDiskRequest { name: name.clone(), ..Default::default() }).await.unwrap();
    assert_eq!(check.kind, "disk.check");
    let done = c.await_operation(&check.id, |_| {}).await.unwrap();
    let clean = field(&done, "clean").and_then(|v| v.kind.clone());
    assert_eq!(clean, Some(hypervisor_client::pbjson_types::value::Kind::BoolValue(true)));
    assert!(c.delete_disk(DeleteDiskRequest { name: name.clone() }).await.unwrap().deleted);
    api_error(c.get_disk(GetDiskRequest { name }).await, "DISK_NOT_FOUND", ErrorKind::NotFound);
    cover(&c, &["CreateDisk", "GetDisk", "ListDisks", "ResizeDisk", "CompactDisk", "CheckDisk", "DeleteDisk"]);
});

// LUKS key derivation: the harness makes it cheap (--luks-iter-time-ms), still the slowest here.
both!(rekey, |c: Client| async move {
    let secret = "correct horse battery";
    let request = CreateDiskRequest {
        name: unique("enc"),
        size: Some("8M".into()),
        encrypted: Some(true),
        secret: Some(secret.into()),
        ..Default::default()
    };
    let disk = c.create_disk(request).await.unwrap();
    assert!(disk.encrypted);
    let rekey =
        RekeyDiskRequest { name: disk.name, old_secret: secret.into(), new_secret: "staple battery horse".into() };
    let op = c.rekey_disk(rekey).await.unwrap();
    assert_eq!(op.kind, "disk.rekey");
    assert_eq!(c.await_operation(&op.id, |_| {}).await.unwrap().progress, 100.0);
    cover(&c, &["RekeyDisk"]);
});

// The conversion awaited with a progress callback: progress never goes back and ends at 100.
both!(convert_with_progress, |c: Client| async move {
    let request = CreateDiskRequest {
        name: unique("raw"),
        size: Some("256M".into()),
        format: Some("raw".into()),
        preallocation: Some("full".into()),
        ..Default::default()
    };
    let disk = c.create_disk(request).await.unwrap();
    let target = unique("converted");
    let convert =
        ConvertDiskRequest { name: disk.name, format: "qcow2".into(), target: target.clone(), ..Default::default() };
    let op = c.convert_disk(convert).await.unwrap();
    assert_eq!(op.kind, "disk.convert");
    let mut seen = Vec::new();
    let done = c.await_operation(&op.id, |step| seen.push(step.progress)).await.unwrap();
    assert_eq!(done.status, "succeeded");
    assert_eq!(seen.last(), Some(&100.0), "{seen:?}");
    assert!(seen.windows(2).all(|w| w[0] <= w[1]), "progress went back: {seen:?}");
    assert_eq!(c.get_disk(GetDiskRequest { name: target }).await.unwrap().format, "qcow2");
    cover(&c, &["ConvertDisk", "feature:operation-progress"]);
});

both!(pools, |c: Client| async move {
    let pools = c.list_pools(ListPoolsRequest {}).await.unwrap();
    let default = pools.pools.iter().find(|p| p.name == "default").expect("a default pool");
    // Beside the default pool, in the host's data directory (which the harness removes).
    let name = unique("pool");
    let dir = std::path::Path::new(&default.path).parent().unwrap().join(&name);
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.to_str().unwrap().to_owned();
    let pool =
        c.create_pool(CreatePoolRequest { name: name.clone(), path: path.clone(), capacity: None }).await.unwrap();
    assert_eq!(pool.path, path);
    let names: Vec<String> =
        c.list_pools(ListPoolsRequest {}).await.unwrap().pools.into_iter().map(|p| p.name).collect();
    assert!(names.contains(&name) && names.contains(&"default".to_owned()), "{names:?}");
    cover(&c, &["CreatePool", "ListPools"]);
});

both!(operations, |c: Client| async move {
    let _one_at_a_time = PQC_WORK.lock().await;
    // A benchmark runs long enough to be cancelled.
    let request = RunBenchmarkRequest { algorithms: vec!["ML-DSA-65".into()], seconds: Some(5.0), iterations: None };
    let bench = c.run_benchmark(request).await.unwrap();
    assert_eq!(bench.kind, "pqc.benchmark");
    assert_eq!(c.get_operation(GetOperationRequest { id: bench.id.clone() }).await.unwrap().id, bench.id);
    let list = c.list_operations(ListOperationsRequest {}).await.unwrap();
    assert!(list.operations.iter().any(|op| op.id == bench.id));
    let cancelled = c.cancel_operation(CancelOperationRequest { id: bench.id.clone() }).await.unwrap();
    assert!(["cancelling", "cancelled"].contains(&cancelled.status.as_str()), "{cancelled:?}");
    let ended = c.await_operation(&bench.id, |_| {}).await;
    assert_eq!(ended.unwrap_err().kind(), ErrorKind::Cancelled);
    let missing = GetOperationRequest { id: "00000000-0000-4000-8000-000000000000".into() };
    api_error(c.get_operation(missing).await, "OPERATION_NOT_FOUND", ErrorKind::NotFound);
    cover(&c, &["RunBenchmark", "GetOperation", "ListOperations", "CancelOperation"]);
});
