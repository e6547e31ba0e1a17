/**
 * VM attestation: a report on what a running VM is (its definition, its boot payload and disk
 * identities, measured with SHA-384), where it runs (host facts) and when (timestamp, a
 * monotonic counter, the caller's nonce), signed with an ML-DSA attestation key over the RFC 8785
 * canonical JSON of every other field. Verification rebuilds that encoding and names each check
 * that passed, failed or was skipped.
 *
 * The platform is `software`: the service signs what it launched. A hardware root of trust
 * (SEV-SNP, TDX) would add its own signed evidence; no such host is present, so none is claimed.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Nullable } from '@lab/server-kit';
import { Type, type Static } from 'typebox';
import { Value } from 'typebox/value';
import { HvErrors, invalidField } from '../errors.js';
import { imageInfo } from '../drivers/qemu-img.js';
import { canonicalBytes } from '../pqc/canonical-json.js';
import { signatureAlgorithm } from '../pqc/algorithms.js';
import type { AttestationLog } from '../store/attestations.js';
import type { AuditContext } from '../store/audit.js';
import type { DiskRecord, DiskRepository } from '../store/disks.js';
import type { UnitOfWork } from '../store/unit-of-work.js';
import type { VmRecord, VmRepository } from '../store/vms.js';
import type { KeyService } from './key-service.js';
import { containedFile } from './paths.js';
import type { SystemInfo } from './system-info.js';
import { isActive } from './vm-states.js';

export const REPORT_FORMAT = 'hv-attestation/1';
/** The ML-DSA context string: a signature over a report cannot pass for one over anything else. */
const SIGNATURE_CONTEXT = new TextEncoder().encode(REPORT_FORMAT);
export const DEFAULT_ATTESTATION_KEY = 'host-attestation';
export const DEFAULT_MAX_AGE_SECONDS = 300;
/** How far a report's timestamp may lie ahead of this host's clock. */
const CLOCK_SKEW_SECONDS = 60;
/**
 * A nonce is 128 bits at least, so that a replayed report is caught; 510 = 3 × 170, so that the
 * base64 lengths state the bounds exactly: 24 characters hold 16 to 18 bytes, 680 at most 510.
 */
export const NONCE_BYTES = { min: 16, max: 510 };
/** Padded base64 whose unused low bits are zero: the one spelling of its bytes. */
const CANONICAL_BASE64 =
  '^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/][AQgw]==|[A-Za-z0-9+/]{2}[AEIMQUYcgkosw048]=)?$';
const base64Length = (bytes: number): number => 4 * Math.ceil(bytes / 3);

const hex384 = (description = 'SHA-384, lowercase hex') =>
  Type.String({ pattern: '^[0-9a-f]{96}$', description });
const base64 = (description: string, maxLength = 16_384) =>
  Type.String({ pattern: '^[A-Za-z0-9+/]*={0,2}$', maxLength, description });

export const MeasurementSchema = Type.Object(
  {
    algorithm: Type.Literal('sha384'),
    value: hex384('SHA-384 of the canonical JSON of `components`: the one value to compare'),
    components: Type.Object({
      definition: hex384('SHA-384 of the canonical JSON of {name, uuid, cpu, memory, devices, boot}'),
      kernel: Nullable(hex384()),
      initrd: Nullable(hex384()),
      firmware: Nullable(Type.Object({ file: Type.String(), sha384: hex384() })),
      disks: Type.Array(
        Type.Object({
          name: Type.String(),
          format: Type.String(),
          virtual_size_bytes: Type.Integer(),
        }),
        { description: 'the identity of each attached image; contents change as the guest runs' },
      ),
    }),
  },
  { additionalProperties: false },
);
type Measurement = Static<typeof MeasurementSchema>;

