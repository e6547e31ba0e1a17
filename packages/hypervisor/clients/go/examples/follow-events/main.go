// Follows a host's events, resuming after a dropped connection, until interrupted:
// HV_GRPC_ADDR=127.0.0.1:9401 HV_TOKEN=hvt_... go run ./examples/follow-events [VM]
package main

import (
	"context"
	"errors"
	"fmt"
	"log"
	"os"
	"os/signal"

	hvclient "lab.dev/hypervisor/client-go"
	pb "lab.dev/hypervisor/client-go/hypervisorv1"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	c, err := hvclient.Dial(ctx, os.Getenv("HV_GRPC_ADDR"), hvclient.WithToken(os.Getenv("HV_TOKEN")))
	if err != nil {
		log.Fatal(err)
	}
	defer c.Close()
	req := &pb.WatchRequest{}
	if len(os.Args) > 1 {
		req.Vm = os.Args[1]
	}
	for event, err := range c.WatchEvents(ctx, req) {
		if errors.Is(err, hvclient.ErrCancelled) {
			return // interrupted
		} else if err != nil {
			log.Fatal(err)
		}
		fmt.Printf("%s %s %v\n", event.GetId(), event.GetKind(), event.GetData().AsMap())
	}
}
