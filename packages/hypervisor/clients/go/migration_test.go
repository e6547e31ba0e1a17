package hvclient_test

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"os"
	"path/filepath"
	"sync"
	"testing"

	hvclient "lab.dev/hypervisor/client-go"
	pb "lab.dev/hypervisor/client-go/hypervisorv1"
)

// sharedPool is the pool hosts A and B both have at one path (HV_SHARED_POOL): the shared storage a
// live migration needs. It answers the pool's name and its path on host A.
func sharedPool(t *testing.T, a *hvclient.Client) (name, path string) {
	t.Helper()
	name = env(t, "HV_SHARED_POOL")
	pools, err := a.StoragePools().ListPools(testContext(t), &pb.ListPoolsRequest{})
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range pools.GetPools() {
		if p.GetName() == name {
			return name, p.GetPath()
		}
	}
	t.Fatalf("host A has no pool %s", name)
	return "", ""
}

// newSharedVM defines a VM on host A whose disk is in the shared pool.
func newSharedVM(t *testing.T, a *hvclient.Client) *pb.VmInfo {
	t.Helper()
	pool, _ := sharedPool(t, a)
	disk, err := a.Storage().CreateDisk(testContext(t), &pb.CreateDiskRequest{Name: unique("shared"), Size: ptr("16M"), Pool: &pool})
	if err != nil {
		t.Fatalf("CreateDisk: %v", err)
	}
	vm, err := a.VMs().CreateVm(testContext(t), &pb.CreateVmRequest{
		Name: unique("mvm"), Cpu: &pb.Cpu{Count: 1}, Memory: &pb.Memory{Size: "64M"},
		Devices: &pb.Devices{Storage: []*pb.StorageDevice{{Type: "virtio-blk", Path: disk.GetName()}}},
	})
	if err != nil {
		t.Fatalf("CreateVm: %v", err)
	}
	return vm
}

func migrateRequest(t *testing.T, name string) *pb.MigrateRequest {
	return &pb.MigrateRequest{Name: name, Destination: env(t, "HV_PEER_REST_URL"), Token: env(t, "HV_PEER_TOKEN")}
}

// The migration task: a running VM moves from A to B, awaited with a progress callback.
func TestMigrateWithProgress(t *testing.T) {
	t.Parallel()
	a, b := dial(t), dialPeer(t)
	ctx := testContext(t)
	vm := newSharedVM(t, a)
	if _, err := a.VMs().StartVm(ctx, &pb.VmActionRequest{Name: vm.GetName()}); err != nil {
		t.Fatal(err)
	}
	var steps []*pb.MigrateProgress
	req := migrateRequest(t, vm.GetName())
	req.Bandwidth = ptr("64M") // 64 MiB of memory at 64 MiB/s: about a second of progress steps
	last, err := a.Migrate(ctx, req, func(step *pb.MigrateProgress) { steps = append(steps, step) })
	if err != nil || last.GetStatus() != "succeeded" {
		t.Fatalf("Migrate: %v %v", last, err)
	}
	running := 0
	for _, step := range steps {
		if step.GetStatus() == "running" && step.GetProgress() > 0 && step.GetProgress() < 100 {
			running++
		}
	}
	if running == 0 || last.GetProgress() != 100 {
		t.Fatalf("no progress seen before the end: %v", steps)
	}
	moved, err := b.VMs().GetVm(ctx, &pb.GetVmRequest{Name: vm.GetName()})
	if err != nil || moved.GetState() != "RUNNING" || moved.GetUuid() != vm.GetUuid() {
		t.Fatalf("the VM on B: %v %v", moved, err)
	}
	_, err = a.VMs().GetVm(ctx, &pb.GetVmRequest{Name: vm.GetName()})
	apiError(t, err, hvclient.CodeVMNotFound, hvclient.ErrNotFound)
	t.Logf("%d progress steps", len(steps))
	cover(t, "MigrateVm", "feature:migrate-progress")
}

