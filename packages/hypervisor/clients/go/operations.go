package hvclient

import (
	"context"
	"errors"
	"io"
	"time"

	"google.golang.org/grpc/codes"

	pb "lab.dev/hypervisor/client-go/hypervisorv1"
)

// OperationPollInterval is how often [Client.WaitOperation] reads the operation.
const OperationPollInterval = 100 * time.Millisecond

// Migrate live-migrates a running VM to another host (MigrateVm) and waits for the end,
// calling onProgress (when not nil) with each step the service streams. It answers the last
// step when the migration succeeded; a migration that failed or was cancelled is an *Error with
// its operation's code (e.g. CodeOperationCancelled). Cancelling ctx cancels the migration: the
// guest runs on at the source.
func (c *Client) Migrate(
	ctx context.Context, req *pb.MigrateRequest, onProgress func(*pb.MigrateProgress),
) (*pb.MigrateProgress, error) {
	stream, err := c.VMs().MigrateVm(ctx, req)
	if err != nil {
		return nil, err
	}
	var last *pb.MigrateProgress
	for {
		step, err := stream.Recv()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return last, err
		}
		last = step
		if onProgress != nil {
			onProgress(step)
		}
	}
	if last == nil {
		return nil, &Error{Kind: KindInternal, Message: "the migration stream ended without a step", GRPCCode: codes.OK}
	}
	if last.GetStatus() != "succeeded" {
		return last, workError(last.GetError().GetCode(), last.GetError().GetMessage(), last.GetStatus())
	}
	return last, nil
}

// WaitOperation waits for an operation (a disk convert, a clone, a key generation) to end,
// reading it every OperationPollInterval and calling onProgress (when not nil) each time its
// progress or status changed. It answers the operation once it succeeded; one that failed or
// was cancelled is answered with an *Error of its code. ctx bounds the wait only: cancel the
// operation itself with Operations().CancelOperation.
func (c *Client) WaitOperation(
	ctx context.Context, id string, onProgress func(*pb.Operation),
) (*pb.Operation, error) {
	ops := c.Operations()
	var seenProgress float64 = -1
	var seenStatus string
	ticker := time.NewTicker(OperationPollInterval)
	defer ticker.Stop()
	for {
		op, err := ops.GetOperation(ctx, &pb.GetOperationRequest{Id: id})
		if err != nil {
			return nil, err
		}
		if onProgress != nil && (op.GetProgress() != seenProgress || op.GetStatus() != seenStatus) {
			seenProgress, seenStatus = op.GetProgress(), op.GetStatus()
			onProgress(op)
		}
		switch op.GetStatus() {
		case "succeeded":
			return op, nil
		case "failed", "cancelled":
			return op, workError(op.GetError().GetCode(), op.GetError().GetMessage(), op.GetStatus())
		}
		select {
		case <-ctx.Done():
			return op, convertError(ctx.Err(), "")
		case <-ticker.C:
		}
	}
}

// workError is the *Error of long work that failed or was cancelled, from its recorded code
// (OPERATION_CANCELLED, INTERRUPTED or a catalogue code); a cancelled one is KindCancelled.
func workError(code, message, status string) *Error {
	kind := kindByCode[Code(code)]
	if status == "cancelled" {
		kind = KindCancelled
	} else if kind == "" {
		kind = KindInternal
	}
	if message == "" {
		message = "the operation ended " + status
	}
	return &Error{Code: Code(code), Kind: kind, Message: message, GRPCCode: codes.OK}
}
