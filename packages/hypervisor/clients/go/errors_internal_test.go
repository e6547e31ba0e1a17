package hvclient

import (
	"context"
	"errors"
	"testing"

	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
)

// The conversion of statuses on its own, without a service: what the integration tests see
// through a live one, plus the cases a healthy service seldom produces.
func TestConvertError(t *testing.T) {
	st, _ := status.New(codes.FailedPrecondition, "VM 'web1' is busy").WithDetails(&errdetails.ErrorInfo{
		Reason: "VM_BUSY", Domain: "hypervisor",
		Metadata: map[string]string{"name": "web1", "count": "3", "nested": `{"a":[1,true,null]}`, "word": `"quoted"`, "request_id": "r-1"},
	})
	err := convertError(st.Err(), "")
	var e *Error
	if !errors.As(err, &e) || e.Code != CodeVMBusy || e.Kind != KindConflict || !errors.Is(err, ErrConflict) {
		t.Fatalf("VM_BUSY: %+v", err)
	}
	if e.Details["name"] != "web1" || e.Details["count"] != 3.0 || e.Details["word"] != `"quoted"` || e.RequestID != "r-1" {
		t.Fatalf("details: %#v", e.Details)
	}
	if nested, _ := e.Details["nested"].(map[string]any); len(nested["a"].([]any)) != 3 {
		t.Fatalf("nested details: %#v", e.Details["nested"])
	}
	if status.Code(errors.Unwrap(err)) != codes.FailedPrecondition {
		t.Fatalf("Unwrap: %v", errors.Unwrap(err))
	}

	cases := []struct {
		err  error
		kind Kind
		is   []error
	}{
		{status.Error(codes.Unavailable, "connection refused"), KindTransport, []error{ErrTransport}},
		{status.Error(codes.DeadlineExceeded, "deadline"), KindTimeout, []error{ErrTimeout, context.DeadlineExceeded}},
		{status.Error(codes.Canceled, "cancelled"), KindCancelled, []error{ErrCancelled, context.Canceled}},
		{context.DeadlineExceeded, KindTimeout, []error{ErrTimeout}},
		{status.Error(codes.NotFound, "no ErrorInfo"), KindNotFound, []error{ErrNotFound}},
		{status.Error(codes.Code(99), "unknown code"), KindInternal, []error{ErrInternal}},
	}
	for _, c := range cases {
		err := convertError(c.err, "from-header")
		if !errors.As(err, &e) || e.Kind != c.kind || e.Code != "" {
			t.Fatalf("%v: %+v, want kind %s", c.err, err, c.kind)
		}
		for _, target := range c.is {
			if !errors.Is(err, target) {
				t.Fatalf("%v is not %v", err, target)
			}
		}
	}
	// A service code this library does not know keeps its status's kind.
	st, _ = status.New(codes.PermissionDenied, "new").WithDetails(&errdetails.ErrorInfo{Reason: "SOMETHING_NEW"})
	if err := convertError(st.Err(), ""); !errors.As(err, &e) || e.Code != "SOMETHING_NEW" || e.Kind != KindForbidden {
		t.Fatalf("an unknown code: %+v", err)
	}
}
