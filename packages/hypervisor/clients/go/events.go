package hvclient

import (
	"context"
	"errors"
	"io"
	"iter"
	"time"

	"google.golang.org/grpc"

	pb "lab.dev/hypervisor/client-go/hypervisorv1"
)

// The wait before opening a dropped event stream again, doubling up to the maximum.
const (
	resumeBackoffMin = 100 * time.Millisecond
	resumeBackoffMax = 5 * time.Second
)

// WatchEvents follows the service's events (WatchVmEvents: REST's GET /events) as an iterator,
// from req.AfterId (or live ones when absent). When the stream drops (the connection is lost, the
// service restarts and ends it) it is opened again after the last event received, so the loop
// sees every event once, with no gap (the service replays its last 10,000). It ends when ctx does
// (yielding the cancellation or timeout as the last error), when the loop breaks, or with the
// first error that reconnecting cannot mend (an *Error such as ErrForbidden).
//
//	for event, err := range c.WatchEvents(ctx, &hypervisorv1.WatchRequest{Vm: "web1"}) {
//		if err != nil { return err }
//		fmt.Println(event.GetId(), event.GetKind())
//	}
func (c *Client) WatchEvents(ctx context.Context, req *pb.WatchRequest) iter.Seq2[*pb.VmEvent, error] {
	return func(yield func(*pb.VmEvent, error) bool) {
		next := &pb.WatchRequest{Kinds: req.GetKinds(), Vm: req.GetVm(), AfterId: req.AfterId}
		backoff := resumeBackoffMin
		for {
			// WaitForReady: a stream opened again waits for the connection to come back.
			stream, err := c.VMs().WatchVmEvents(ctx, next, grpc.WaitForReady(true))
			for err == nil {
				var event *pb.VmEvent
				if event, err = stream.Recv(); err == nil {
					backoff = resumeBackoffMin
					id := event.GetId()
					next.AfterId = &id
					if !yield(event, nil) {
						return
					}
				}
			}
			if ctx.Err() != nil {
				yield(nil, convertError(ctx.Err(), ""))
				return
			}
			resumeAt, ok := resumable(err)
			if !ok {
				yield(nil, err)
				return
			}
			if resumeAt != "" {
				next.AfterId = &resumeAt
			}
			select {
			case <-ctx.Done():
				yield(nil, convertError(ctx.Err(), ""))
				return
			case <-time.After(backoff):
			}
			backoff = min(backoff*2, resumeBackoffMax)
		}
	}
}

// resumable tells whether a stream that ended with err is opened again, and from where when the
// service named the point (EVENTS_BACKLOG_EXCEEDED's last_id).
func resumable(err error) (afterID string, ok bool) {
	if errors.Is(err, io.EOF) {
		return "", true // the service ended the stream cleanly (its shutdown): resume elsewhere
	}
	var e *Error
	if !errors.As(err, &e) {
		return "", false
	}
	switch {
	case e.Code == CodeEventsBacklogExceeded:
		id, _ := e.Details["last_id"].(string)
		return id, true
	case e.Kind == KindTransport, e.Kind == KindUnavailable:
		return "", true
	}
	return "", false
}
