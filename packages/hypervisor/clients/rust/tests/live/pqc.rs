//! PQC keys, self-test, and the attestation task.
use hypervisor_client::pbjson_types::Empty;
use hypervisor_client::proto::*;
use hypervisor_client::{Client, ErrorKind};

use crate::both;
use crate::common::*;

both!(keys, |c: Client| async move {
    let status = c.get_status(Empty {}).await.unwrap();
    assert!(status.available && !status.algorithms.is_empty());
    let name = unique("key");
    let generate = KeyGenRequest { name: name.clone(), algorithm: "ML-DSA-44".into(), purpose: "signing".into() };
    let key = c.generate_key(generate).await.unwrap();
    assert!(key.version == 1 && !key.fingerprint.is_empty(), "{key:?}");
    assert_eq!(c.get_key(GetKeyRequest { name: name.clone() }).await.unwrap().fingerprint, key.fingerprint);
    assert!(c.list_keys(ListKeysRequest {}).await.unwrap().keys.iter().any(|k| k.name == name));
    let rotated = c.rotate_key(RotateKeyRequest { name: name.clone(), revoke_previous: None }).await.unwrap();
    assert!(rotated.version == 2 && rotated.fingerprint != key.fingerprint);
    let raw = c.export_public_key(ExportPublicKeyRequest { name: name.clone(), ..Default::default() }).await.unwrap();
    assert_eq!((raw.version, raw.algorithm.as_str()), (2, "ML-DSA-44"));
    // An ML-DSA-44 public key is 1312 bytes: 1752 characters of padded base64.
    assert_eq!(raw.public_key.as_deref().map(str::len), Some(1752));
    let pem = ExportPublicKeyRequest { name: name.clone(), format: Some("pem".into()), version: Some(1) };
    let pem = c.export_public_key(pem).await.unwrap();
    assert!(pem.pem.as_deref().unwrap_or("").starts_with("-----BEGIN PUBLIC KEY-----") && pem.version == 1, "{pem:?}");
    assert!(c.delete_key(DeleteKeyRequest { name: name.clone() }).await.unwrap().deleted);
    api_error(c.get_key(GetKeyRequest { name }).await, "KEY_NOT_FOUND", ErrorKind::NotFound);
    cover(&c, &["GetStatus", "GenerateKey", "GetKey", "ListKeys", "RotateKey", "ExportPublicKey", "DeleteKey"]);
});

// The attestation task: a signed report on a running VM, verified by the service; one byte
// changed and it no longer verifies.
both!(attestation, |c: Client| async move {
    let vm = new_vm(&c).await;
    c.start_vm(VmActionRequest { name: vm.name.clone() }).await.unwrap();
    let nonce = "q83vEjRWeJCrze8SNFZ4kKvN7xI0VniQq83vEjRWeJA=".to_owned();
    let report = c.attest(AttestRequest { name: vm.name.clone(), nonce: nonce.clone(), key: None }).await.unwrap();
    assert_eq!(report.vm.as_ref().unwrap().uuid, vm.uuid);
    assert!(report.nonce == nonce && !report.signature.is_empty());
    let verify = |report: &AttestReport, nonce: Option<String>| VerifyAttestationRequest {
        report: Some(report.to_struct().unwrap()),
        nonce,
        ..Default::default()
    };
    let verdict = c.verify_attestation(verify(&report, Some(nonce))).await.unwrap();
    assert!(verdict.valid, "{verdict:?}");
    let mut changed = report.clone();
    changed.nonce = "r83vEjRWeJCrze8SNFZ4kKvN7xI0VniQq83vEjRWeJA=".into();
    let verdict = c.verify_attestation(verify(&changed, None)).await.unwrap();
    assert!(!verdict.valid && !verdict.reasons.is_empty(), "{verdict:?}");
    cover(&c, &["Attest", "VerifyAttestation"]);
});

both!(self_test, |c: Client| async move {
    let _one_at_a_time = PQC_WORK.lock().await;
    let op = c.run_self_test(RunSelfTestRequest { algorithms: vec!["ML-KEM-512".into()] }).await.unwrap();
    assert_eq!(op.kind, "pqc.self_test");
    let done = c.await_operation(&op.id, |_| {}).await.unwrap();
    let passed = done.result.as_ref().and_then(|r| r.fields.get("passed")).and_then(|v| v.kind.clone());
    assert_eq!(passed, Some(hypervisor_client::pbjson_types::value::Kind::BoolValue(true)));
    cover(&c, &["RunSelfTest"]);
});
