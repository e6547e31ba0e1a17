package hvclient_test

import (
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// The README's tasks as programs, three of them run against host A: create and start a VM, list
// it, attest it. (go vet ./... compiles the other two; the Migrate and WatchEvents tests run
// their code.)
func TestExamples(t *testing.T) {
	t.Parallel() // mostly linking
	env(t, "HV_GRPC_ADDR")
	bin := t.TempDir()
	build := exec.Command("go", "build", "-o", bin+string(filepath.Separator),
		"./examples/create-and-start", "./examples/list-vms", "./examples/attest")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	run := func(program string, args ...string) string {
		t.Helper()
		out, err := exec.Command(filepath.Join(bin, program), args...).CombinedOutput()
		if err != nil {
			t.Fatalf("%s %v: %v\n%s", program, args, err, out)
		}
		return string(out)
	}
	name := unique("example")
	if out := run("create-and-start", name); out != name+" RUNNING\n" {
		t.Fatalf("create-and-start: %q", out)
	}
	if out := run("list-vms"); !strings.Contains(out, name+"\tRUNNING\t2 vCPU\t512M\n") {
		t.Fatalf("list-vms: %q", out)
	}
	if out := run("attest", name); !strings.HasSuffix(out, "valid true\n") {
		t.Fatalf("attest: %q", out)
	}
}
