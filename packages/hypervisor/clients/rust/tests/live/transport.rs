//! TLS with a pinned certificate, the Unix sockets, timeouts.
use std::time::{Duration, Instant};

use hypervisor_client::proto::*;
use hypervisor_client::{Client, ErrorKind};

use crate::both;
use crate::common::*;

fn tls_client(transport: &str, pin: &str) -> Client {
    let builder = match transport {
        "rest" => Client::rest(&env("HV_TLS_REST_URL")),
        _ => Client::grpc(&env("HV_TLS_GRPC_ADDR")),
    };
    builder.token(env("HV_TLS_TOKEN")).pin_sha256(pin).build().unwrap()
}

/// Whether host T holds a token of this name.
async fn has_token(t: &Client, name: &str) -> bool {
    t.list_tokens(ListTokensRequest {}).await.unwrap().tokens.iter().any(|token| token.name == name)
}

both!(tls_pinned, |c: Client| async move {
    let t = tls_client(c.transport(), &env("HV_TLS_FINGERPRINT"));
    let info = t.get_system_info(GetSystemInfoRequest {}).await.unwrap();
    let tls = info.tls.unwrap();
    assert!(tls.enabled);
    assert_eq!(tls.fingerprint.map(|f| f.replace(':', "").to_lowercase()), Some(env("HV_TLS_FINGERPRINT")));
    cover(&c, &["feature:tls-pinned"]);
});

// A wrong pin fails the handshake: the call is a transport error and never reached the service
// (the token it would have made does not exist), where the same call with the right pin makes it.
both!(tls_wrong_pin, |c: Client| async move {
    let create = CreateTokenRequest { name: unique("pin"), scopes: vec!["vm:read".into()], expires_in_days: Some(1) };
    let wrong = tls_client(c.transport(), &env("HV_TLS_WRONG_FINGERPRINT"));
    let error = wrong.create_token(create.clone()).await.unwrap_err();
    assert_eq!(error.kind(), ErrorKind::Transport, "{error:?}");
    let right = tls_client(c.transport(), &env("HV_TLS_FINGERPRINT"));
    assert!(!has_token(&right, &create.name).await);
    right.create_token(create.clone()).await.unwrap();
    assert!(has_token(&right, &create.name).await);
    cover(&c, &["feature:tls-wrong-pin"]);
});

both!(unix_socket, |c: Client| async move {
    // The socket needs no token: its mode is its access control.
    let local = match c.transport() {
        "rest" => Client::rest_unix(env("HV_SOCKET")),
        _ => Client::grpc_unix(env("HV_GRPC_SOCKET")),
    }
    .build()
    .unwrap();
    let vm = new_vm(&c).await;
    assert!(local.list_vms(ListVmsRequest {}).await.unwrap().vms.iter().any(|v| v.uuid == vm.uuid));
    assert_eq!(local.get_vm(GetVmRequest { name: vm.name }).await.unwrap().uuid, vm.uuid);
    cover(&c, &["feature:unix-socket"]);
});

// A per-client and a per-call timeout, each shorter than the wait it bounds: both fail with
// `Timeout` at about their time.
both!(timeout, |c: Client| async move {
    let _one_at_a_time = PQC_WORK.lock().await;
    let bench = RunBenchmarkRequest { algorithms: vec!["ML-DSA-44".into()], seconds: Some(5.0), iterations: None };
    let op = c.run_benchmark(bench).await.unwrap();
    let url_or_addr = match c.transport() {
        "rest" => Client::rest(&env("HV_REST_URL")),
        _ => Client::grpc(&env("HV_GRPC_ADDR")),
    };
    let impatient = url_or_addr.token(env("HV_TOKEN")).timeout(Duration::from_millis(300)).build().unwrap();
    let started = Instant::now();
    let error = impatient.await_operation(&op.id, |_| {}).await.unwrap_err();
    assert_eq!(error.kind(), ErrorKind::Timeout, "{error:?}");
    assert!(started.elapsed() < Duration::from_secs(3), "{:?}", started.elapsed());
    let started = Instant::now();
    let error = c.with_timeout(Duration::from_millis(200)).await_operation(&op.id, |_| {}).await.unwrap_err();
    assert_eq!(error.kind(), ErrorKind::Timeout, "{error:?}");
    assert!(started.elapsed() < Duration::from_secs(3));
    // The client goes on working.
    assert_eq!(impatient.get_operation(GetOperationRequest { id: op.id.clone() }).await.unwrap().id, op.id);
    c.cancel_operation(CancelOperationRequest { id: op.id.clone() }).await.unwrap();
    // Ended before the next PQC test starts its own.
    let _ = c.await_operation(&op.id, |_| {}).await;
    cover(&c, &["feature:timeout"]);
});
