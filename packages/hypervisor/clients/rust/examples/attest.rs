//! Task 5: a signed attestation report of a running VM, verified. `cargo run --example attest -- web1`
mod common;

use hypervisor_client::proto::{AttestRequest, VerifyAttestationRequest};

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let name = std::env::args().nth(1).ok_or("usage: attest VM")?;
    let client = common::client_from_env()?;
    // The verifier's challenge, fresh each time (base64).
    let nonce = "bm9uY2UtZnJvbS10aGUtdmVyaWZpZXItMDAwMDAwMDE=".to_owned();
    let report = client.attest(AttestRequest { name, nonce: nonce.clone(), key: None }).await?;
    let measurement = report.measurement.as_ref().map_or("", |m| m.value.as_str());
    println!(
        "report of {} signed with {}: measurement {measurement}",
        report.vm.as_ref().map_or("", |v| &v.name),
        report.algorithm
    );
    let verdict = client
        .verify_attestation(VerifyAttestationRequest {
            report: Some(report.to_struct()?),
            nonce: Some(nonce),
            ..Default::default()
        })
        .await?;
    println!("valid: {} {:?}", verdict.valid, verdict.reasons);
    if !verdict.valid {
        std::process::exit(1);
    }
    Ok(())
}