export const AttestationReportSchema = Type.Object(
  {
    format: Type.Literal(REPORT_FORMAT),
    vm: Type.Object({ name: Type.String(), uuid: Type.String() }, { additionalProperties: false }),
    platform: Type.Object({ type: Type.Literal('software') }, { additionalProperties: false }),
    measurement: MeasurementSchema,
    nonce: base64('the caller-supplied nonce, base64'),
    timestamp: Type.String({ format: 'date-time' }),
    counter: Type.Integer({ minimum: 1, description: 'monotonic across all reports of this host' }),
    host: Type.Object(
      {
        hostname: Type.String(),
        kernel: Type.String(),
        cpu_model: Type.String(),
        qemu_version: Nullable(Type.String()),
        driver: Type.String(),
        accelerator: Type.String(),
        service_version: Type.String(),
      },
      { additionalProperties: false },
    ),
    key: Type.Object(
      { name: Type.String(), version: Type.Integer({ minimum: 1 }), fingerprint: Type.String() },
      { additionalProperties: false },
    ),
    algorithm: Type.Enum(['ML-DSA-44', 'ML-DSA-65', 'ML-DSA-87']),
    signature: base64(
      'ML-DSA over the canonical JSON (RFC 8785) of every other field, context `hv-attestation/1`',
    ),
  },
  { $id: 'AttestationReport', additionalProperties: false },
);
export type AttestationReport = Static<typeof AttestationReportSchema>;

export const AttestRequestSchema = Type.Object(
  {
    nonce: Type.String({
      pattern: CANONICAL_BASE64,
      minLength: base64Length(NONCE_BYTES.min),
      maxLength: base64Length(NONCE_BYTES.max),
      description:
        `the verifier's challenge: ${NONCE_BYTES.min} to ${NONCE_BYTES.max} bytes in padded base64 ` +
        '(RFC 4648, unused bits zero, as every encoder writes it)',
    }),
    key: Type.Optional(
      Type.String({
        description: `an attestation key; default \`${DEFAULT_ATTESTATION_KEY}\` (ML-DSA-65, made on first use)`,
      }),
    ),
  },
  { additionalProperties: false },
);

export const VerifyRequestSchema = Type.Object(
  {
    report: Type.Unknown({
      description: 'an attestation report; any malformed field fails the `format` check',
    }),
    nonce: Type.Optional(base64('the nonce the verifier sent')),
    expected_measurement: Type.Optional(hex384('the known-good measurement')),
    max_age_seconds: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: 31_536_000,
        description: `freshness window (default ${DEFAULT_MAX_AGE_SECONDS})`,
      }),
    ),
  },
  { additionalProperties: false },
);
export type VerifyRequest = Static<typeof VerifyRequestSchema>;

const CHECK_NAMES = [
  'format',
  'key',
  'key_not_revoked',
  'signature',
  'nonce',
  'measurement',
  'freshness',
] as const;
type CheckName = (typeof CHECK_NAMES)[number];

export const VerificationSchema = Type.Object(
  {
    valid: Type.Boolean({ description: 'true when no check failed' }),
    checks: Type.Array(
      Type.Object({
        name: Type.Enum([...CHECK_NAMES]),
        status: Type.Enum(['passed', 'failed', 'skipped']),
        detail: Type.String(),
      }),
    ),
    reasons: Type.Array(Type.String(), { description: 'the failed checks, one sentence each' }),
  },
  { $id: 'AttestationVerification' },
);
export type Verification = Static<typeof VerificationSchema>;

export interface AttestationServiceOptions {
  vms: VmRepository;
  disks: DiskRepository;
  keys: KeyService;
  log: AttestationLog;
  unitOfWork: UnitOfWork;
  /** The file of an image in its pool. */
  imageFile: (disk: DiskRecord, field: string) => string;
  bootDir: string;
  /** The firmware file QEMU loads, or null (no QEMU, or the simulated driver). */
  firmware: string | null;
  host: () => SystemInfo;
  requireAvailable: () => void;
  now?: () => Date;
}

/**
 * SHA-384 of files, remembered while a file's inode, size and change time stay the same (as
 * Linux IMA re-measures a file only once it changed): a kernel is megabytes, hashed once.
 */
function createFileDigests() {
  const known = new Map<string, { stamp: string; digest: string }>();
  return async (path: string): Promise<string> => {
    const info = await stat(path, { bigint: true });
    const stamp = `${info.dev}:${info.ino}:${info.size}:${info.ctimeNs}:${info.mtimeNs}`;
    const cached = known.get(path);
    if (cached?.stamp === stamp) return cached.digest;
    const hash = createHash('sha384');
    for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
    const digest = hash.digest('hex');
    known.set(path, { stamp, digest });
    return digest;
  };
}

const sha384 = (bytes: Uint8Array): string => createHash('sha384').update(bytes).digest('hex');

