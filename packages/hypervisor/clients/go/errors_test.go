package hvclient_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"google.golang.org/grpc/codes"

	hvclient "lab.dev/hypervisor/client-go"
	pb "lab.dev/hypervisor/client-go/hypervisorv1"
)

func TestTypedErrors(t *testing.T) {
	c := dial(t)
	ctx := testContext(t)

	_, err := c.VMs().GetVm(ctx, &pb.GetVmRequest{Name: "go-no-such-vm"})
	e := apiError(t, err, hvclient.CodeVMNotFound, hvclient.ErrNotFound)
	if e.GRPCCode != codes.NotFound || e.Info.GetDomain() != "hypervisor" || e.Details == nil ||
		!strings.Contains(e.Message, "go-no-such-vm") {
		t.Fatalf("not found: %+v", e)
	}
	if errors.Is(err, hvclient.ErrConflict) {
		t.Fatal("a not-found error matched ErrConflict")
	}

	vm := newVM(t, c)
	_, err = c.VMs().CreateVm(ctx, &pb.CreateVmRequest{
		Name: vm.GetName(), Cpu: vm.GetCpu(), Memory: vm.GetMemory(), Devices: vm.GetDevices(),
	})
	e = apiError(t, err, hvclient.CodeVMAlreadyExists, hvclient.ErrAlreadyExists)
	if e.GRPCCode != codes.AlreadyExists || e.Details == nil {
		t.Fatalf("already exists: %+v", e)
	}

	if _, err := c.VMs().StartVm(ctx, &pb.VmActionRequest{Name: vm.GetName()}); err != nil {
		t.Fatal(err)
	}
	_, err = c.VMs().StartVm(ctx, &pb.VmActionRequest{Name: vm.GetName()})
	e = apiError(t, err, hvclient.CodeVMAlreadyRunning, hvclient.ErrConflict)
	if e.GRPCCode != codes.FailedPrecondition {
		t.Fatalf("conflict: %+v", e)
	}

	_, err = c.VMs().CreateVm(ctx, &pb.CreateVmRequest{Name: "bad name!", Cpu: &pb.Cpu{Count: 1}, Memory: &pb.Memory{Size: "64M"}})
	e = apiError(t, err, hvclient.CodeValidationError, hvclient.ErrInvalid)
	// Metadata values that are JSON come back as values: details.errors is a list of objects.
	list, _ := e.Details["errors"].([]any)
	if e.GRPCCode != codes.InvalidArgument || e.Details["field"] != "name" || len(list) != 1 {
		t.Fatalf("invalid: %+v", e.Details)
	}
	if first, _ := list[0].(map[string]any); first["field"] != "name" {
		t.Fatalf("invalid: details.errors[0] %v", list[0])
	}
	cover(t, "feature:typed-errors")
}

func TestUnauthenticated(t *testing.T) {
	for _, token := range []string{env(t, "HV_TOKEN_BAD"), ""} {
		c := dialWith(t, "HV_GRPC_ADDR", token)
		_, err := c.VMs().ListVms(testContext(t), &pb.ListVmsRequest{})
		e := apiError(t, err, hvclient.CodeUnauthorized, hvclient.ErrUnauthenticated)
		if e.GRPCCode != codes.Unauthenticated {
			t.Fatalf("token %q: %+v", token, e)
		}
	}
	cover(t, "feature:auth-unauthenticated")
}

func TestForbidden(t *testing.T) {
	c := dialWith(t, "HV_GRPC_ADDR", env(t, "HV_TOKEN_VM_READ"))
	ctx := testContext(t)
	if _, err := c.VMs().ListVms(ctx, &pb.ListVmsRequest{}); err != nil {
		t.Fatalf("vm:read may list VMs: %v", err)
	}
	_, err := c.VMs().CreateVm(ctx, &pb.CreateVmRequest{Name: unique("nope"), Cpu: &pb.Cpu{Count: 1}, Memory: &pb.Memory{Size: "64M"}})
	e := apiError(t, err, hvclient.CodeForbidden, hvclient.ErrForbidden)
	if e.GRPCCode != codes.PermissionDenied || e.Details["required_scope"] != "vm:write" {
		t.Fatalf("forbidden: %+v", e)
	}
	cover(t, "feature:auth-forbidden")
}

