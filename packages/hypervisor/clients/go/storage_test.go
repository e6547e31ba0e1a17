package hvclient_test

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	hvclient "lab.dev/hypervisor/client-go"
	pb "lab.dev/hypervisor/client-go/hypervisorv1"
)

func TestDisks(t *testing.T) {
	c := dial(t)
	ctx := testContext(t)
	disk := newDisk(t, c)
	name := disk.GetName()
	if disk.GetFormat() != "qcow2" || disk.GetSizeBytes() != 16<<20 {
		t.Fatalf("CreateDisk: %v", disk)
	}
	got, err := c.Storage().GetDisk(ctx, &pb.GetDiskRequest{Name: name})
	if err != nil || got.GetName() != name {
		t.Fatalf("GetDisk: %v %v", got, err)
	}
	list, err := c.Storage().ListDisks(ctx, &pb.ListDisksRequest{})
	if err != nil || !containsDisk(list.GetImages(), name) {
		t.Fatalf("ListDisks lacks %s: %v", name, err)
	}
	resized, err := c.Storage().ResizeDisk(ctx, &pb.ResizeDiskRequest{Name: name, Size: "32M"})
	if err != nil || resized.GetSizeBytes() != 32<<20 {
		t.Fatalf("ResizeDisk: %v %v", resized, err)
	}
	compact, err := c.Storage().CompactDisk(ctx, &pb.CompactDiskRequest{Name: name})
	if err != nil || compact.GetKind() != "disk.compact" {
		t.Fatalf("CompactDisk: %v %v", compact, err)
	}
	if op, err := c.WaitOperation(ctx, compact.GetId(), nil); err != nil || op.GetResult().GetFields()["image"] == nil {
		t.Fatalf("the compaction: %v %v", op, err)
	}
	check, err := c.Storage().CheckDisk(ctx, &pb.CheckDiskRequest{Name: name})
	if err != nil || check.GetKind() != "disk.check" {
		t.Fatalf("CheckDisk: %v %v", check, err)
	}
	op, err := c.WaitOperation(ctx, check.GetId(), nil)
	if err != nil || !op.GetResult().GetFields()["clean"].GetBoolValue() {
		t.Fatalf("the check: %v %v", op, err)
	}
	deleted, err := c.Storage().DeleteDisk(ctx, &pb.DeleteDiskRequest{Name: name})
	if err != nil || !deleted.GetDeleted() {
		t.Fatalf("DeleteDisk: %v %v", deleted, err)
	}
	_, err = c.Storage().GetDisk(ctx, &pb.GetDiskRequest{Name: name})
	apiError(t, err, hvclient.CodeDiskNotFound, hvclient.ErrNotFound)
	cover(t, "CreateDisk", "GetDisk", "ListDisks", "ResizeDisk", "CompactDisk", "CheckDisk", "DeleteDisk")
}

func containsDisk(disks []*pb.DiskImage, name string) bool {
	for _, disk := range disks {
		if disk.GetName() == name {
			return true
		}
	}
	return false
}

// LUKS key derivation takes seconds per secret: this test runs beside the others.
func TestRekeyEncryptedDisk(t *testing.T) {
	t.Parallel()
	c := dial(t)
	ctx := testContextFor(t, 240*time.Second) // three key derivations, CPU-bound, on a busy machine
	disk, err := c.Storage().CreateDisk(ctx, &pb.CreateDiskRequest{
		Name: unique("enc"), Size: ptr("8M"), Encrypted: ptr(true), Secret: ptr("correct horse battery"),
	})
	if err != nil || !disk.GetEncrypted() {
		t.Fatalf("encrypted CreateDisk: %v %v", disk, err)
	}
	rekey, err := c.Storage().RekeyDisk(ctx, &pb.RekeyDiskRequest{
		Name: disk.GetName(), OldSecret: "correct horse battery", NewSecret: "staple battery horse",
	})
	if err != nil || rekey.GetKind() != "disk.rekey" {
		t.Fatalf("RekeyDisk: %v %v", rekey, err)
	}
	if op, err := c.WaitOperation(ctx, rekey.GetId(), nil); err != nil || op.GetProgress() != 100 {
		t.Fatalf("the rekey: %v %v", op, err)
	}
	cover(t, "RekeyDisk")
}