/** The nonce's bytes: as the request schema says, its canonical spelling within NONCE_BYTES only. */
function decodeNonce(text: string, field: string): Buffer {
  const bytes = Buffer.from(text, 'base64');
  if (bytes.toString('base64') !== text) throw invalidField(field, 'is not canonical padded base64');
  if (bytes.length < NONCE_BYTES.min || bytes.length > NONCE_BYTES.max) {
    throw invalidField(
      field,
      `must decode to ${NONCE_BYTES.min} to ${NONCE_BYTES.max} bytes, not ${bytes.length}`,
    );
  }
  return bytes;
}

/** Everything but the signature: the bytes that are signed. */
function signedBytes(report: Omit<AttestationReport, 'signature'> & { signature?: unknown }): Uint8Array {
  const unsigned: Record<string, unknown> = { ...report };
  delete unsigned.signature;
  return canonicalBytes(unsigned);
}

export type AttestationService = ReturnType<typeof createAttestationService>;

export function createAttestationService(options: AttestationServiceOptions) {
  const { vms, disks, keys, log, unitOfWork, imageFile, bootDir, firmware, host, requireAvailable } = options;
  const now = options.now ?? (() => new Date());
  const sha384File = createFileDigests();

  async function measure(vm: VmRecord): Promise<Measurement> {
    const { name, uuid, definition } = vm;
    const boot = definition.boot;
    const bootFile = async (path: string | undefined, field: string) =>
      path === undefined ? null : sha384File(containedFile(bootDir, path, field));
    const components: Measurement['components'] = {
      definition: sha384(canonicalBytes({ name, uuid, ...definition })),
      kernel: await bootFile(boot?.kernel, 'boot.kernel'),
      initrd: await bootFile(boot?.initrd, 'boot.initrd'),
      firmware: firmware === null ? null : { file: firmware, sha384: await sha384File(firmware) },
      disks: await Promise.all(
        (definition.devices?.storage ?? []).map(async (device) => {
          const disk = disks.find(device.path);
          if (disk === undefined) throw HvErrors.diskNotFound({ name: device.path });
          const info = await imageInfo(imageFile(disk, 'devices.storage.path'));
          return { name: disk.name, format: disk.format, virtual_size_bytes: info.virtualSize };
        }),
      ),
    };
    return { algorithm: 'sha384', value: sha384(canonicalBytes(components)), components };
  }

  return {
    async attest(
      vmName: string,
      request: { nonce: string; key?: string },
      context: AuditContext,
    ): Promise<AttestationReport> {
      requireAvailable();
      const nonce = decodeNonce(request.nonce, 'nonce');
      const vm = vms.find(vmName);
      if (vm === undefined) throw HvErrors.vmNotFound({ name: vmName });
      if (!isActive(vm.state)) throw HvErrors.vmNotRunning({ name: vmName, state: vm.state });
      const keyName = request.key ?? DEFAULT_ATTESTATION_KEY;
      if (request.key === undefined) keys.ensureAttestationKey(keyName, context);
      const signer = keys.attestationKey(keyName);
      const measurement = await measure(vm);
      const facts = host();
      return unitOfWork((tx) => {
        const counter = log.record({
          vm: vm.name,
          keyName,
          keyVersion: signer.version,
          measurement: measurement.value,
          createdAt: tx.at,
        });
        const unsigned = {
          format: REPORT_FORMAT,
          vm: { name: vm.name, uuid: vm.uuid },
          platform: { type: 'software' },
          measurement,
          nonce: nonce.toString('base64'),
          timestamp: tx.at,
          counter,
          host: {
            hostname: facts.hostname,
            kernel: facts.kernel,
            cpu_model: facts.cpu.model,
            qemu_version: facts.qemu_version,
            driver: facts.driver,
            accelerator: facts.accelerator,
            service_version: facts.version,
          },
          key: { name: signer.name, version: signer.version, fingerprint: signer.fingerprint },
          algorithm: signer.algorithm.name,
        } as Omit<AttestationReport, 'signature'>;
        const signature = signer.algorithm.sign(signedBytes(unsigned), signer.secretKey, {
          context: SIGNATURE_CONTEXT,
        });
        tx.emit('vm.attested', { vm: vm.name, key: signer.name, counter, timestamp: tx.at });
        tx.audit(context);
        return { ...unsigned, signature: Buffer.from(signature).toString('base64') };
      });
    },

    verify(request: VerifyRequest): Verification {
      requireAvailable();
      const checks = new Map<CheckName, { status: 'passed' | 'failed' | 'skipped'; detail: string }>();
      const pass = (name: CheckName, detail: string) => checks.set(name, { status: 'passed', detail });
      const fail = (name: CheckName, detail: string) => checks.set(name, { status: 'failed', detail });
      const skip = (name: CheckName, detail: string) => checks.set(name, { status: 'skipped', detail });

      const report = request.report;
      const error = Value.Errors(AttestationReportSchema, report)[0];
      if (error !== undefined) {
        fail('format', `not a ${REPORT_FORMAT} report: ${error.instancePath || '/'} ${error.message}`);
        for (const name of CHECK_NAMES.slice(1)) skip(name, 'the report is malformed');
        return summarise(checks);
      }
      const r = report as AttestationReport;
      pass('format', REPORT_FORMAT);

      const stored = keys.findVersion(r.key.name, r.key.version);
      const alg = stored === undefined ? undefined : signatureAlgorithm(stored.key.algorithm);
      if (stored === undefined || alg === undefined) {
        fail(
          'key',
          `key '${r.key.name}' version ${r.key.version} is not known here (deleted, or never made)`,
        );
        skip('key_not_revoked', 'the key is not known');
        skip('signature', 'no public key to verify with');
      } else {
        if (stored.version.fingerprint !== r.key.fingerprint) {
          fail(
            'key',
            `the report's key fingerprint differs from that of '${r.key.name}' version ${r.key.version}`,
          );
        } else if (alg.name !== r.algorithm) {
          fail('key', `key '${r.key.name}' is ${alg.name}, the report says ${r.algorithm}`);
        } else {
          pass('key', `'${r.key.name}' version ${r.key.version} (${alg.name})`);
        }
        if (stored.version.revokedAt === null)
          pass('key_not_revoked', `version ${r.key.version} is not revoked`);
        else fail('key_not_revoked', `version ${r.key.version} was revoked at ${stored.version.revokedAt}`);
        const signature = Buffer.from(r.signature, 'base64');
        if (alg.verify(signature, signedBytes(r), stored.version.publicKey, SIGNATURE_CONTEXT)) {
          pass('signature', `${alg.name} signature over the canonical report`);
        } else {
          fail(
            'signature',
            'the signature does not match the report: a field was changed, or another key signed it',
          );
        }
      }

      if (request.nonce === undefined) skip('nonce', 'no nonce given to compare');
      else {
        const expected = Buffer.from(request.nonce, 'base64');
        const actual = Buffer.from(r.nonce, 'base64');
        if (expected.length === actual.length && timingSafeEqual(expected, actual)) pass('nonce', 'matches');
        else fail('nonce', "the report's nonce is not the one given");
      }

      const recomputed = sha384(canonicalBytes(r.measurement.components));
      if (recomputed !== r.measurement.value)
        fail('measurement', 'the value is not the digest of its components');
      else if (request.expected_measurement === undefined)
        pass('measurement', 'consistent with its components');
      else if (request.expected_measurement === r.measurement.value)
        pass('measurement', 'matches the expected value');
      else fail('measurement', `${r.measurement.value} is not the expected ${request.expected_measurement}`);

      const maxAge = request.max_age_seconds ?? DEFAULT_MAX_AGE_SECONDS;
      const age = (now().getTime() - Date.parse(r.timestamp)) / 1000;
      if (Number.isNaN(age)) fail('freshness', `timestamp '${r.timestamp}' is not a time`);
      else if (age < -CLOCK_SKEW_SECONDS) fail('freshness', `made ${Math.round(-age)} s in the future`);
      else if (age > maxAge)
        fail('freshness', `made ${Math.round(age)} s ago, beyond the ${maxAge} s window`);
      else pass('freshness', `made ${Math.max(0, Math.round(age))} s ago, within ${maxAge} s`);

      return summarise(checks);
    },
  };
}

function summarise(
  checks: Map<CheckName, { status: 'passed' | 'failed' | 'skipped'; detail: string }>,
): Verification {
  const list = CHECK_NAMES.map((name) => ({ name, ...checks.get(name)! }));
  const reasons = list.filter((c) => c.status === 'failed').map((c) => `${c.name}: ${c.detail}`);
  return { valid: reasons.length === 0, checks: list, reasons };
}
