//! GetVm round trips, one after another on one connection, for bench/hypervisor-clients.ts:
//! `cargo run --release --example bench_get_vm -- --rest-url URL --grpc-addr ADDR --token T
//! --vm NAME --seconds S --transport rest|grpc --mode library|raw` prints `{"calls":N,"seconds":S}`.
//! `raw` is the generated tonic stub, which decodes the protobuf message (gRPC), or a plain reqwest
//! GET on the same kind of reused connection whose status is checked and whose body is parsed into a
//! generic `serde_json::Value` (REST): what a call by hand must do at least, without this crate's layer.
use std::collections::HashMap;
use std::time::{Duration, Instant};

use hypervisor_client::proto::{vm_service_client::VmServiceClient, GetVmRequest};
use hypervisor_client::Client;

#[tokio::main(flavor = "current_thread")]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let options: HashMap<&str, &str> =
        args.chunks(2).filter_map(|p| Some((p[0].strip_prefix("--")?, p.get(1)?.as_str()))).collect();
    let get = |k: &str| options.get(k).copied().ok_or(format!("--{k} is required"));
    let (token, vm) = (get("token")?, get("vm")?.to_owned());
    let seconds: f64 = get("seconds")?.parse()?;
    let deadline = Duration::from_secs_f64(seconds);
    let started = Instant::now();
    let mut calls = 0u64;
    match (get("transport")?, get("mode")?) {
        (transport, "library") => {
            let client = match transport {
                "rest" => Client::rest(get("rest-url")?),
                _ => Client::grpc(get("grpc-addr")?),
            }
            .token(token)
            .build()?;
            while started.elapsed() < deadline {
                client.get_vm(GetVmRequest { name: vm.clone() }).await?;
                calls += 1;
            }
        }
        ("grpc", _) => {
            let channel =
                tonic::transport::Endpoint::from_shared(format!("http://{}", get("grpc-addr")?))?.connect().await?;
            let mut stub = VmServiceClient::new(channel);
            let bearer: tonic::metadata::AsciiMetadataValue = format!("Bearer {token}").parse()?;
            while started.elapsed() < deadline {
                let mut request = tonic::Request::new(GetVmRequest { name: vm.clone() });
                request.metadata_mut().insert("authorization", bearer.clone());
                stub.get_vm(request).await?;
                calls += 1;
            }
        }
        _ => {
            // reqwest is built without a default crypto provider (this crate brings ring).
            let _ = rustls::crypto::ring::default_provider().install_default();
            let http = reqwest::Client::new();
            let url = format!("{}/api/v1/vms/{vm}", get("rest-url")?);
            while started.elapsed() < deadline {
                let body = http.get(&url).bearer_auth(token).send().await?.error_for_status()?.bytes().await?;
                std::hint::black_box(serde_json::from_slice::<serde_json::Value>(&body)?);
                calls += 1;
            }
        }
    }
    println!("{{\"calls\":{calls},\"seconds\":{:.3}}}", started.elapsed().as_secs_f64());
    Ok(())
}
