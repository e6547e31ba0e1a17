//! Networks, their rules, forwards, leases and tunnel.
use hypervisor_client::proto::*;
use hypervisor_client::{Client, ErrorKind};

use crate::both;
use crate::common::*;

both!(networks, |c: Client| async move {
    let name = unique("net");
    // A subnet of its own: each transport's test has one (the hosts are new each run).
    let prefix = format!("10.{}.{}", 100 + std::process::id() % 100, 1 + (c.transport() == "rest") as u32);
    let create = CreateNetworkRequest {
        name: name.clone(),
        mode: "nat".into(),
        subnet: Some(format!("{prefix}.0/24")),
        ..Default::default()
    };
    let network = c.create_network(create).await.unwrap();
    assert_eq!(network.state, "active");
    assert_eq!(c.get_network(GetNetworkRequest { name: name.clone() }).await.unwrap().uuid, network.uuid);
    assert!(c.list_networks(ListNetworksRequest {}).await.unwrap().networks.iter().any(|n| n.name == name));
    let update = UpdateNetworkRequest { name: name.clone(), mtu: Some(1400), ..Default::default() };
    assert_eq!(c.update_network(update).await.unwrap().mtu, 1400);

    let add = AddRuleRequest {
        name: name.clone(),
        direction: "in".into(),
        action: "accept".into(),
        protocol: "tcp".into(),
        ports: Some("22".into()),
        comment: Some("ssh".into()),
        ..Default::default()
    };
    let rule = c.add_rule(add).await.unwrap();
    assert_eq!(rule.ports.as_deref(), Some("22"));
    let change = UpdateRuleRequest {
        name: name.clone(),
        id: rule.id.clone(),
        ports: Some("2222".into()),
        clear_comment: true,
        ..Default::default()
    };
    let changed = c.update_rule(change).await.unwrap();
    assert_eq!((changed.ports.as_deref(), changed.comment), (Some("2222"), None));
    let rules = c.list_rules(ListRulesRequest { name: name.clone() }).await.unwrap().rules;
    assert_eq!(rules.iter().map(|r| r.id.as_str()).collect::<Vec<_>>(), [rule.id.as_str()]);
    let removed = c.delete_rule(DeleteRuleRequest { name: name.clone(), id: rule.id.clone() }).await.unwrap();
    assert_eq!(removed.id, rule.id);

    // A forward needs a VM with a NIC on the network.
    let disk = new_disk(&c).await;
    let mut vm = vm_request(&unique("netvm"), &disk.name);
    vm.devices.as_mut().unwrap().network = vec![NetworkDevice {
        r#type: "virtio-net".into(),
        network: name.clone(),
        ip: Some(format!("{prefix}.10")),
        mac: None,
    }];
    let vm = c.create_vm(vm).await.unwrap();
    let port = 20_000 + (std::process::id() % 5_000) as i32 * 2 + (c.transport() == "rest") as i32;
    let add = AddForwardRequest {
        name: name.clone(),
        protocol: "tcp".into(),
        listen_port: port,
        vm: vm.name.clone(),
        guest_port: 80,
        listen_address: None,
    };
    let forward = c.add_forward(add).await.unwrap();
    assert_eq!(forward.vm, vm.name);
    let forwards = c.list_forwards(ListForwardsRequest { name: name.clone() }).await.unwrap().forwards;
    assert_eq!(forwards.iter().map(|f| f.id.as_str()).collect::<Vec<_>>(), [forward.id.as_str()]);
    let removed = c.delete_forward(DeleteForwardRequest { name: name.clone(), id: forward.id.clone() }).await.unwrap();
    assert_eq!(removed.id, forward.id);
    c.start_vm(VmActionRequest { name: vm.name.clone() }).await.unwrap();
    let leases = c.list_leases(ListLeasesRequest { name: name.clone() }).await.unwrap();
    assert!(leases.leases.iter().all(|l| l.ip.starts_with(&prefix)), "{leases:?}");
    c.stop_vm(StopVmRequest { name: vm.name.clone(), force: true }).await.unwrap();
    c.delete_vm(DeleteVmRequest { name: vm.name.clone(), force: false }).await.unwrap();

    let tunnel = c.get_tunnel(GetTunnelRequest { name: name.clone() }).await.unwrap();
    assert_eq!((tunnel.network.as_str(), tunnel.state.as_str()), (name.as_str(), "not_configured"));
    // A peer's key exchange reaching a network without a tunnel is refused with the code saying so.
    let exchange = ExchangeTunnelKeysRequest {
        name: name.clone(),
        r#type: "init".into(),
        epoch: Some(1),
        nonce: Some("AAAA".into()),
        wg_public_key: Some("AAAA".into()),
        ephemeral_key: Some("AAAA".into()),
        signature: Some("AAAA".into()),
        ..Default::default()
    };
    api_error(c.exchange_tunnel_keys(exchange).await, "TUNNEL_NOT_CONFIGURED", ErrorKind::Conflict);
    assert!(c.delete_network(DeleteNetworkRequest { name: name.clone() }).await.unwrap().deleted);
    api_error(c.get_network(GetNetworkRequest { name }).await, "NETWORK_NOT_FOUND", ErrorKind::NotFound);
    cover(&c, &["CreateNetwork", "GetNetwork", "ListNetworks", "UpdateNetwork", "AddRule", "UpdateRule", "ListRules"]);
    cover(&c, &["DeleteRule", "AddForward", "ListForwards", "DeleteForward", "ListLeases", "GetTunnel"]);
    cover(&c, &["ExchangeTunnelKeys", "DeleteNetwork"]);
});
