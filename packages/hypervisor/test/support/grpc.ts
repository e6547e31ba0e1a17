/**
 * gRPC clients of a test service: Connect's gRPC transport over HTTP/2 (cleartext, or TLS
 * trusting a given certificate), with the bearer token in the metadata, and the helpers that read
 * a failed call's status and its `google.rpc.ErrorInfo`.
 */
import type { DescService } from '@bufbuild/protobuf';
import { Code, ConnectError, createClient, type Client, type Interceptor } from '@connectrpc/connect';
import { createGrpcTransport } from '@connectrpc/connect-node';
import { ErrorInfoSchema } from '../../src/api/grpc/gen/google/rpc/error_details_pb.js';

export interface GrpcTarget {
  /** `grpc://host:port` or `grpcs://host:port`, as the service logs it and `app.grpcUrl` holds. */
  url: string;
  token?: string;
  /** PEM the client trusts for `grpcs://` (a self-signed certificate). */
  ca?: string;
}

export function grpcClient<S extends DescService>(service: S, target: GrpcTarget): Client<S> {
  const bearer: Interceptor = (next) => (request) => {
    if (target.token !== undefined) request.header.set('authorization', `Bearer ${target.token}`);
    return next(request);
  };
  const secure = target.url.startsWith('grpcs://');
  const transport = createGrpcTransport({
    baseUrl: target.url.replace(/^grpcs?:/, secure ? 'https:' : 'http:'),
    interceptors: [bearer],
    ...(target.ca === undefined ? {} : { nodeOptions: { ca: target.ca } }),
  });
  return createClient(service, transport);
}

export interface GrpcFailure {
  code: Code;
  /** `Code[code]`, e.g. `FailedPrecondition`. */
  codeName: string;
  message: string;
  /** ErrorInfo.reason: the service's error code. */
  reason: string | undefined;
  domain: string | undefined;
  metadata: Record<string, string>;
}

/** The failure of a call that must fail; throws when it succeeds. */
export async function grpcFailure(call: Promise<unknown>): Promise<GrpcFailure> {
  try {
    await call;
  } catch (error) {
    const failure = ConnectError.from(error);
    const [info] = failure.findDetails(ErrorInfoSchema);
    return {
      code: failure.code,
      codeName: Code[failure.code],
      message: failure.rawMessage,
      reason: info?.reason,
      domain: info?.domain,
      metadata: info?.metadata ?? {},
    };
  }
  throw new Error('the call succeeded; a failure was expected');
}
