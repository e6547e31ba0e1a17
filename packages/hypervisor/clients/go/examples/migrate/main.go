// Live-migrates a running VM to another host, printing its progress:
//
//	HV_GRPC_ADDR=... HV_TOKEN=... HV_PEER_REST_URL=http://host-b:9400 HV_PEER_TOKEN=hvt_... \
//	  go run ./examples/migrate web1
package main

import (
	"context"
	"fmt"
	"log"
	"os"
	"time"

	hvclient "lab.dev/hypervisor/client-go"
	pb "lab.dev/hypervisor/client-go/hypervisorv1"
)

func main() {
	if len(os.Args) != 2 {
		log.Fatal("usage: migrate NAME")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	c, err := hvclient.Dial(ctx, os.Getenv("HV_GRPC_ADDR"), hvclient.WithToken(os.Getenv("HV_TOKEN")))
	if err != nil {
		log.Fatal(err)
	}
	defer c.Close()
	last, err := c.Migrate(ctx, &pb.MigrateRequest{
		Name:        os.Args[1],
		Destination: os.Getenv("HV_PEER_REST_URL"),
		Token:       os.Getenv("HV_PEER_TOKEN"),
	}, func(step *pb.MigrateProgress) {
		fmt.Printf("%s %5.1f%% sent %s, %s to go\n", step.GetStatus(), step.GetProgress(), step.GetTransferred(), step.GetRemaining())
	})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("migrated (operation %s)\n", last.GetOperationId())
}