func TestTLSPinned(t *testing.T) {
	c := dialWith(t, "HV_TLS_GRPC_ADDR", env(t, "HV_TLS_TOKEN"), hvclient.WithTLSFingerprint(env(t, "HV_TLS_FINGERPRINT")))
	info, err := c.System().GetSystemInfo(testContext(t), &pb.GetSystemInfoRequest{})
	if err != nil {
		t.Fatalf("GetSystemInfo over TLS: %v", err)
	}
	if !info.GetTls().GetEnabled() || info.GetTls().GetFingerprint() != env(t, "HV_TLS_FINGERPRINT") {
		t.Fatalf("the host's TLS: %v", info.GetTls())
	}
	cover(t, "feature:tls-pinned")
}

func TestTLSWrongPin(t *testing.T) {
	_, err := hvclient.Dial(testContext(t), env(t, "HV_TLS_GRPC_ADDR"),
		hvclient.WithToken(env(t, "HV_TLS_TOKEN")), hvclient.WithTLSFingerprint(env(t, "HV_TLS_WRONG_FINGERPRINT")))
	var e *hvclient.Error
	if !errors.As(err, &e) || !errors.Is(err, hvclient.ErrTransport) || e.Code != "" {
		t.Fatalf("a wrong pin: %v", err)
	}
	// Refused in the handshake: the message names the certificate the server showed.
	if !strings.Contains(e.Message, "fingerprint "+env(t, "HV_TLS_FINGERPRINT")) {
		t.Fatalf("a wrong pin: %v", e.Message)
	}
	// Without the pin, the system's CAs refuse the self-signed certificate.
	_, err = hvclient.Dial(testContext(t), env(t, "HV_TLS_GRPC_ADDR"), hvclient.WithTLS(nil))
	if !errors.Is(err, hvclient.ErrTransport) || !strings.Contains(err.Error(), "certificate") {
		t.Fatalf("an unpinned self-signed certificate: %v", err)
	}
	cover(t, "feature:tls-wrong-pin")
}

func TestUnixSocket(t *testing.T) {
	c, err := hvclient.DialUnix(testContext(t), env(t, "HV_GRPC_SOCKET"))
	if err != nil {
		t.Fatalf("DialUnix: %v", err)
	}
	defer c.Close()
	// No token on the socket: the principal `socket` has every scope, admin included.
	tokens, err := c.Tokens().ListTokens(testContext(t), &pb.ListTokensRequest{})
	if err != nil || len(tokens.GetTokens()) == 0 {
		t.Fatalf("ListTokens over the socket: %v %v", tokens, err)
	}
	cover(t, "feature:unix-socket")
}

func TestDeadline(t *testing.T) {
	c := dial(t)
	ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	// A stream with nothing to send holds until its deadline.
	var last error
	for _, err := range c.WatchEvents(ctx, &pb.WatchRequest{Vm: unique("quiet")}) {
		last = err
	}
	var e *hvclient.Error
	if !errors.As(last, &e) || !errors.Is(last, hvclient.ErrTimeout) || !errors.Is(last, context.DeadlineExceeded) {
		t.Fatalf("a stream past its deadline: %v", last)
	}
	// A unary call with the client's default deadline (WithTimeout) of one nanosecond.
	short := dialWith(t, "HV_GRPC_ADDR", env(t, "HV_TOKEN"), hvclient.WithTimeout(time.Nanosecond))
	_, err := short.VMs().ListVms(context.Background(), &pb.ListVmsRequest{})
	if !errors.Is(err, hvclient.ErrTimeout) {
		t.Fatalf("a unary call past its deadline: %v", err)
	}
	cover(t, "feature:timeout")
}

func TestCancel(t *testing.T) {
	c := dial(t)
	ctx, cancel := context.WithCancel(context.Background())
	stream, err := c.VMs().WatchVmEvents(ctx, &pb.WatchRequest{Vm: unique("quiet")})
	if err != nil {
		t.Fatal(err)
	}
	time.AfterFunc(100*time.Millisecond, cancel)
	_, err = stream.Recv()
	if !errors.Is(err, hvclient.ErrCancelled) || !errors.Is(err, context.Canceled) {
		t.Fatalf("a cancelled stream: %v", err)
	}
	_, err = c.VMs().ListVms(ctx, &pb.ListVmsRequest{})
	if !errors.Is(err, hvclient.ErrCancelled) {
		t.Fatalf("a call on a cancelled context: %v", err)
	}
	cover(t, "feature:cancel")
}

func TestConnectionRefused(t *testing.T) {
	_, err := hvclient.Dial(testContext(t), "127.0.0.1:1")
	if !errors.Is(err, hvclient.ErrTransport) {
		t.Fatalf("a refused connection: %v", err)
	}
}
