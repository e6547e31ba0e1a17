/**
 * gRPC server reflection (`grpc.reflection.v1.ServerReflection` and its older name
 * `grpc.reflection.v1alpha`, which clients such as grpcurl and Postman still try first): the
 * served services, and the `FileDescriptorProto` of any of their files with its imports, so a
 * client calls the API without the proto files. Public, as reflection usually is: it reveals the
 * API's shape (the same as the proto files in the repository), never a VM, a token or a setting.
 *
 * Each answer carries the file asked for and those of its imports not yet sent on the stream, as
 * the reference (Go) implementation does; the client asks again for what it lacks.
 */
import {
  create,
  createRegistry,
  fromBinary,
  toBinary,
  type DescFile,
  type DescService,
} from '@bufbuild/protobuf';
import { FileDescriptorProtoSchema } from '@bufbuild/protobuf/wkt';
import { Code } from '@connectrpc/connect';
import type { ServiceRouter } from './listener.js';
import { file_google_rpc_error_details } from './gen/google/rpc/error_details_pb.js';
import {
  ServerReflection,
  ServerReflectionRequestSchema,
  ServerReflectionResponseSchema,
  type ServerReflectionRequest,
  type ServerReflectionResponse,
} from './gen/grpc/reflection/v1/reflection_pb.js';
import {
  ServerReflection as ServerReflectionV1Alpha,
  ServerReflectionRequestSchema as RequestV1AlphaSchema,
  ServerReflectionResponseSchema as ResponseV1AlphaSchema,
  type ServerReflectionRequest as RequestV1Alpha,
} from './gen/grpc/reflection/v1alpha/reflection_pb.js';

/** The services reflection itself adds to those it is given. */
export const REFLECTION_SERVICES: readonly DescService[] = [ServerReflection, ServerReflectionV1Alpha];

/**
 * Every file the services' files import, directly or not, and the error details' file: no service
 * imports it, but every failed call carries its `google.rpc.ErrorInfo`, which a client such as
 * grpcurl looks up by name to print it.
 */
function filesOf(services: readonly DescService[]): Map<string, DescFile> {
  const files = new Map<string, DescFile>();
  const visit = (file: DescFile) => {
    if (files.has(file.proto.name)) return;
    files.set(file.proto.name, file);
    file.dependencies.forEach(visit);
  };
  for (const service of services) visit(service.file);
  visit(file_google_rpc_error_details);
  return files;
}

/** Answers one request; `sent` holds the files already sent on this stream. */
function reflector(services: readonly DescService[]) {
  const files = filesOf(services);
  const registry = createRegistry(...files.values());
  const serviceNames = services.map((service) => service.typeName).sort();

  const fileOfSymbol = (symbol: string): DescFile | undefined => {
    const type = registry.get(symbol);
    if (type !== undefined) return type.file;
    // A method: `package.Service.Method`.
    const dot = symbol.lastIndexOf('.');
    const service = dot < 0 ? undefined : registry.getService(symbol.slice(0, dot));
    return service?.methods.some((method) => method.name === symbol.slice(dot + 1)) === true
      ? service.file
      : undefined;
  };

  return (
    request: ServerReflectionRequest,
    sent: Set<string>,
  ): ServerReflectionResponse['messageResponse'] => {
    const notFound = (what: string): ServerReflectionResponse['messageResponse'] => ({
      case: 'errorResponse',
      value: { $typeName: 'grpc.reflection.v1.ErrorResponse', errorCode: Code.NotFound, errorMessage: what },
    });
    const descriptors = (file: DescFile): ServerReflectionResponse['messageResponse'] => {
      const chosen: DescFile[] = [];
      const visit = (each: DescFile, asked: boolean) => {
        const name = each.proto.name;
        if (!asked && sent.has(name)) return;
        sent.add(name);
        chosen.push(each);
        for (const dependency of each.dependencies) visit(dependency, false);
      };
      visit(file, true);
      return {
        case: 'fileDescriptorResponse',
        value: {
          $typeName: 'grpc.reflection.v1.FileDescriptorResponse',
          fileDescriptorProto: chosen.map((each) => toBinary(FileDescriptorProtoSchema, each.proto)),
        },
      };
    };
    const { messageRequest } = request;
    switch (messageRequest.case) {
      case 'listServices':
        return {
          case: 'listServicesResponse',
          value: {
            $typeName: 'grpc.reflection.v1.ListServiceResponse',
            service: serviceNames.map((name) => ({ $typeName: 'grpc.reflection.v1.ServiceResponse', name })),
          },
        };
      case 'fileByFilename': {
        const file = files.get(messageRequest.value);
        return file === undefined ? notFound(`unknown file '${messageRequest.value}'`) : descriptors(file);
      }
      case 'fileContainingSymbol': {
        const file = fileOfSymbol(messageRequest.value);
        return file === undefined ? notFound(`unknown symbol '${messageRequest.value}'`) : descriptors(file);
      }
      case 'fileContainingExtension': {
        const { containingType, extensionNumber } = messageRequest.value;
        const message = registry.getMessage(containingType);
        const extension =
          message === undefined ? undefined : registry.getExtensionFor(message, extensionNumber);
        return extension === undefined
          ? notFound(`no extension ${extensionNumber} of '${containingType}'`)
          : descriptors(extension.file);
      }
      case 'allExtensionNumbersOfType': {
        const message = registry.getMessage(messageRequest.value);
        if (message === undefined) return notFound(`unknown type '${messageRequest.value}'`);
        const numbers: number[] = [];
        for (const type of registry) {
          if (type.kind === 'extension' && type.extendee.typeName === message.typeName)
            numbers.push(type.number);
        }
        return {
          case: 'allExtensionNumbersResponse',
          value: {
            $typeName: 'grpc.reflection.v1.ExtensionNumberResponse',
            baseTypeName: message.typeName,
            extensionNumber: numbers.sort((a, b) => a - b),
          },
        };
      }
      default:
        return {
          case: 'errorResponse',
          value: {
            $typeName: 'grpc.reflection.v1.ErrorResponse',
            errorCode: Code.InvalidArgument,
            errorMessage: 'empty reflection request',
          },
        };
    }
  };
}

/** Serves reflection (both versions) over the given services and itself. */
export function registerReflection(router: ServiceRouter, services: readonly DescService[]): void {
  const answer = reflector([...services, ...REFLECTION_SERVICES]);
  router.service(ServerReflection, {
    async *serverReflectionInfo(requests: AsyncIterable<ServerReflectionRequest>) {
      const sent = new Set<string>();
      for await (const request of requests) {
        yield create(ServerReflectionResponseSchema, {
          validHost: request.host,
          originalRequest: request,
          messageResponse: answer(request, sent),
        });
      }
    },
  });
  // v1alpha's messages are v1's field for field: converted through their binary form.
  router.service(ServerReflectionV1Alpha, {
    async *serverReflectionInfo(requests: AsyncIterable<RequestV1Alpha>) {
      const sent = new Set<string>();
      for await (const alpha of requests) {
        const request = fromBinary(ServerReflectionRequestSchema, toBinary(RequestV1AlphaSchema, alpha));
        const response = create(ServerReflectionResponseSchema, {
          validHost: request.host,
          originalRequest: request,
          messageResponse: answer(request, sent),
        });
        yield fromBinary(ResponseV1AlphaSchema, toBinary(ServerReflectionResponseSchema, response));
      }
    },
  });
}
