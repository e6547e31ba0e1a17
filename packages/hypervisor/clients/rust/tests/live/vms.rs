//! VMs, their management, clones and snapshots.
use hypervisor_client::proto::*;
use hypervisor_client::{Client, ErrorKind};

use crate::both;
use crate::common::*;

both!(lifecycle, |c: Client| async move {
    let vm = new_vm(&c).await;
    assert_eq!(vm.state, "CREATED");
    assert!(!vm.uuid.is_empty() && vm.created_at.is_some());
    let name = vm.name.clone();
    let got = c.get_vm(GetVmRequest { name: name.clone() }).await.unwrap();
    assert_eq!(got.uuid, vm.uuid);
    let list = c.list_vms(ListVmsRequest {}).await.unwrap();
    assert!(list.vms.iter().any(|v| v.name == name));
    let memory = Some(Memory { size: "96M".into() });
    let updated = c.update_vm(UpdateVmRequest { name: name.clone(), memory, ..Default::default() }).await.unwrap();
    assert_eq!(updated.memory.unwrap().size, "96M");
    let action = || VmActionRequest { name: name.clone() };
    assert_eq!(c.start_vm(action()).await.unwrap().state, "RUNNING");
    assert_eq!(c.pause_vm(action()).await.unwrap().state, "PAUSED");
    assert_eq!(c.resume_vm(action()).await.unwrap().state, "RUNNING");
    assert_eq!(c.reset_vm(action()).await.unwrap().state, "RUNNING");
    let stats = c.get_vm_stats(GetVmStatsRequest { name: name.clone() }).await.unwrap();
    assert_eq!(stats.vm, name);
    // A graceful stop: REST answers its operation, which the client awaits; gRPC the VM.
    let stopped = c.stop_vm(StopVmRequest { name: name.clone(), force: false }).await.unwrap();
    assert_eq!(stopped.state, "STOPPED");
    c.start_vm(action()).await.unwrap();
    let forced = c.stop_vm(StopVmRequest { name: name.clone(), force: true }).await.unwrap();
    assert_eq!(forced.state, "STOPPED");
    let deleted = c.delete_vm(DeleteVmRequest { name: name.clone(), force: false }).await.unwrap();
    assert!(deleted.deleted);
    api_error(c.get_vm(GetVmRequest { name }).await, "VM_NOT_FOUND", ErrorKind::NotFound);
    cover(&c, &["ListVms", "CreateVm", "GetVm", "UpdateVm", "StartVm", "PauseVm", "ResumeVm", "ResetVm"]);
    cover(&c, &["GetVmStats", "StopVm", "DeleteVm"]);
});

both!(clone, |c: Client| async move {
    let vm = new_vm(&c).await;
    let linked = CloneSpec { name: unique("clone"), linked: true };
    let answer = c.clone_vm(CloneVmRequest { name: vm.name.clone(), clone: Some(linked) }).await.unwrap();
    match answer.result {
        Some(clone_vm_response::Result::Vm(clone)) => assert_eq!(clone.state, "CREATED"),
        other => panic!("a linked clone answers the VM: {other:?}"),
    }
    let full = CloneSpec { name: unique("copy"), linked: false };
    let answer = c.clone_vm(CloneVmRequest { name: vm.name.clone(), clone: Some(full.clone()) }).await.unwrap();
    let Some(clone_vm_response::Result::Operation(op)) = answer.result else {
        panic!("a full copy answers its operation")
    };
    assert_eq!(op.kind, "vm.clone");
    assert_eq!(c.await_operation(&op.id, |_| {}).await.unwrap().status, "succeeded");
    assert_eq!(c.get_vm(GetVmRequest { name: full.name }).await.unwrap().state, "CREATED");
    cover(&c, &["CloneVm"]);
});

both!(snapshots, |c: Client| async move {
    let name = new_vm(&c).await.name;
    let spec = SnapshotSpec { name: "s1".into(), description: Some("before".into()), ..Default::default() };
    let answer = c.create_snapshot(CreateSnapshotRequest { name: name.clone(), snapshot: Some(spec) }).await.unwrap();
    match answer.result {
        Some(create_snapshot_response::Result::Snapshot(snap)) => assert_eq!(snap.name, "s1"),
        other => panic!("a disk-only snapshot answers itself: {other:?}"),
    }
    let list = c.list_snapshots(ListSnapshotsRequest { name: name.clone() }).await.unwrap();
    assert_eq!(list.snapshots.iter().map(|s| s.name.as_str()).collect::<Vec<_>>(), ["s1"]);
    let restore = || RestoreSnapshotRequest { name: name.clone(), snap: "s1".into() };
    match c.restore_snapshot(restore()).await.unwrap().result {
        Some(restore_snapshot_response::Result::Restored(r)) => assert_eq!(r.vm.unwrap().name, name),
        other => panic!("a disk-only restore answers what it restored: {other:?}"),
    }
    c.delete_snapshot(DeleteSnapshotRequest { name: name.clone(), snap: "s1".into() }).await.unwrap();
    api_error(c.restore_snapshot(restore()).await, "SNAPSHOT_NOT_FOUND", ErrorKind::NotFound);
    cover(&c, &["CreateSnapshot", "ListSnapshots", "RestoreSnapshot", "DeleteSnapshot"]);
});
