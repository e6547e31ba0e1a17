package hvclient_test

// The integration suite runs against the live services of
// packages/hypervisor/clients/testing/live-services.mjs, reading their addresses and tokens from
// its environment (HV_GRPC_ADDR, HV_TOKEN, ...); without it those tests skip. Each test that
// calls an operation and checks its answer records (operation, "grpc") for the conformance
// table, written to HV_CONFORMANCE_OUT when the suite ends.

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"sort"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	hvclient "lab.dev/hypervisor/client-go"
	pb "lab.dev/hypervisor/client-go/hypervisorv1"
)

var (
	coveredMu sync.Mutex
	covered   = map[string]bool{}
)

// cover records the operations a test called and checked, once the test has passed.
func cover(t *testing.T, operations ...string) {
	t.Helper()
	t.Cleanup(func() {
		if t.Failed() || t.Skipped() {
			return
		}
		coveredMu.Lock()
		defer coveredMu.Unlock()
		for _, op := range operations {
			covered[op] = true
		}
	})
}

func TestMain(m *testing.M) {
	code := m.Run()
	if out := os.Getenv("HV_CONFORMANCE_OUT"); out != "" {
		grpc := make([]string, 0, len(covered))
		for op := range covered {
			grpc = append(grpc, op)
		}
		sort.Strings(grpc)
		doc := struct {
			Language string              `json:"language"`
			Covered  map[string][]string `json:"covered"`
		}{"go", map[string][]string{"grpc": grpc}}
		text, _ := json.MarshalIndent(doc, "", "  ")
		if err := os.WriteFile(out, append(text, '\n'), 0o644); err != nil {
			fmt.Fprintln(os.Stderr, "conformance:", err)
			code = 1
		}
	}
	os.Exit(code)
}

// env is a harness variable; the test skips when the suite runs without the harness.
func env(t *testing.T, name string) string {
	t.Helper()
	value := os.Getenv(name)
	if value == "" {
		t.Skipf("%s is not set: run under packages/hypervisor/clients/testing/live-services.mjs", name)
	}
	return value
}

// testContext bounds a test's calls, so a hung call fails the test instead of the suite.
func testContext(t *testing.T) context.Context { return testContextFor(t, 60*time.Second) }

func testContextFor(t *testing.T, d time.Duration) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), d)
	t.Cleanup(cancel)
	return ctx
}

// dial connects to host A (or B with peer) with the admin token, or the given one.
func dialWith(t *testing.T, addrVar, token string, opts ...hvclient.Option) *hvclient.Client {
	t.Helper()
	c, err := hvclient.Dial(testContext(t), env(t, addrVar), append(opts, hvclient.WithToken(token))...)
	if err != nil {
		t.Fatalf("dial %s: %v", addrVar, err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

func dial(t *testing.T) *hvclient.Client { return dialWith(t, "HV_GRPC_ADDR", env(t, "HV_TOKEN")) }

func dialPeer(t *testing.T) *hvclient.Client {
	return dialWith(t, "HV_PEER_GRPC_ADDR", env(t, "HV_PEER_TOKEN"))
}

var serial atomic.Int64

// unique is a resource name no other test uses in this run.
func unique(prefix string) string {
	return fmt.Sprintf("go-%s-%d-%d", prefix, os.Getpid()%10000, serial.Add(1))
}

func ptr[T any](v T) *T { return &v }

// newDisk creates a small qcow2 image in the default pool.
func newDisk(t *testing.T, c *hvclient.Client) *pb.DiskImage {
	t.Helper()
	disk, err := c.Storage().CreateDisk(testContext(t), &pb.CreateDiskRequest{Name: unique("disk"), Size: ptr("16M")})
	if err != nil {
		t.Fatalf("CreateDisk: %v", err)
	}
	return disk
}

// newVM defines a VM booting from a new disk of its own.
func newVM(t *testing.T, c *hvclient.Client) *pb.VmInfo {
	t.Helper()
	disk := newDisk(t, c)
	vm, err := c.VMs().CreateVm(testContext(t), &pb.CreateVmRequest{
		Name:    unique("vm"),
		Cpu:     &pb.Cpu{Count: 1},
		Memory:  &pb.Memory{Size: "64M"},
		Devices: &pb.Devices{Storage: []*pb.StorageDevice{{Type: "virtio-blk", Path: disk.GetName()}}},
	})
	if err != nil {
		t.Fatalf("CreateVm: %v", err)
	}
	return vm
}

// apiError asserts err is an *hvclient.Error of the given code and kind.
func apiError(t *testing.T, err error, code hvclient.Code, kind error) *hvclient.Error {
	t.Helper()
	var e *hvclient.Error
	if err == nil {
		t.Fatalf("no error, want %s", code)
	}
	if !errors.As(err, &e) {
		t.Fatalf("error %T %v is not an *hvclient.Error", err, err)
	}
	if e.Code != code {
		t.Fatalf("code %q (%v), want %q", e.Code, err, code)
	}
	if !errors.Is(err, kind) {
		t.Fatalf("error %v (kind %s) is not %v", err, e.Kind, kind)
	}
	return e
}
