// Lists the VMs of a host: HV_GRPC_ADDR=127.0.0.1:9401 HV_TOKEN=hvt_... go run ./examples/list-vms
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
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	c, err := hvclient.Dial(ctx, os.Getenv("HV_GRPC_ADDR"), hvclient.WithToken(os.Getenv("HV_TOKEN")))
	if err != nil {
		log.Fatal(err)
	}
	defer c.Close()
	vms, err := c.VMs().ListVms(ctx, &pb.ListVmsRequest{})
	if err != nil {
		log.Fatal(err)
	}
	for _, vm := range vms.GetVms() {
		fmt.Printf("%s\t%s\t%d vCPU\t%s\n", vm.GetName(), vm.GetState(), vm.GetCpu().GetCount(), vm.GetMemory().GetSize())
	}
}
