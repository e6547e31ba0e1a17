//! Task 3: follow the event stream (it resumes by itself from the last event after a dropped
//! connection). `cargo run --example follow_events -- [VM] [COUNT]`
mod common;

use futures_util::StreamExt;
use hypervisor_client::proto::WatchRequest;

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let vm = args.next().unwrap_or_default();
    let count: usize = args.next().map_or(Ok(usize::MAX), |c| c.parse())?;
    let client = common::client_from_env()?;
    let mut events = client.watch_vm_events(WatchRequest { vm, ..Default::default() }).take(count);
    while let Some(event) = events.next().await {
        let event = event?;
        let data = serde_json::to_string(&event.data)?;
        println!("{:>6} {:<24} {data}", event.id, event.kind);
    }
    Ok(())
}
