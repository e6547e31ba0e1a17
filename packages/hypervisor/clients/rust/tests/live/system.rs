//! System facts, audit and tokens.
use hypervisor_client::proto::*;
use hypervisor_client::{Client, ErrorKind};

use crate::both;
use crate::common::*;

both!(system, |c: Client| async move {
    let info = c.get_system_info(GetSystemInfoRequest {}).await.unwrap();
    assert_eq!((info.driver.as_str(), info.version.as_str()), ("simulated", "1.0.0"));
    let stats = c.get_system_stats(GetSystemStatsRequest {}).await.unwrap();
    assert!(stats.memory.is_some() && stats.uptime_seconds > 0, "{stats:?}");
    let cc = c.get_confidential_computing(GetConfidentialComputingRequest {}).await.unwrap();
    assert!(cc.sev.is_some() && cc.tdx.is_some(), "{cc:?}");
    let iommu = c.list_iommu_groups(ListIommuGroupsRequest {}).await.unwrap();
    assert!(iommu.groups.iter().all(|g| !g.devices.is_empty()), "{iommu:?}");
    let config = c.get_system_config(GetSystemConfigRequest {}).await.unwrap();
    assert!(config.fields.contains_key("driver"), "{:?}", config.fields.keys().collect::<Vec<_>>());
    cover(&c, &["GetSystemInfo", "GetSystemStats", "GetConfidentialComputing", "ListIommuGroups", "GetSystemConfig"]);
});

both!(audit, |c: Client| async move {
    let vm = new_vm(&c).await;
    // Pages of one row: the cursor leads to the next.
    let request =
        ListAuditEventsRequest { resource: Some(format!("vm/{}", vm.name)), limit: Some(1), ..Default::default() };
    let first = c.list_audit_events(request.clone()).await.unwrap();
    assert_eq!(first.events.len(), 1, "{first:?}");
    if let Some(cursor) = first.next_cursor.clone() {
        let next = c.list_audit_events(ListAuditEventsRequest { cursor: Some(cursor), ..request }).await.unwrap();
        assert!(next.events.iter().all(|e| e.id != first.events[0].id));
    }
    cover(&c, &["ListAuditEvents"]);
});

both!(tokens, |c: Client| async move {
    let name = unique("tok");
    let create = CreateTokenRequest { name: name.clone(), scopes: vec!["vm:read".into()], expires_in_days: Some(1) };
    let token = c.create_token(create.clone()).await.unwrap();
    assert!(token.token.starts_with("hvt_") && token.expires_at.is_some());
    api_error(c.create_token(create).await, "TOKEN_EXISTS", ErrorKind::AlreadyExists);
    assert!(c.list_tokens(ListTokensRequest {}).await.unwrap().tokens.iter().any(|t| t.name == name));
    // The new token reads VMs over this transport.
    let reader = client_with(c.transport(), &token.token);
    reader.list_vms(ListVmsRequest {}).await.unwrap();
    assert!(c.delete_token(DeleteTokenRequest { name: name.clone() }).await.unwrap().revoked);
    api_error(reader.list_vms(ListVmsRequest {}).await, "UNAUTHORIZED", ErrorKind::Unauthenticated);
    cover(&c, &["CreateToken", "ListTokens", "DeleteToken"]);
});
