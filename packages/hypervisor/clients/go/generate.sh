#!/bin/sh
# Regenerates hypervisorv1/ from packages/hypervisor/proto/hypervisor/v1/*.proto with protoc
# (Debian's 3.21.12) and the pinned Go plugins below, installed into the repository's .cache/.
# The proto files are shared with the server, so their Go package is given here with M options
# rather than an `option go_package` in each file.
#
#   ./generate.sh            regenerate hypervisorv1/ in place
#   ./generate.sh OUT_DIR    write the generated files into OUT_DIR/hypervisorv1 (staleness check)
set -eu

PROTOC_GEN_GO_VERSION=v1.36.12
PROTOC_GEN_GO_GRPC_VERSION=v1.6.2
PACKAGE=lab.dev/hypervisor/client-go/hypervisorv1

here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../../../.." && pwd)
proto="$repo/packages/hypervisor/proto"
tools="$repo/.cache/go-tools/protoc-gen-go-$PROTOC_GEN_GO_VERSION-grpc-$PROTOC_GEN_GO_GRPC_VERSION"
out="${1:-$here}"

if [ ! -x "$tools/protoc-gen-go" ] || [ ! -x "$tools/protoc-gen-go-grpc" ]; then
  mkdir -p "$tools"
  GOBIN="$tools" go install "google.golang.org/protobuf/cmd/protoc-gen-go@$PROTOC_GEN_GO_VERSION"
  GOBIN="$tools" go install "google.golang.org/grpc/cmd/protoc-gen-go-grpc@$PROTOC_GEN_GO_GRPC_VERSION"
fi

cd "$proto"
files=$(ls hypervisor/v1/*.proto)
mapping=""
for file in $files; do mapping="$mapping,M$file=$PACKAGE"; done
mapping=${mapping#,}

mkdir -p "$out/hypervisorv1"
rm -f "$out"/hypervisorv1/*.pb.go
# shellcheck disable=SC2086 # $files is a list of file names without spaces
protoc -I "$proto" \
  --plugin=protoc-gen-go="$tools/protoc-gen-go" \
  --plugin=protoc-gen-go-grpc="$tools/protoc-gen-go-grpc" \
  --go_out="$out" --go_opt=module=lab.dev/hypervisor/client-go --go_opt="$mapping" \
  --go-grpc_out="$out" --go-grpc_opt=module=lab.dev/hypervisor/client-go --go-grpc_opt="$mapping" \
  $files

# The error codes and their kinds, from the catalogue CORE exports.
cd "$here"
go run ./internal/gencodes "$repo/packages/hypervisor/clients/errors.json" "$out/codes_gen.go"
