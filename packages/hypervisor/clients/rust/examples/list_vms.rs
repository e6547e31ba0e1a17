//! Task 1: list the VMs. `HV_GRPC_ADDR=127.0.0.1:9401 HV_TOKEN=hvt_... cargo run --example list_vms`
mod common;

use hypervisor_client::proto::ListVmsRequest;

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let client = common::client_from_env()?;
    let vms = client.list_vms(ListVmsRequest {}).await?.vms;
    for vm in &vms {
        println!("{:<24} {:<10} {}", vm.name, vm.state, vm.uuid);
    }
    println!("{} VMs", vms.len());
    Ok(())
}
