package hvclient_test

import (
	"crypto/rand"
	"encoding/base64"
	"strings"
	"testing"

	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/types/known/emptypb"
	"google.golang.org/protobuf/types/known/structpb"

	hvclient "lab.dev/hypervisor/client-go"
	pb "lab.dev/hypervisor/client-go/hypervisorv1"
)

func TestPQCKeys(t *testing.T) {
	c := dial(t)
	ctx := testContext(t)
	status, err := c.PQC().GetStatus(ctx, &emptypb.Empty{})
	if err != nil || !status.GetAvailable() || len(status.GetAlgorithms()) == 0 {
		t.Fatalf("GetStatus: %v %v", status, err)
	}
	name := unique("key")
	key, err := c.PQC().GenerateKey(ctx, &pb.KeyGenRequest{Name: name, Algorithm: "ML-DSA-44", Purpose: "signing"})
	if err != nil || key.GetVersion() != 1 || len(key.GetFingerprint()) == 0 {
		t.Fatalf("GenerateKey: %v %v", key, err)
	}
	got, err := c.PQCKeys().GetKey(ctx, &pb.GetKeyRequest{Name: name})
	if err != nil || got.GetFingerprint() != key.GetFingerprint() {
		t.Fatalf("GetKey: %v %v", got, err)
	}
	keys, err := c.PQCKeys().ListKeys(ctx, &pb.ListKeysRequest{})
	found := false
	for _, k := range keys.GetKeys() {
		found = found || k.GetName() == name
	}
	if err != nil || !found {
		t.Fatalf("ListKeys lacks %s: %v", name, err)
	}
	rotated, err := c.PQCKeys().RotateKey(ctx, &pb.RotateKeyRequest{Name: name})
	if err != nil || rotated.GetVersion() != 2 || rotated.GetFingerprint() == key.GetFingerprint() {
		t.Fatalf("RotateKey: %v %v", rotated, err)
	}
	raw, err := c.PQCKeys().ExportPublicKey(ctx, &pb.ExportPublicKeyRequest{Name: name})
	if err != nil || raw.GetVersion() != 2 || raw.GetAlgorithm() != "ML-DSA-44" {
		t.Fatalf("ExportPublicKey: %v %v", raw, err)
	}
	if bytes, err := base64.StdEncoding.DecodeString(raw.GetPublicKey()); err != nil || len(bytes) != 1312 {
		t.Fatalf("an ML-DSA-44 public key is 1312 bytes: %d %v", len(bytes), err)
	}
	pem, err := c.PQCKeys().ExportPublicKey(ctx, &pb.ExportPublicKeyRequest{Name: name, Format: ptr("pem"), Version: ptr(int32(1))})
	if err != nil || !strings.HasPrefix(pem.GetPem(), "-----BEGIN PUBLIC KEY-----") || pem.GetVersion() != 1 {
		t.Fatalf("ExportPublicKey pem: %v %v", pem, err)
	}
	deleted, err := c.PQCKeys().DeleteKey(ctx, &pb.DeleteKeyRequest{Name: name})
	if err != nil || !deleted.GetDeleted() {
		t.Fatalf("DeleteKey: %v %v", deleted, err)
	}
	_, err = c.PQCKeys().GetKey(ctx, &pb.GetKeyRequest{Name: name})
	apiError(t, err, hvclient.CodeKeyNotFound, hvclient.ErrNotFound)
	cover(t, "GetStatus", "GenerateKey", "GetKey", "ListKeys", "RotateKey", "ExportPublicKey", "DeleteKey")
}

// The attestation task: a signed report on a running VM, verified by the service.
func TestAttestation(t *testing.T) {
	c := dial(t)
	ctx := testContext(t)
	vm := newVM(t, c)
	if _, err := c.VMs().StartVm(ctx, &pb.VmActionRequest{Name: vm.GetName()}); err != nil {
		t.Fatal(err)
	}
	nonce := make([]byte, 32)
	rand.Read(nonce)
	encoded := base64.StdEncoding.EncodeToString(nonce)
	report, err := c.PQC().Attest(ctx, &pb.AttestRequest{Name: vm.GetName(), Nonce: encoded})
	if err != nil || report.GetVm().GetUuid() != vm.GetUuid() || report.GetNonce() != encoded || report.GetSignature() == "" {
		t.Fatalf("Attest: %v %v", report, err)
	}
	verdict, err := c.PQCKeys().VerifyAttestation(ctx, &pb.VerifyAttestationRequest{Report: reportStruct(t, report), Nonce: &encoded})
	if err != nil || !verdict.GetValid() {
		t.Fatalf("VerifyAttestation: %v %v", verdict, err)
	}
	// One byte of the report changed: the signature no longer holds.
	report.Nonce = base64.StdEncoding.EncodeToString(append(nonce[1:], nonce[0]^1))
	verdict, err = c.PQCKeys().VerifyAttestation(ctx, &pb.VerifyAttestationRequest{Report: reportStruct(t, report)})
	if err != nil || verdict.GetValid() || len(verdict.GetReasons()) == 0 {
		t.Fatalf("a changed report verified: %v %v", verdict, err)
	}
	cover(t, "Attest", "VerifyAttestation")
}

// reportStruct is the report as REST's JSON (proto names, defaults emitted), the bytes signed.
func reportStruct(t *testing.T, report *pb.AttestReport) *structpb.Struct {
	t.Helper()
	text, err := protojson.MarshalOptions{UseProtoNames: true, EmitUnpopulated: true}.Marshal(report)
	if err != nil {
		t.Fatal(err)
	}
	s := &structpb.Struct{}
	if err := protojson.Unmarshal(text, s); err != nil {
		t.Fatal(err)
	}
	return s
}

func TestSelfTest(t *testing.T) {
	c := dial(t)
	ctx := testContext(t)
	op, err := c.PQCKeys().RunSelfTest(ctx, &pb.RunSelfTestRequest{Algorithms: []string{"ML-KEM-512"}})
	if err != nil || op.GetKind() != "pqc.self_test" {
		t.Fatalf("RunSelfTest: %v %v", op, err)
	}
	done, err := c.WaitOperation(ctx, op.GetId(), nil)
	if err != nil || !done.GetResult().GetFields()["passed"].GetBoolValue() {
		t.Fatalf("the self-test: %v %v", done, err)
	}
	cover(t, "RunSelfTest")
}
