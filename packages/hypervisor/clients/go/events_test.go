package hvclient_test

import (
	"context"
	"io"
	"net"
	"sync"
	"testing"
	"time"

	"google.golang.org/grpc"

	hvclient "lab.dev/hypervisor/client-go"
	pb "lab.dev/hypervisor/client-go/hypervisorv1"
)

// proxy is a TCP relay to the service whose connections the test can cut, as a network would.
type proxy struct {
	listener net.Listener
	mu       sync.Mutex
	conns    []net.Conn
	accepted int
}

func startProxy(t *testing.T, target string) *proxy {
	listener, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	p := &proxy{listener: listener}
	t.Cleanup(func() { listener.Close(); p.cut() })
	go func() {
		for {
			client, err := listener.Accept()
			if err != nil {
				return
			}
			server, err := net.Dial("tcp", target)
			if err != nil {
				client.Close()
				continue
			}
			p.mu.Lock()
			p.conns = append(p.conns, client, server)
			p.accepted++
			p.mu.Unlock()
			go func() { io.Copy(server, client); server.Close() }()
			go func() { io.Copy(client, server); client.Close() }()
		}
	}()
	return p
}

// cut closes every connection through the relay; new ones are still accepted.
func (p *proxy) cut() {
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, conn := range p.conns {
		conn.Close()
	}
	p.conns = nil
}

func (p *proxy) connections() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.accepted
}

// A stream through a relay that drops its connection mid-way resumes from the last event id: it
// sees exactly the events a stream left open saw, no gap and no duplicate.
func TestWatchEventsResume(t *testing.T) {
	c := dial(t)
	relay := startProxy(t, env(t, "HV_GRPC_ADDR"))
	viaRelay, err := hvclient.Dial(testContext(t), relay.listener.Addr().String(), hvclient.WithToken(env(t, "HV_TOKEN")))
	if err != nil {
		t.Fatal(err)
	}
	defer viaRelay.Close()
	ctx, cancel := context.WithTimeout(testContext(t), 30*time.Second)
	defer cancel()
	vm := newVM(t, c)
	name := vm.GetName()

	collect := func(client *hvclient.Client, out chan<- []string, ready *sync.WaitGroup) {
		var ids []string
		events := client.WatchEvents(ctx, &pb.WatchRequest{Vm: name})
		ready.Done()
		for event, err := range events {
			if err != nil {
				t.Errorf("watch: %v", err)
				break
			}
			ids = append(ids, event.GetId())
			if event.GetKind() == "vm.deleted" {
				break
			}
		}
		out <- ids
	}
	direct, relayed := make(chan []string, 1), make(chan []string, 1)
	var ready sync.WaitGroup
	ready.Add(2)
	go collect(c, direct, &ready)
	go collect(viaRelay, relayed, &ready)
	ready.Wait()
	time.Sleep(200 * time.Millisecond) // both streams open before the events below

	cycle := func() {
		for _, call := range []func(context.Context, *pb.VmActionRequest, ...grpc.CallOption) (*pb.VmInfo, error){
			c.VMs().StartVm, c.VMs().PauseVm, c.VMs().ResumeVm,
		} {
			if _, err := call(ctx, &pb.VmActionRequest{Name: name}); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := c.VMs().StopVm(ctx, &pb.StopVmRequest{Name: name, Force: true}); err != nil {
			t.Fatal(err)
		}
	}
	cycle()
	time.Sleep(100 * time.Millisecond)
	relay.cut() // the relayed stream drops here; the events of the next cycle happen meanwhile
	cycle()
	if _, err := c.VMManagement().DeleteVm(ctx, &pb.DeleteVmRequest{Name: name}); err != nil {
		t.Fatal(err)
	}
	want, got := <-direct, <-relayed
	if relay.connections() < 2 {
		t.Fatalf("the relayed stream did not reconnect (%d connections)", relay.connections())
	}
	if len(want) < 9 || len(got) != len(want) {
		t.Fatalf("events: open stream %v, resumed stream %v", want, got)
	}
	for i := range want {
		if want[i] != got[i] {
			t.Fatalf("event %d: open stream %v, resumed stream %v", i, want, got)
		}
	}
	cover(t, "WatchVmEvents", "feature:events-resume")
}
