/**
 * Server reflection, v1 and v1alpha, over a real connection and without a token: the services
 * listed, the file of a service, a method, a message and a file name with the imports not yet sent
 * on the stream, and NOT_FOUND for what does not exist (a symbol, a file, an extension).
 */
import { create, fromBinary } from '@bufbuild/protobuf';
import { FileDescriptorProtoSchema } from '@bufbuild/protobuf/wkt';
import { Code } from '@connectrpc/connect';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ServerReflection,
  ServerReflectionRequestSchema,
  type ServerReflectionRequest,
  type ServerReflectionResponse,
} from '../../../src/api/grpc/gen/grpc/reflection/v1/reflection_pb.js';
import {
  ServerReflection as ServerReflectionV1Alpha,
  ServerReflectionRequestSchema as RequestV1AlphaSchema,
} from '../../../src/api/grpc/gen/grpc/reflection/v1alpha/reflection_pb.js';
import { startTestService, type TestService } from '../../support/in-process.js';
import { grpcClient } from '../../support/grpc.js';

let service: TestService;
beforeAll(async () => {
  service = await startTestService();
});
afterAll(() => service.close());

/** Sends the requests on one stream and collects the answers. */
async function reflect(
  requests: ServerReflectionRequest['messageRequest'][],
): Promise<ServerReflectionResponse[]> {
  const client = grpcClient(ServerReflection, { url: service.app.grpcUrl ?? '' });
  async function* input() {
    for (const messageRequest of requests) yield create(ServerReflectionRequestSchema, { messageRequest });
  }
  const answers: ServerReflectionResponse[] = [];
  for await (const answer of client.serverReflectionInfo(input())) answers.push(answer);
  return answers;
}

const fileNames = (answer: ServerReflectionResponse | undefined): string[] =>
  answer?.messageResponse.case === 'fileDescriptorResponse'
    ? answer.messageResponse.value.fileDescriptorProto.map(
        (bytes) => fromBinary(FileDescriptorProtoSchema, bytes).name,
      )
    : [];

const errorCode = (answer: ServerReflectionResponse | undefined): number | undefined =>
  answer?.messageResponse.case === 'errorResponse' ? answer.messageResponse.value.errorCode : undefined;

describe('grpc.reflection.v1.ServerReflection', () => {
  it('lists the served services', async () => {
    const [answer] = await reflect([{ case: 'listServices', value: '' }]);
    const names =
      answer?.messageResponse.case === 'listServicesResponse'
        ? answer.messageResponse.value.service.map((entry) => entry.name)
        : [];
    expect(names).toEqual(
      expect.arrayContaining([
        'hypervisor.v1.VmService',
        'grpc.health.v1.Health',
        'grpc.reflection.v1.ServerReflection',
        'grpc.reflection.v1alpha.ServerReflection',
      ]),
    );
  });

  it('answers the file of a service with its imports, then without those already sent', async () => {
    const [service, method, message] = await reflect([
      { case: 'fileContainingSymbol', value: 'hypervisor.v1.VmService' },
      { case: 'fileContainingSymbol', value: 'hypervisor.v1.VmService.GetVm' },
      { case: 'fileContainingSymbol', value: 'hypervisor.v1.VmInfo' },
    ]);
    const first = fileNames(service);
    expect(first[0]).toBe('hypervisor/v1/vm.proto');
    expect(first).toEqual(
      expect.arrayContaining(['google/protobuf/timestamp.proto', 'google/protobuf/struct.proto']),
    );
    // Asked again on the same stream: the file itself, its imports already sent.
    expect(fileNames(method)).toEqual(['hypervisor/v1/vm.proto']);
    expect(fileNames(message)).toEqual(['hypervisor/v1/vm.proto']);
  });

  it('answers a file by name, and the error details file no service imports', async () => {
    const [byName, details] = await reflect([
      { case: 'fileByFilename', value: 'grpc/health/v1/health.proto' },
      { case: 'fileContainingSymbol', value: 'google.rpc.ErrorInfo' },
    ]);
    expect(fileNames(byName)).toEqual(['grpc/health/v1/health.proto']);
    expect(fileNames(details)).toEqual(['google/rpc/error_details.proto', 'google/protobuf/duration.proto']);
  });

  it('answers NOT_FOUND for an unknown symbol, file or extension, and no extension numbers for a message', async () => {
    const answers = await reflect([
      { case: 'fileContainingSymbol', value: 'hypervisor.v1.Nope' },
      { case: 'fileContainingSymbol', value: 'hypervisor.v1.VmService.Nope' },
      { case: 'fileByFilename', value: 'nope.proto' },
      {
        case: 'fileContainingExtension',
        value: {
          $typeName: 'grpc.reflection.v1.ExtensionRequest',
          containingType: 'hypervisor.v1.VmInfo',
          extensionNumber: 100,
        },
      },
      { case: 'allExtensionNumbersOfType', value: 'hypervisor.v1.Nope' },
      { case: 'allExtensionNumbersOfType', value: 'hypervisor.v1.VmInfo' },
    ]);
    expect(answers.slice(0, 5).map(errorCode)).toEqual(Array(5).fill(Code.NotFound));
    const numbers = answers[5]?.messageResponse;
    expect(numbers?.case).toBe('allExtensionNumbersResponse');
    expect(numbers?.value).toMatchObject({ baseTypeName: 'hypervisor.v1.VmInfo', extensionNumber: [] });
  });
});

describe('grpc.reflection.v1alpha.ServerReflection', () => {
  it('answers as v1 does', async () => {
    const client = grpcClient(ServerReflectionV1Alpha, { url: service.app.grpcUrl ?? '' });
    async function* input() {
      yield create(RequestV1AlphaSchema, {
        messageRequest: { case: 'fileContainingSymbol', value: 'hypervisor.v1.VmService' },
      });
    }
    for await (const answer of client.serverReflectionInfo(input())) {
      expect(answer.messageResponse.case).toBe('fileDescriptorResponse');
      expect(answer.originalRequest?.messageRequest.value).toBe('hypervisor.v1.VmService');
    }
  });
});
