/**
 * Names for the generated types: the resources (`components.schemas`) and the request bodies
 * and queries of each path, as the OpenAPI document states them.
 */
import type { components, paths } from './gen/openapi.js';

type Schemas = components['schemas'];
export type Vm = Schemas['Vm'];
export type DiskImage = Schemas['DiskImage'];
export type StoragePool = Schemas['StoragePool'];
export type Snapshot = Schemas['Snapshot'];
export type Network = Schemas['Network'];
export type NetworkRule = Schemas['NetworkRule'];
export type PortForward = Schemas['PortForward'];
export type DhcpLease = Schemas['DhcpLease'];
export type NetworkTunnel = Schemas['NetworkTunnel'];
export type Operation = Schemas['Operation'];
export type PqcKey = Schemas['PqcKey'];
export type AttestationReport = Schemas['AttestationReport'];
export type AttestationVerification = Schemas['AttestationVerification'];
export type PqcSelfTest = Schemas['PqcSelfTest'];
export type PqcBenchmark = Schemas['PqcBenchmark'];
export type AuditEntry = Schemas['AuditEntry'];

/** A path of the API (`/api/v1/vms/{name}`). */
export type ApiPath = keyof paths;
type Method = 'get' | 'post' | 'patch' | 'delete';
type OperationOf<P extends ApiPath, M extends Method> = M extends keyof paths[P] ? paths[P][M] : never;

/** The JSON body of `M P`, as the document states it (`RequestBody<'/api/v1/vms', 'post'>`). */
export type RequestBody<P extends ApiPath, M extends Method> =
  OperationOf<P, M> extends { requestBody?: { content: { 'application/json': infer B } } }
    ? Exclude<B, null>
    : never;

/** The query parameters of `M P`. */
export type QueryParams<P extends ApiPath, M extends Method> =
  OperationOf<P, M> extends { parameters: { query?: infer Q } } ? NonNullable<Q> : never;

export type CreateVmRequest = RequestBody<'/api/v1/vms', 'post'>;
export type UpdateVmRequest = RequestBody<'/api/v1/vms/{name}', 'patch'>;
export type StopVmRequest = RequestBody<'/api/v1/vms/{name}/stop', 'post'>;
export type CloneVmRequest = RequestBody<'/api/v1/vms/{name}/clone', 'post'>;
export type MigrateVmRequest = RequestBody<'/api/v1/vms/{name}/migrate', 'post'>;
export type IncomingMigrationRequest = RequestBody<'/api/v1/vms/{name}/incoming', 'post'>;
export type CreateSnapshotRequest = RequestBody<'/api/v1/vms/{name}/snapshots', 'post'>;
export type CreateNetworkRequest = RequestBody<'/api/v1/networks', 'post'>;
export type UpdateNetworkRequest = RequestBody<'/api/v1/networks/{name}', 'patch'>;
export type AddRuleRequest = RequestBody<'/api/v1/networks/{name}/rules', 'post'>;
export type UpdateRuleRequest = RequestBody<'/api/v1/networks/{name}/rules/{id}', 'patch'>;
export type AddForwardRequest = RequestBody<'/api/v1/networks/{name}/forwards', 'post'>;
export type TunnelExchangeRequest = RequestBody<'/api/v1/networks/{name}/tunnel/exchange', 'post'>;
export type CreateDiskRequest = RequestBody<'/api/v1/storage', 'post'>;
export type ResizeDiskRequest = RequestBody<'/api/v1/storage/{name}', 'patch'>;
export type ConvertDiskRequest = RequestBody<'/api/v1/storage/{name}/convert', 'post'>;
export type CompactDiskRequest = RequestBody<'/api/v1/storage/{name}/compact', 'post'>;
export type CheckDiskRequest = RequestBody<'/api/v1/storage/{name}/check', 'post'>;
export type RekeyDiskRequest = RequestBody<'/api/v1/storage/{name}/rekey', 'post'>;
export type CreatePoolRequest = RequestBody<'/api/v1/storage/pools', 'post'>;
export type CreateTokenRequest = RequestBody<'/api/v1/tokens', 'post'>;
export type GenerateKeyRequest = RequestBody<'/api/v1/pqc/keys', 'post'>;
export type RotateKeyRequest = RequestBody<'/api/v1/pqc/keys/{name}/rotate', 'post'>;
export type SelfTestRequest = RequestBody<'/api/v1/pqc/self-test', 'post'>;
export type BenchmarkRequest = RequestBody<'/api/v1/pqc/benchmark', 'post'>;
export type AttestRequest = RequestBody<'/api/v1/vms/{name}/attest', 'post'>;
export type VerifyAttestationRequest = RequestBody<'/api/v1/pqc/verify', 'post'>;
export type DeleteVmQuery = QueryParams<'/api/v1/vms/{name}', 'delete'>;
export type ExportPublicKeyQuery = QueryParams<'/api/v1/pqc/keys/{name}/public', 'get'>;
export type AuditQuery = QueryParams<'/api/v1/audit/events', 'get'>;
export type EventsQuery = QueryParams<'/api/v1/events', 'get'>;
