// The benchmark entry of bench/hypervisor-clients.ts: sequential GetVm round trips on one
// connection for --seconds, through this library (--mode library) or the bare generated stub
// (--mode raw), printing {"calls":N,"seconds":S}. Go's client is gRPC only.
//
//	go run ./examples/bench --grpc-addr 127.0.0.1:9401 --token hvt_... --vm web1 --seconds 5 \
//	  --transport grpc --mode library
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"log"
	"os"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/metadata"

	hvclient "lab.dev/hypervisor/client-go"
	pb "lab.dev/hypervisor/client-go/hypervisorv1"
)

func main() {
	flag.String("rest-url", "", "unused: the Go client is gRPC only")
	addr := flag.String("grpc-addr", "", "the host's gRPC address, host:port")
	token := flag.String("token", "", "an API token with vm:read")
	vm := flag.String("vm", "", "the VM to read")
	seconds := flag.Float64("seconds", 5, "how long to call")
	transport := flag.String("transport", "grpc", "grpc (the only one)")
	mode := flag.String("mode", "library", "library or raw")
	flag.Parse()
	if *transport != "grpc" {
		fmt.Fprintln(os.Stderr, "bench: the Go client is gRPC only")
		os.Exit(2)
	}
	ctx := context.Background()
	var getVM func() error
	switch *mode {
	case "library":
		c, err := hvclient.Dial(ctx, *addr, hvclient.WithToken(*token))
		if err != nil {
			log.Fatal(err)
		}
		defer c.Close()
		vms := c.VMs()
		getVM = func() error {
			_, err := vms.GetVm(ctx, &pb.GetVmRequest{Name: *vm})
			return err
		}
	case "raw":
		conn, err := grpc.NewClient("passthrough:///"+*addr, grpc.WithTransportCredentials(insecure.NewCredentials()))
		if err != nil {
			log.Fatal(err)
		}
		defer conn.Close()
		stub := pb.NewVmServiceClient(conn)
		authed := metadata.AppendToOutgoingContext(ctx, "authorization", "Bearer "+*token)
		getVM = func() error {
			_, err := stub.GetVm(authed, &pb.GetVmRequest{Name: *vm})
			return err
		}
	default:
		fmt.Fprintln(os.Stderr, "bench: --mode is library or raw")
		os.Exit(2)
	}
	if err := getVM(); err != nil { // connect and warm up outside the measured time
		log.Fatal(err)
	}
	calls := 0
	start := time.Now()
	deadline := start.Add(time.Duration(*seconds * float64(time.Second)))
	for time.Now().Before(deadline) {
		if err := getVM(); err != nil {
			log.Fatal(err)
		}
		calls++
	}
	out, _ := json.Marshal(map[string]any{"calls": calls, "seconds": time.Since(start).Seconds()})
	fmt.Println(string(out))
}
