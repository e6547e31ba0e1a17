//! Typed errors and authentication failures.
use hypervisor_client::proto::*;
use hypervisor_client::{Client, ErrorCode, ErrorKind};
use serde_json::json;

use crate::both;
use crate::common::*;

both!(typed_errors, |c: Client| async move {
    let vm = new_vm(&c).await;
    let missing = unique("missing");
    let not_found =
        api_error(c.get_vm(GetVmRequest { name: missing.clone() }).await, "VM_NOT_FOUND", ErrorKind::NotFound);
    assert_eq!(not_found.code, ErrorCode::VmNotFound);
    assert!(not_found.message.contains(&missing), "{not_found:?}");
    let disk = new_disk(&c).await;
    let again = c.create_vm(vm_request(&vm.name, &disk.name)).await;
    let exists = api_error(again, "VM_ALREADY_EXISTS", ErrorKind::AlreadyExists);
    assert_eq!(exists.code, ErrorCode::VmAlreadyExists);
    c.start_vm(VmActionRequest { name: vm.name.clone() }).await.unwrap();
    let conflict = api_error(
        c.start_vm(VmActionRequest { name: vm.name.clone() }).await,
        "VM_ALREADY_RUNNING",
        ErrorKind::Conflict,
    );
    assert!(conflict.message.contains(&vm.name));
    let mut bad = vm_request(&unique("bad"), &disk.name);
    bad.memory = Some(Memory { size: "lots".into() });
    let invalid = api_error(c.create_vm(bad).await, "VALIDATION_ERROR", ErrorKind::Invalid);
    assert_eq!(invalid.details.get("field"), Some(&json!("memory.size")), "{invalid:?}");
    // The transport's own facts: the HTTP status and request id, or the gRPC code.
    match c.transport() {
        "rest" => {
            assert_eq!(
                (not_found.status, exists.status, conflict.status, invalid.status),
                (Some(404), Some(409), Some(409), Some(400))
            );
            assert!(not_found.request_id.is_some());
        }
        _ => assert_eq!(
            (not_found.grpc_code, exists.grpc_code, conflict.grpc_code, invalid.grpc_code),
            (Some(5), Some(6), Some(9), Some(3))
        ),
    }
    cover(&c, &["feature:typed-errors"]);
});

both!(unauthenticated, |c: Client| async move {
    let stranger = client_with(c.transport(), &env("HV_TOKEN_BAD"));
    let error = api_error(stranger.list_vms(ListVmsRequest {}).await, "UNAUTHORIZED", ErrorKind::Unauthenticated);
    assert!(error.status == Some(401) || error.grpc_code == Some(16), "{error:?}");
    cover(&c, &["feature:auth-unauthenticated"]);
});

both!(forbidden, |c: Client| async move {
    let reader = client_with(c.transport(), &env("HV_TOKEN_VM_READ"));
    reader.list_vms(ListVmsRequest {}).await.unwrap();
    let disk = new_disk(&c).await;
    let error =
        api_error(reader.create_vm(vm_request(&unique("ro"), &disk.name)).await, "FORBIDDEN", ErrorKind::Forbidden);
    assert_eq!(error.details.get("required_scope"), Some(&json!("vm:write")), "{error:?}");
    assert!(error.status == Some(403) || error.grpc_code == Some(7), "{error:?}");
    cover(&c, &["feature:auth-forbidden"]);
});

// A request over the service's size limit (REST's body limit, gRPC's 4 MiB message).
both!(too_large, |c: Client| async move {
    let mut request = vm_request(&unique("big"), "none");
    request.boot = Some(Boot { kernel: "k".repeat(5 << 20), initrd: None, cmdline: None });
    let error = c.create_vm(request).await.unwrap_err();
    assert_eq!(error.kind(), ErrorKind::TooLarge, "{error:?}");
    let api = error.api().unwrap();
    assert!(api.status == Some(413) || api.grpc_code == Some(8), "{api:?}");
    c.list_vms(ListVmsRequest {}).await.unwrap();
});

// A migration to a host nothing answers at: the service says the destination is unavailable.
both!(unavailable, |c: Client| async move {
    let vm = new_vm(&c).await;
    c.start_vm(VmActionRequest { name: vm.name.clone() }).await.unwrap();
    let request = MigrateRequest {
        name: vm.name.clone(),
        destination: "http://127.0.0.1:9".into(),
        token: "hvt_none".into(),
        ..Default::default()
    };
    let error = c.migrate_vm(request, |_| {}).await.unwrap_err();
    let api = api_error(Err::<(), _>(error), "MIGRATION_DESTINATION_UNREACHABLE", ErrorKind::Unavailable);
    assert!(api.status == Some(503) || api.grpc_code == Some(14), "{api:?}");
    assert_eq!(c.get_vm(GetVmRequest { name: vm.name }).await.unwrap().state, "RUNNING");
});
