//! Task 4: migrate a running VM to another host with progress.
//! `HV_PEER_REST_URL=http://10.0.0.6:9400 HV_PEER_TOKEN=hvt_... cargo run --example migrate -- web1`
mod common;

use hypervisor_client::proto::MigrateRequest;

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let name = std::env::args().nth(1).ok_or("usage: migrate VM")?;
    let client = common::client_from_env()?;
    let request = MigrateRequest {
        name,
        destination: std::env::var("HV_PEER_REST_URL")?,
        token: std::env::var("HV_PEER_TOKEN")?,
        ..Default::default()
    };
    let done = client
        .migrate_vm(request, |p| println!("{:>5.1}% {} (remaining {})", p.progress, p.status, p.remaining))
        .await?;
    println!("migrated: operation {}", done.operation_id);
    Ok(())
}
