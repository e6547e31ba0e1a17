package hvclient_test

import (
	"fmt"
	"os"
	"testing"

	hvclient "lab.dev/hypervisor/client-go"
	pb "lab.dev/hypervisor/client-go/hypervisorv1"
)

func TestNetworks(t *testing.T) {
	c := dial(t)
	ctx := testContext(t)
	n := serial.Add(1)
	name := fmt.Sprintf("gon%d-%d", os.Getpid()%1000, n)
	prefix := fmt.Sprintf("10.%d.%d", 180+os.Getpid()%40, n%250)
	network, err := c.Networks().CreateNetwork(ctx, &pb.CreateNetworkRequest{Name: name, Mode: "nat", Subnet: ptr(prefix + ".0/24")})
	if err != nil || network.GetState() != "active" || network.GetGateway() == "" {
		t.Fatalf("CreateNetwork: %v %v", network, err)
	}
	got, err := c.Networks().GetNetwork(ctx, &pb.GetNetworkRequest{Name: name})
	if err != nil || got.GetUuid() != network.GetUuid() {
		t.Fatalf("GetNetwork: %v %v", got, err)
	}
	list, err := c.Networks().ListNetworks(ctx, &pb.ListNetworksRequest{})
	if err != nil || !containsNetwork(list.GetNetworks(), name) {
		t.Fatalf("ListNetworks lacks %s: %v", name, err)
	}
	updated, err := c.Networks().UpdateNetwork(ctx, &pb.UpdateNetworkRequest{Name: name, Mtu: ptr(int32(1400))})
	if err != nil || updated.GetMtu() != 1400 {
		t.Fatalf("UpdateNetwork: %v %v", updated, err)
	}

	rule, err := c.Networks().AddRule(ctx, &pb.AddRuleRequest{
		Name: name, Direction: "in", Action: "accept", Protocol: "tcp", Ports: ptr("22"), Comment: ptr("ssh"),
	})
	if err != nil || rule.GetId() == "" || rule.GetPorts() != "22" {
		t.Fatalf("AddRule: %v %v", rule, err)
	}
	changed, err := c.Networks().UpdateRule(ctx, &pb.UpdateRuleRequest{Name: name, Id: rule.GetId(), Ports: ptr("2222"), ClearComment: true})
	if err != nil || changed.GetPorts() != "2222" || changed.Comment != nil {
		t.Fatalf("UpdateRule: %v %v", changed, err)
	}
	rules, err := c.Networks().ListRules(ctx, &pb.ListRulesRequest{Name: name})
	if err != nil || len(rules.GetRules()) != 1 || rules.GetRules()[0].GetId() != rule.GetId() {
		t.Fatalf("ListRules: %v %v", rules, err)
	}
	if removed, err := c.Networks().DeleteRule(ctx, &pb.DeleteRuleRequest{Name: name, Id: rule.GetId()}); err != nil || removed.GetId() != rule.GetId() {
		t.Fatalf("DeleteRule: %v %v", removed, err)
	}

	// A forward needs a VM with a NIC on the network; a running one gets a DHCP lease.
	disk := newDisk(t, c)
	vm, err := c.VMs().CreateVm(ctx, &pb.CreateVmRequest{
		Name: unique("netvm"), Cpu: &pb.Cpu{Count: 1}, Memory: &pb.Memory{Size: "64M"},
		Devices: &pb.Devices{
			Storage: []*pb.StorageDevice{{Type: "virtio-blk", Path: disk.GetName()}},
			Network: []*pb.NetworkDevice{{Type: "virtio-net", Network: name, Ip: ptr(prefix + ".10")}},
		},
	})
	if err != nil {
		t.Fatalf("CreateVm with a NIC: %v", err)
	}
	forward, err := c.Networks().AddForward(ctx, &pb.AddForwardRequest{
		Name: name, Protocol: "tcp", ListenPort: 20000 + int32(serial.Add(1)%10000), Vm: vm.GetName(), GuestPort: 80,
	})
	if err != nil || forward.GetVm() != vm.GetName() {
		t.Fatalf("AddForward: %v %v", forward, err)
	}
	forwards, err := c.Networks().ListForwards(ctx, &pb.ListForwardsRequest{Name: name})
	if err != nil || len(forwards.GetForwards()) != 1 || forwards.GetForwards()[0].GetId() != forward.GetId() {
		t.Fatalf("ListForwards: %v %v", forwards, err)
	}
	if removed, err := c.Networks().DeleteForward(ctx, &pb.DeleteForwardRequest{Name: name, Id: forward.GetId()}); err != nil || removed.GetId() != forward.GetId() {
		t.Fatalf("DeleteForward: %v %v", removed, err)
	}
	if _, err := c.VMs().StartVm(ctx, &pb.VmActionRequest{Name: vm.GetName()}); err != nil {
		t.Fatalf("StartVm: %v", err)
	}
	leases, err := c.Networks().ListLeases(ctx, &pb.ListLeasesRequest{Name: name})
	if err != nil {
		t.Fatalf("ListLeases: %v", err)
	}
	t.Logf("leases: %v", leases.GetLeases())
	if _, err := c.VMs().StopVm(ctx, &pb.StopVmRequest{Name: vm.GetName(), Force: true}); err != nil {
		t.Fatal(err)
	}
	if _, err := c.VMManagement().DeleteVm(ctx, &pb.DeleteVmRequest{Name: vm.GetName()}); err != nil {
		t.Fatal(err)
	}

	tunnel, err := c.Tunnels().GetTunnel(ctx, &pb.GetTunnelRequest{Name: name})
	if err != nil || tunnel.GetNetwork() != name || tunnel.GetState() != "not_configured" {
		t.Fatalf("GetTunnel: %v %v", tunnel, err)
	}
	// A peer's key exchange reaches a network without a tunnel: refused with the code that says so.
	_, err = c.Tunnels().ExchangeTunnelKeys(ctx, &pb.ExchangeTunnelKeysRequest{
		Name: name, Type: "init", Epoch: ptr(uint32(1)), Nonce: ptr("AAAA"), WgPublicKey: ptr("AAAA"),
		EphemeralKey: ptr("AAAA"), Signature: ptr("AAAA"),
	})
	apiError(t, err, hvclient.CodeTunnelNotConfigured, hvclient.ErrConflict)

	deleted, err := c.Networks().DeleteNetwork(ctx, &pb.DeleteNetworkRequest{Name: name})
	if err != nil || !deleted.GetDeleted() {
		t.Fatalf("DeleteNetwork: %v %v", deleted, err)
	}
	_, err = c.Networks().GetNetwork(ctx, &pb.GetNetworkRequest{Name: name})
	apiError(t, err, hvclient.CodeNetworkNotFound, hvclient.ErrNotFound)
	cover(t, "CreateNetwork", "GetNetwork", "ListNetworks", "UpdateNetwork", "AddRule", "UpdateRule", "ListRules",
		"DeleteRule", "AddForward", "ListForwards", "DeleteForward", "ListLeases", "GetTunnel", "ExchangeTunnelKeys",
		"DeleteNetwork")
}

func containsNetwork(networks []*pb.Network, name string) bool {
	for _, n := range networks {
		if n.GetName() == name {
			return true
		}
	}
	return false
}
