package hvclient_test

import (
	"testing"

	"google.golang.org/protobuf/types/known/timestamppb"

	hvclient "lab.dev/hypervisor/client-go"
	pb "lab.dev/hypervisor/client-go/hypervisorv1"
)

func TestSystem(t *testing.T) {
	c := dial(t)
	ctx := testContext(t)
	info, err := c.System().GetSystemInfo(ctx, &pb.GetSystemInfoRequest{})
	if err != nil || info.GetDriver() != "simulated" || info.GetHostname() == "" || info.GetMemoryTotalBytes() <= 0 {
		t.Fatalf("GetSystemInfo: %v %v", info, err)
	}
	stats, err := c.System().GetSystemStats(ctx, &pb.GetSystemStatsRequest{})
	if err != nil || stats.GetUptimeSeconds() <= 0 || len(stats.GetStoragePools()) == 0 {
		t.Fatalf("GetSystemStats: %v %v", stats, err)
	}
	cc, err := c.System().GetConfidentialComputing(ctx, &pb.GetConfidentialComputingRequest{})
	if err != nil || cc.GetSevSnp() == nil || cc.GetTdx() == nil {
		t.Fatalf("GetConfidentialComputing: %v %v", cc, err)
	}
	if _, err := c.System().ListIommuGroups(ctx, &pb.ListIommuGroupsRequest{}); err != nil {
		t.Fatalf("ListIommuGroups: %v", err)
	}
	config, err := c.System().GetSystemConfig(ctx, &pb.GetSystemConfigRequest{})
	if err != nil || config.GetFields()["driver"].GetStringValue() != "simulated" {
		t.Fatalf("GetSystemConfig: %v %v", config, err)
	}
	cover(t, "GetSystemInfo", "GetSystemStats", "GetConfidentialComputing", "ListIommuGroups", "GetSystemConfig")
}

func TestTokens(t *testing.T) {
	c := dial(t)
	ctx := testContext(t)
	name := unique("token")
	created, err := c.Tokens().CreateToken(ctx, &pb.CreateTokenRequest{Name: name, Scopes: []string{"system:read"}})
	if err != nil || len(created.GetToken()) < 20 || created.GetScopes()[0] != "system:read" {
		t.Fatalf("CreateToken: %v %v", created, err)
	}
	// The new token works, with its scope only.
	limited := dialWith(t, "HV_GRPC_ADDR", created.GetToken())
	if _, err := limited.System().GetSystemInfo(ctx, &pb.GetSystemInfoRequest{}); err != nil {
		t.Fatalf("the new token: %v", err)
	}
	tokens, err := c.Tokens().ListTokens(ctx, &pb.ListTokensRequest{})
	found := false
	for _, token := range tokens.GetTokens() {
		found = found || token.GetName() == name
	}
	if err != nil || !found {
		t.Fatalf("ListTokens lacks %s: %v", name, err)
	}
	revoked, err := c.Tokens().DeleteToken(ctx, &pb.DeleteTokenRequest{Name: name})
	if err != nil || !revoked.GetRevoked() {
		t.Fatalf("DeleteToken: %v %v", revoked, err)
	}
	_, err = limited.System().GetSystemInfo(ctx, &pb.GetSystemInfoRequest{})
	apiError(t, err, hvclient.CodeUnauthorized, hvclient.ErrUnauthenticated)
	cover(t, "CreateToken", "ListTokens", "DeleteToken")
}

func TestAudit(t *testing.T) {
	c := dial(t)
	ctx := testContext(t)
	start := timestamppb.Now()
	vm := newVM(t, c) // a mutating call, audited
	page, err := c.Audit().ListAuditEvents(ctx, &pb.ListAuditEventsRequest{Since: start, Resource: ptr("vm/" + vm.GetName())})
	if err != nil || len(page.GetEvents()) != 1 {
		t.Fatalf("ListAuditEvents: %v %v", page, err)
	}
	event := page.GetEvents()[0]
	if event.GetTransport() != "grpc" || event.GetOutcome() != "success" || event.GetPath() != "/hypervisor.v1.VmService/CreateVm" {
		t.Fatalf("the audit row: %v", event)
	}
	// Paging: one row a page, the cursor leading to the next.
	first, err := c.Audit().ListAuditEvents(ctx, &pb.ListAuditEventsRequest{Since: start, Limit: ptr(int32(1))})
	if err != nil || len(first.GetEvents()) != 1 || first.NextCursor == nil {
		t.Fatalf("the first page: %v %v", first, err)
	}
	second, err := c.Audit().ListAuditEvents(ctx, &pb.ListAuditEventsRequest{Since: start, Limit: ptr(int32(1)), Cursor: first.NextCursor})
	if err != nil || len(second.GetEvents()) != 1 || second.GetEvents()[0].GetId() >= first.GetEvents()[0].GetId() {
		t.Fatalf("the second page: %v %v", second, err)
	}
	cover(t, "ListAuditEvents")
}