// A conversion awaited with a progress callback: each call sees the progress never go back, and
// the last one the operation succeeded at 100 with its result.
func TestConvertWithProgress(t *testing.T) {
	c := dial(t)
	ctx := testContext(t)
	disk, err := c.Storage().CreateDisk(ctx, &pb.CreateDiskRequest{
		Name: unique("raw"), Size: ptr("256M"), Format: ptr("raw"), Preallocation: ptr("full"),
	})
	if err != nil {
		t.Fatalf("CreateDisk: %v", err)
	}
	target := unique("converted")
	op, err := c.Storage().ConvertDisk(ctx, &pb.ConvertDiskRequest{Name: disk.GetName(), Format: "qcow2", Target: target})
	if err != nil || op.GetKind() != "disk.convert" {
		t.Fatalf("ConvertDisk: %v %v", op, err)
	}
	var seen []float64
	done, err := c.WaitOperation(ctx, op.GetId(), func(step *pb.Operation) { seen = append(seen, step.GetProgress()) })
	if err != nil || done.GetStatus() != "succeeded" {
		t.Fatalf("WaitOperation: %v %v", done, err)
	}
	if len(seen) == 0 || seen[len(seen)-1] != 100 {
		t.Fatalf("progress seen: %v", seen)
	}
	for i := 1; i < len(seen); i++ {
		if seen[i] < seen[i-1] {
			t.Fatalf("progress went back: %v", seen)
		}
	}
	if done.GetResult().GetFields()["target"].GetStringValue() != target {
		t.Fatalf("result: %v", done.GetResult())
	}
	converted, err := c.Storage().GetDisk(ctx, &pb.GetDiskRequest{Name: target})
	if err != nil || converted.GetFormat() != "qcow2" {
		t.Fatalf("the converted image: %v %v", converted, err)
	}
	t.Logf("progress seen: %v", seen)
	cover(t, "ConvertDisk", "feature:operation-progress")
}

func TestPools(t *testing.T) {
	c := dial(t)
	ctx := testContext(t)
	// A directory beside the default pool's, in the host's data directory: it must outlive the
	// test (GetSystemStats reads every pool's filesystem), and goes with the harness's directories.
	dir := filepath.Join(filepath.Dir(defaultPoolPath(t, c)), unique("pool"))
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	pool, err := c.StoragePools().CreatePool(ctx, &pb.CreatePoolRequest{Name: unique("pool"), Path: dir})
	if err != nil || pool.GetPath() != dir {
		t.Fatalf("CreatePool: %v %v", pool, err)
	}
	pools, err := c.StoragePools().ListPools(ctx, &pb.ListPoolsRequest{})
	if err != nil {
		t.Fatalf("ListPools: %v", err)
	}
	names := map[string]bool{}
	for _, p := range pools.GetPools() {
		names[p.GetName()] = true
	}
	if !names["default"] || !names[pool.GetName()] {
		t.Fatalf("ListPools: %v", names)
	}
	cover(t, "CreatePool", "ListPools")
}

func TestOperations(t *testing.T) {
	c := dial(t)
	ctx := testContext(t)
	// A benchmark runs long enough to be cancelled.
	bench, err := c.PQCKeys().RunBenchmark(ctx, &pb.RunBenchmarkRequest{Algorithms: []string{"ML-DSA-65"}, Seconds: ptr(5.0)})
	if err != nil || bench.GetKind() != "pqc.benchmark" {
		t.Fatalf("RunBenchmark: %v %v", bench, err)
	}
	got, err := c.Operations().GetOperation(ctx, &pb.GetOperationRequest{Id: bench.GetId()})
	if err != nil || got.GetId() != bench.GetId() {
		t.Fatalf("GetOperation: %v %v", got, err)
	}
	list, err := c.Operations().ListOperations(ctx, &pb.ListOperationsRequest{})
	if err != nil || len(list.GetOperations()) == 0 || list.GetOperations()[0].GetId() != bench.GetId() {
		t.Fatalf("ListOperations: newest first %v", err)
	}
	cancelled, err := c.Operations().CancelOperation(ctx, &pb.CancelOperationRequest{Id: bench.GetId()})
	if err != nil || (cancelled.GetStatus() != "cancelling" && cancelled.GetStatus() != "cancelled") {
		t.Fatalf("CancelOperation: %v %v", cancelled, err)
	}
	_, err = c.WaitOperation(ctx, bench.GetId(), nil)
	apiError(t, err, "OPERATION_CANCELLED", hvclient.ErrCancelled)
	_, err = c.Operations().GetOperation(ctx, &pb.GetOperationRequest{Id: "00000000-0000-4000-8000-000000000000"})
	apiError(t, err, hvclient.CodeOperationNotFound, hvclient.ErrNotFound)
	cover(t, "RunBenchmark", "GetOperation", "ListOperations", "CancelOperation")
}

// defaultPoolPath is where the host's default pool keeps its images.
func defaultPoolPath(t *testing.T, c *hvclient.Client) string {
	t.Helper()
	pools, err := c.StoragePools().ListPools(testContext(t), &pb.ListPoolsRequest{})
	if err != nil {
		t.Fatalf("ListPools: %v", err)
	}
	for _, p := range pools.GetPools() {
		if p.GetName() == "default" {
			return p.GetPath()
		}
	}
	t.Fatal("no default pool")
	return ""
}
