//! Task 2: create a VM on a new disk and start it. `cargo run --example create_and_start -- web1`
mod common;

use hypervisor_client::proto::*;
use hypervisor_client::ErrorKind;

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let name = std::env::args().nth(1).unwrap_or_else(|| "web1".into());
    let client = common::client_from_env()?;
    let disk = format!("{name}-disk");
    let request = CreateDiskRequest { name: disk.clone(), size: Some("1G".into()), ..Default::default() };
    match client.create_disk(request).await {
        Ok(_) => {}
        // Typed errors: a disk left from an earlier run is fine.
        Err(e) if e.kind() == ErrorKind::AlreadyExists => {}
        Err(e) => return Err(e.into()),
    }
    let vm = client
        .create_vm(CreateVmRequest {
            name: name.clone(),
            cpu: Some(Cpu { count: 1 }),
            memory: Some(Memory { size: "512M".into() }),
            devices: Some(Devices {
                storage: vec![StorageDevice { r#type: "virtio-blk".into(), path: disk, format: None }],
                network: vec![],
            }),
            boot: None,
        })
        .await?;
    println!("created {} ({})", vm.name, vm.uuid);
    let vm = client.start_vm(VmActionRequest { name }).await?;
    println!("{} is {}", vm.name, vm.state);
    Ok(())
}
