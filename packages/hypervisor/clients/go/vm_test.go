package hvclient_test

import (
	"testing"

	hvclient "lab.dev/hypervisor/client-go"
	pb "lab.dev/hypervisor/client-go/hypervisorv1"
)

func TestVMLifecycle(t *testing.T) {
	c := dial(t)
	ctx := testContext(t)
	vm := newVM(t, c)
	if vm.GetState() != "CREATED" || vm.GetUuid() == "" {
		t.Fatalf("created VM: %v", vm)
	}
	name := vm.GetName()
	got, err := c.VMs().GetVm(ctx, &pb.GetVmRequest{Name: name})
	if err != nil || got.GetUuid() != vm.GetUuid() {
		t.Fatalf("GetVm: %v %v", got, err)
	}
	list, err := c.VMs().ListVms(ctx, &pb.ListVmsRequest{})
	if err != nil || !containsVM(list.GetVms(), name) {
		t.Fatalf("ListVms lacks %s: %v", name, err)
	}
	updated, err := c.VMManagement().UpdateVm(ctx, &pb.UpdateVmRequest{Name: name, Memory: &pb.Memory{Size: "96M"}})
	if err != nil || updated.GetMemory().GetSize() != "96M" {
		t.Fatalf("UpdateVm: %v %v", updated, err)
	}
	steps := []struct {
		call func() (*pb.VmInfo, error)
		want string
	}{
		{func() (*pb.VmInfo, error) { return c.VMs().StartVm(ctx, &pb.VmActionRequest{Name: name}) }, "RUNNING"},
		{func() (*pb.VmInfo, error) { return c.VMs().PauseVm(ctx, &pb.VmActionRequest{Name: name}) }, "PAUSED"},
		{func() (*pb.VmInfo, error) { return c.VMs().ResumeVm(ctx, &pb.VmActionRequest{Name: name}) }, "RUNNING"},
		{func() (*pb.VmInfo, error) { return c.VMManagement().ResetVm(ctx, &pb.VmActionRequest{Name: name}) }, "RUNNING"},
	}
	for i, step := range steps {
		got, err := step.call()
		if err != nil || got.GetState() != step.want {
			t.Fatalf("step %d: %v %v, want %s", i, got.GetState(), err, step.want)
		}
	}
	stats, err := c.VMManagement().GetVmStats(ctx, &pb.GetVmStatsRequest{Name: name})
	if err != nil || stats.GetVm() != name {
		t.Fatalf("GetVmStats: %v %v", stats, err)
	}
	stopped, err := c.VMs().StopVm(ctx, &pb.StopVmRequest{Name: name})
	if err != nil || stopped.GetState() != "STOPPED" {
		t.Fatalf("StopVm: %v %v", stopped, err)
	}
	if _, err := c.VMManagement().DeleteVm(ctx, &pb.DeleteVmRequest{Name: name}); err != nil {
		t.Fatalf("DeleteVm: %v", err)
	}
	_, err = c.VMs().GetVm(ctx, &pb.GetVmRequest{Name: name})
	apiError(t, err, hvclient.CodeVMNotFound, hvclient.ErrNotFound)
	cover(t, "ListVms", "CreateVm", "GetVm", "UpdateVm", "StartVm", "PauseVm", "ResumeVm", "ResetVm",
		"GetVmStats", "StopVm", "DeleteVm")
}

func containsVM(vms []*pb.VmInfo, name string) bool {
	for _, vm := range vms {
		if vm.GetName() == name {
			return true
		}
	}
	return false
}

func TestClone(t *testing.T) {
	c := dial(t)
	ctx := testContext(t)
	vm := newVM(t, c)
	name := vm.GetName()

	clone, err := c.VMManagement().CloneVm(ctx, &pb.CloneVmRequest{
		Name: name, Clone: &pb.CloneSpec{Name: unique("clone"), Linked: true},
	})
	if err != nil || clone.GetVm().GetState() != "CREATED" {
		t.Fatalf("linked CloneVm: %v %v", clone, err)
	}
	full, err := c.VMManagement().CloneVm(ctx, &pb.CloneVmRequest{Name: name, Clone: &pb.CloneSpec{Name: unique("copy")}})
	if err != nil || full.GetOperation().GetKind() != "vm.clone" {
		t.Fatalf("full CloneVm: %v %v", full, err)
	}
	if op, err := c.WaitOperation(ctx, full.GetOperation().GetId(), nil); err != nil || op.GetStatus() != "succeeded" {
		t.Fatalf("the clone's operation: %v %v", op, err)
	}

	cover(t, "CloneVm")
}

func TestSnapshots(t *testing.T) {
	c := dial(t)
	ctx := testContext(t)
	name := newVM(t, c).GetName()
	snap, err := c.Snapshots().CreateSnapshot(ctx, &pb.CreateSnapshotRequest{
		Name: name, Snapshot: &pb.SnapshotSpec{Name: "s1", Description: ptr("before")},
	})
	if err != nil || snap.GetSnapshot().GetName() != "s1" {
		t.Fatalf("CreateSnapshot: %v %v", snap, err)
	}
	snaps, err := c.Snapshots().ListSnapshots(ctx, &pb.ListSnapshotsRequest{Name: name})
	if err != nil || len(snaps.GetSnapshots()) != 1 || snaps.GetSnapshots()[0].GetName() != "s1" {
		t.Fatalf("ListSnapshots: %v %v", snaps, err)
	}
	restored, err := c.Snapshots().RestoreSnapshot(ctx, &pb.RestoreSnapshotRequest{Name: name, Snap: "s1"})
	if err != nil || restored.GetRestored().GetVm().GetName() != name {
		t.Fatalf("RestoreSnapshot: %v %v", restored, err)
	}
	if _, err := c.Snapshots().DeleteSnapshot(ctx, &pb.DeleteSnapshotRequest{Name: name, Snap: "s1"}); err != nil {
		t.Fatalf("DeleteSnapshot: %v", err)
	}
	_, err = c.Snapshots().RestoreSnapshot(ctx, &pb.RestoreSnapshotRequest{Name: name, Snap: "s1"})
	apiError(t, err, hvclient.CodeSnapshotNotFound, hvclient.ErrNotFound)
	cover(t, "CreateSnapshot", "ListSnapshots", "RestoreSnapshot", "DeleteSnapshot")
}
