// Creates a disk and a VM booting from it, then starts the VM:
// HV_GRPC_ADDR=127.0.0.1:9401 HV_TOKEN=hvt_... go run ./examples/create-and-start web1
package main

import (
	"context"
	"errors"
	"fmt"
	"log"
	"os"
	"time"

	hvclient "lab.dev/hypervisor/client-go"
	pb "lab.dev/hypervisor/client-go/hypervisorv1"
)

func main() {
	if len(os.Args) != 2 {
		log.Fatal("usage: create-and-start NAME")
	}
	name := os.Args[1]
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	c, err := hvclient.Dial(ctx, os.Getenv("HV_GRPC_ADDR"), hvclient.WithToken(os.Getenv("HV_TOKEN")))
	if err != nil {
		log.Fatal(err)
	}
	defer c.Close()
	size := "1G"
	if _, err := c.Storage().CreateDisk(ctx, &pb.CreateDiskRequest{Name: name + "-root", Size: &size}); err != nil {
		log.Fatal(err)
	}
	_, err = c.VMs().CreateVm(ctx, &pb.CreateVmRequest{
		Name:    name,
		Cpu:     &pb.Cpu{Count: 2},
		Memory:  &pb.Memory{Size: "512M"},
		Devices: &pb.Devices{Storage: []*pb.StorageDevice{{Type: "virtio-blk", Path: name + "-root"}}},
	})
	if errors.Is(err, hvclient.ErrAlreadyExists) {
		log.Fatalf("a VM named %s exists already", name)
	} else if err != nil {
		log.Fatal(err)
	}
	vm, err := c.VMs().StartVm(ctx, &pb.VmActionRequest{Name: name})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("%s %s\n", vm.GetName(), vm.GetState())
}
