// Signs an attestation report of a running VM with a fresh nonce and has the host verify it:
// HV_GRPC_ADDR=127.0.0.1:9401 HV_TOKEN=hvt_... go run ./examples/attest web1
package main

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"fmt"
	"log"
	"os"
	"time"

	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/types/known/structpb"

	hvclient "lab.dev/hypervisor/client-go"
	pb "lab.dev/hypervisor/client-go/hypervisorv1"
)

func main() {
	if len(os.Args) != 2 {
		log.Fatal("usage: attest NAME")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	c, err := hvclient.Dial(ctx, os.Getenv("HV_GRPC_ADDR"), hvclient.WithToken(os.Getenv("HV_TOKEN")))
	if err != nil {
		log.Fatal(err)
	}
	defer c.Close()
	nonce := make([]byte, 32)
	rand.Read(nonce)
	encoded := base64.StdEncoding.EncodeToString(nonce)
	report, err := c.PQC().Attest(ctx, &pb.AttestRequest{Name: os.Args[1], Nonce: encoded})
	if err != nil {
		log.Fatal(err)
	}
	// The signature covers the report's REST JSON: proto field names, defaults emitted.
	text, err := protojson.MarshalOptions{UseProtoNames: true, EmitUnpopulated: true}.Marshal(report)
	if err != nil {
		log.Fatal(err)
	}
	asStruct := &structpb.Struct{}
	if err := protojson.Unmarshal(text, asStruct); err != nil {
		log.Fatal(err)
	}
	verdict, err := c.PQCKeys().VerifyAttestation(ctx, &pb.VerifyAttestationRequest{Report: asStruct, Nonce: &encoded})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("report of %s signed with %s (%s): valid %v\n",
		report.GetVm().GetName(), report.GetKey().GetName(), report.GetAlgorithm(), verdict.GetValid())
}
