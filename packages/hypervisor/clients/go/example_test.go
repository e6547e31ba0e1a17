package hvclient_test

// Examples for the package documentation (compiled, not run: they need a host; the programs in
// examples/ are run by TestExamples).

import (
	"context"
	"errors"
	"fmt"
	"log"
	"time"

	hvclient "lab.dev/hypervisor/client-go"
	pb "lab.dev/hypervisor/client-go/hypervisorv1"
)

func ExampleDial() {
	ctx := context.Background()
	c, err := hvclient.Dial(ctx, "10.0.0.5:9401",
		hvclient.WithToken("hvt_..."),
		hvclient.WithTLSFingerprint("fe87c893763f6460acd322fbe33d19ebcba2d9b40a70b0ed1b673edd3d314c83"),
		hvclient.WithTimeout(10*time.Second))
	if err != nil {
		log.Fatal(err) // errors.Is(err, hvclient.ErrTransport) for a refused connection or pin
	}
	defer c.Close()
	vms, err := c.VMs().ListVms(ctx, &pb.ListVmsRequest{})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(len(vms.GetVms()), "VMs")
}

func ExampleClient_WatchEvents() {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	c, err := hvclient.DialUnix(ctx, "/run/hypervisor/grpc.sock")
	if err != nil {
		log.Fatal(err)
	}
	defer c.Close()
	for event, err := range c.WatchEvents(ctx, &pb.WatchRequest{Kinds: []string{"vm.state_changed"}}) {
		if errors.Is(err, hvclient.ErrTimeout) {
			return // the minute is over
		} else if err != nil {
			log.Fatal(err)
		}
		data := event.GetData().AsMap()
		fmt.Println(event.GetId(), data["vm"], data["from"], "->", data["to"])
	}
}

func ExampleClient_WaitOperation() {
	ctx := context.Background()
	c, err := hvclient.Dial(ctx, "127.0.0.1:9401", hvclient.WithToken("hvt_..."))
	if err != nil {
		log.Fatal(err)
	}
	defer c.Close()
	op, err := c.Storage().ConvertDisk(ctx, &pb.ConvertDiskRequest{Name: "web1-root", Format: "raw", Target: "web1-raw"})
	if err != nil {
		log.Fatal(err)
	}
	done, err := c.WaitOperation(ctx, op.GetId(), func(o *pb.Operation) { fmt.Printf("%.0f%%\n", o.GetProgress()) })
	if err != nil {
		log.Fatal(err) // an *hvclient.Error with the operation's code
	}
	fmt.Println(done.GetResult().AsMap()["target"])
}

func ExampleError() {
	ctx := context.Background()
	c, err := hvclient.Dial(ctx, "127.0.0.1:9401", hvclient.WithToken("hvt_..."))
	if err != nil {
		log.Fatal(err)
	}
	defer c.Close()
	_, err = c.VMs().StartVm(ctx, &pb.VmActionRequest{Name: "web1"})
	var e *hvclient.Error
	switch {
	case err == nil:
	case errors.Is(err, hvclient.ErrNotFound):
		fmt.Println("no VM web1")
	case errors.As(err, &e) && e.Code == hvclient.CodeVMAlreadyRunning:
		fmt.Println("already running")
	case errors.As(err, &e):
		fmt.Println(e.Code, e.Kind, e.Details, e.RequestID)
	}
}