func TestCancelMigration(t *testing.T) {
	t.Parallel()
	a := dial(t)
	ctx := testContext(t)
	vm := newSharedVM(t, a)
	if _, err := a.VMs().StartVm(ctx, &pb.VmActionRequest{Name: vm.GetName()}); err != nil {
		t.Fatal(err)
	}
	req := migrateRequest(t, vm.GetName())
	req.Bandwidth = ptr("64K") // slow enough to be cancelled midway
	started := make(chan struct{})
	var once sync.Once
	done := make(chan error, 1)
	go func() {
		_, err := a.Migrate(ctx, req, func(*pb.MigrateProgress) { once.Do(func() { close(started) }) })
		done <- err
	}()
	select {
	case <-started:
	case err := <-done:
		t.Fatalf("the migration ended before a step: %v", err)
	}
	op, err := a.Migrations().CancelMigration(ctx, &pb.VmActionRequest{Name: vm.GetName()})
	if err != nil || op.GetKind() != "vm.migrate" {
		t.Fatalf("CancelMigration: %v %v", op, err)
	}
	err = <-done
	var e *hvclient.Error
	if !errors.As(err, &e) || !errors.Is(err, hvclient.ErrCancelled) || e.Code != "OPERATION_CANCELLED" {
		t.Fatalf("the cancelled migration: %v", err)
	}
	back, err := a.VMs().GetVm(ctx, &pb.GetVmRequest{Name: vm.GetName()})
	if err != nil || back.GetState() != "RUNNING" {
		t.Fatalf("the VM runs on at the source: %v %v", back, err)
	}
	cover(t, "CancelMigration")
}

// The destination's side, called as a source host calls it: the source's probe file in the
// shared pool, the VM's definition and images; then the incoming VM is aborted.
func TestIncomingMigration(t *testing.T) {
	a, b := dial(t), dialPeer(t)
	ctx := testContext(t)
	pool, path := sharedPool(t, a)
	disk, err := a.Storage().CreateDisk(ctx, &pb.CreateDiskRequest{Name: unique("incoming"), Size: ptr("16M"), Pool: &pool})
	if err != nil {
		t.Fatal(err)
	}
	probe := &pb.IncomingProbe{Id: newUUID(), Secret: randomHex(32)}
	probeFile := filepath.Join(path, ".hv-migration-"+probe.GetId()+".probe")
	if err := os.WriteFile(probeFile, []byte(probe.GetSecret()), 0o644); err != nil {
		t.Fatal(err)
	}
	defer os.Remove(probeFile)
	name := unique("incoming")
	uuid := newUUID()
	answer, err := b.Migrations().PrepareIncomingMigration(ctx, &pb.PrepareIncomingMigrationRequest{
		Name: name, Uuid: uuid,
		Definition: &pb.IncomingDefinition{
			Cpu: &pb.Cpu{Count: 1}, Memory: &pb.Memory{Size: "64M"},
			Devices: &pb.Devices{Storage: []*pb.StorageDevice{{Type: "virtio-blk", Path: disk.GetName()}}},
		},
		Images: []*pb.IncomingImage{{Name: disk.GetName(), Format: "qcow2", PoolPath: path}},
		Probe:  probe,
	})
	if err != nil || answer.GetVm().GetState() != "INCOMING" || answer.GetVm().GetUuid() != uuid || answer.GetPort() <= 0 {
		t.Fatalf("PrepareIncomingMigration: %v %v", answer, err)
	}
	aborted, err := b.Migrations().AbortIncomingMigration(ctx, &pb.VmActionRequest{Name: name})
	if err != nil || !aborted.GetDeleted() {
		t.Fatalf("AbortIncomingMigration: %v %v", aborted, err)
	}
	_, err = b.VMs().GetVm(ctx, &pb.GetVmRequest{Name: name})
	apiError(t, err, hvclient.CodeVMNotFound, hvclient.ErrNotFound)
	cover(t, "PrepareIncomingMigration", "AbortIncomingMigration")
}

func randomHex(n int) string {
	b := make([]byte, n)
	rand.Read(b)
	return hex.EncodeToString(b)
}

func newUUID() string {
	b := make([]byte, 16)
	rand.Read(b)
	b[6] = b[6]&0x0f | 0x40
	b[8] = b[8]&0x3f | 0x80
	h := hex.EncodeToString(b)
	return h[:8] + "-" + h[8:12] + "-" + h[12:16] + "-" + h[16:20] + "-" + h[20:]
}
