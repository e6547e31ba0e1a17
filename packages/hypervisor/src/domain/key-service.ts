/**
 * PQC keys: generate, list, read, rotate, delete, export the public half. A key has versions; a
 * rotation adds one that becomes current, and older ones stay for verifying what they signed
 * unless the rotation revokes them. Every new key pair passes a pairwise-consistency test before
 * it is stored; its secret half is sealed under the host key and never leaves the service.
 *
 * ML-KEM and ML-DSA pairs are made on the spot (tens of milliseconds with their test) and answered
 * at once. An SLH-DSA pair takes seconds to a minute (its test signs once), so its generation or
 * rotation is an operation (`pqc.key_create`, `pqc.key_rotate` on `pqc-key/NAME`) whose work runs
 * in the PQC pool; cancelling it terminates the worker thread and stores nothing. While one runs,
 * the key's name takes no other create or rotation (KEY_BUSY).
 */
import { Nullable } from '@lab/server-kit';
import { Type, type Static } from 'typebox';
import { HvErrors, invalidField } from '../errors.js';
import {
  ALGORITHM_NAMES,
  ALGORITHMS,
  algorithm,
  type KeyPair,
  type PqcAlgorithm,
} from '../pqc/algorithms.js';
import type { CryptoPool } from '../pqc/crypto-pool.js';
import { generateKeyPair } from '../pqc/crypto-tasks.js';
import type { Sealer } from '../pqc/host-key.js';
import { fingerprint, subjectPublicKeyInfo, toPem } from '../pqc/spki.js';
import type { AuditContext } from '../store/audit.js';
import type {
  KeyPurpose,
  KeyRecord,
  KeyRepository,
  KeyVersionRecord,
  NewKeyVersion,
} from '../store/pqc-keys.js';
import type { UnitOfWork } from '../store/unit-of-work.js';
import type { OperationHandle, Operations, OperationView } from './operations.js';
import { PQC_TIME_LIMITS } from './pqc-service.js';
import { RESOURCE_NAME_PATTERN } from './vm-definition.js';

/** Which families each purpose takes. */
const PURPOSE_FAMILIES: Record<KeyPurpose, readonly string[]> = {
  attestation: ['ML-DSA'],
  signing: ['ML-DSA', 'SLH-DSA'],
  kem: ['ML-KEM'],
};

const PURPOSES = Object.keys(PURPOSE_FAMILIES) as KeyPurpose[];

export const KeyCreateSchema = Type.Object(
  {
    name: Type.String({ pattern: RESOURCE_NAME_PATTERN, description: 'unique; identifies the key in paths' }),
    algorithm: Type.Enum(ALGORITHM_NAMES, {
      description: 'see GET /pqc/status; one that `purpose` takes',
    }),
    purpose: Type.Enum(PURPOSES, {
      description: PURPOSES.map((p) => `${p}: ${PURPOSE_FAMILIES[p].join(' or ')}`).join('; '),
    }),
  },
  {
    additionalProperties: false,
    // The purpose→algorithm rule, one `if`/`then` per purpose: a mismatch is a 400 naming `algorithm`
    // and listing what the purpose takes, and the body keeps one type with two enums for clients.
    allOf: PURPOSES.map((purpose) => ({
      if: { properties: { purpose: { const: purpose } }, required: ['purpose'] },
      then: {
        properties: {
          algorithm: {
            enum: ALGORITHMS.filter((a) => PURPOSE_FAMILIES[purpose].includes(a.family)).map((a) => a.name),
          },
        },
      },
    })),
  },
);
export type KeyCreate = Static<typeof KeyCreateSchema>;

export const KeyRotateSchema = Type.Union([
  Type.Object(
    {
      revoke_previous: Type.Optional(
        Type.Boolean({
          description:
            'revoke every earlier version, so what they signed no longer verifies (default false: ' +
            'they stay valid for verification)',
        }),
      ),
    },
    { additionalProperties: false },
  ),
  Type.Null(),
]);

const KeyVersionSchema = Type.Object({
  version: Type.Integer(),
  fingerprint: Type.String({ description: '`sha256:` and the hex SHA-256 of the SubjectPublicKeyInfo' }),
  created_at: Type.String({ format: 'date-time' }),
  revoked_at: Nullable(Type.String({ format: 'date-time' })),
  current: Type.Boolean(),
});

export const KeySchema = Type.Object(
  {
    name: Type.String(),
    algorithm: Type.String(),
    purpose: Type.Enum(['attestation', 'kem', 'signing']),
    oid: Type.String({ description: 'NIST object identifier of the algorithm' }),
    version: Type.Integer({ description: 'the current version' }),
    fingerprint: Type.String({ description: 'of the current version' }),
    public_key_bytes: Type.Integer(),
    created_at: Type.String({ format: 'date-time' }),
    rotated_at: Nullable(Type.String({ format: 'date-time' })),
    versions: Type.Array(KeyVersionSchema, { description: 'every version, oldest first' }),
  },
  { $id: 'PqcKey', description: 'A PQC key: metadata only; the secret key never leaves the service' },
);
export type KeyView = Static<typeof KeySchema>;

export const PublicKeyFormat = Type.Enum(['raw', 'pem'], {
  description: 'raw: JSON with the key bytes in base64; pem: a SubjectPublicKeyInfo PEM file',
});

export const PublicKeySchema = Type.Object(
  {
    name: Type.String(),
    version: Type.Integer(),
    algorithm: Type.String(),
    oid: Type.String(),
    format: Type.Literal('raw'),
    public_key: Type.String({ description: 'the raw public key (FIPS 203/204/205 encoding), base64' }),
  },
  { $id: 'PqcPublicKey' },
);
export type PublicKeyView = Static<typeof PublicKeySchema>;

/** A key version that can sign, for the attestation service. */
export interface SigningKey {
  name: string;
  version: number;
  fingerprint: string;
  algorithm: PqcAlgorithm & { kind: 'signature' };
  secretKey: Uint8Array;
}

export interface KeyServiceOptions {
  keys: KeyRepository;
  sealer: Sealer;
  pool: CryptoPool;
  operations: Operations;
  unitOfWork: UnitOfWork;
  /** Throws PQC_UNAVAILABLE while the self-test has failed. */
  requireAvailable: () => void;
}

/** A key made or rotated at once, or the operation that makes it (SLH-DSA). */
export type KeyAnswer = { key: KeyView } | { operation: OperationView };

export type KeyService = ReturnType<typeof createKeyService>;

/** What the AES-GCM seal of a secret is bound to. */
const sealContext = (name: string, version: number, alg: string) => `pqc-key/${name}/${version}/${alg}`;

function view(key: KeyRecord): KeyView {
  const alg = algorithm(key.algorithm);
  const current = currentVersion(key);
  return {
    name: key.name,
    algorithm: key.algorithm,
    purpose: key.purpose,
    oid: alg.oid,
    version: key.currentVersion,
    fingerprint: current.fingerprint,
    public_key_bytes: current.publicKey.length,
    created_at: key.createdAt,
    rotated_at: key.rotatedAt,
    versions: key.versions.map((v) => ({
      version: v.version,
      fingerprint: v.fingerprint,
      created_at: v.createdAt,
      revoked_at: v.revokedAt,
      current: v.version === key.currentVersion,
    })),
  };
}

function currentVersion(key: KeyRecord): KeyVersionRecord {
  const found = key.versions.find((v) => v.version === key.currentVersion);
  if (found === undefined) throw HvErrors.keyVersionNotFound({ name: key.name, version: key.currentVersion });
  return found;
}

export function createKeyService({
  keys,
  sealer,
  pool,
  operations,
  unitOfWork,
  requireAvailable,
}: KeyServiceOptions) {
  /** Keys whose generation or rotation runs as an operation. */
  const busy = new Map<string, { work: string; operation: string }>();

  function load(name: string): KeyRecord {
    const key = keys.find(name);
    if (key === undefined) throw HvErrors.keyNotFound({ name });
    return key;
  }

  function assertNotBusy(name: string): void {
    const claim = busy.get(name);
    if (claim !== undefined) throw HvErrors.keyBusy({ name, ...claim });
  }

  function sealed(name: string, version: number, alg: PqcAlgorithm, pair: KeyPair): NewKeyVersion {
    return {
      publicKey: pair.publicKey,
      sealedSecret: sealer.seal(pair.secretKey, sealContext(name, version, alg.name)),
      fingerprint: fingerprint(alg, pair.publicKey),
    };
  }

  /** An SLH-DSA pair from the pool, under the operation's cancel and the generation cap. */
  async function slowPair(alg: PqcAlgorithm, op: OperationHandle): Promise<KeyPair> {
    const pair = await pool.run(
      { kind: 'keygen', algorithm: alg.name },
      {
        signal: op.signal,
        timeLimit: {
          ms: PQC_TIME_LIMITS.keygenMs,
          hint: 'the host is loaded; try again, or use a faster parameter set',
        },
      },
    );
    // A cancel that came while the thread was answering still wins: nothing is stored.
    op.signal.throwIfAborted();
    return pair;
  }

  /**
   * Starts `work` as an operation on the key `name`, which takes no other create or rotation
   * until it ends. The audit row is the 202's.
   */
  function track(
    kind: 'pqc.key_create' | 'pqc.key_rotate',
    name: string,
    context: AuditContext,
    work: (op: OperationHandle) => Promise<KeyView>,
  ): OperationView {
    pool.assertRoom();
    const claim = { work: kind === 'pqc.key_create' ? 'generation' : 'rotation', operation: '' };
    busy.set(name, claim);
    const release = (): void => {
      if (busy.get(name) === claim) busy.delete(name);
    };
    try {
      const view = operations.start({
        kind,
        resource: `pqc-key/${name}`,
        context: { ...context, status: 202 },
        work: async (op) => {
          try {
            return await work(op);
          } finally {
            release();
          }
        },
      });
      claim.operation = view.id;
      return view;
    } catch (error) {
      release();
      throw error;
    }
  }

  function insertKey(
    request: KeyCreate,
    alg: PqcAlgorithm,
    first: NewKeyVersion,
    context: AuditContext | null,
  ) {
    return unitOfWork((tx) => {
      const record = { name: request.name, algorithm: alg.name, purpose: request.purpose, createdAt: tx.at };
      if (!keys.insert(record, first)) throw HvErrors.keyAlreadyExists({ name: request.name });
      tx.emit('pqc.key_created', {
        key: request.name,
        algorithm: alg.name,
        purpose: request.purpose,
        timestamp: tx.at,
      });
      tx.audit(context);
      return view(load(request.name));
    });
  }

  function addVersion(
    name: string,
    from: KeyRecord,
    next: NewKeyVersion,
    revokePrevious: boolean,
    context: AuditContext | null,
  ): KeyView {
    return unitOfWork((tx) => {
      const latest = load(name);
      // Another rotation won the race while this key was made: its seal names the wrong version.
      if (latest.currentVersion !== from.currentVersion) {
        throw HvErrors.keyRotationConflict({ name, version: latest.currentVersion });
      }
      const version = keys.addVersion(name, next, tx.at, revokePrevious);
      tx.emit('pqc.key_rotated', {
        key: name,
        algorithm: from.algorithm,
        version,
        revoked_previous: revokePrevious,
        timestamp: tx.at,
      });
      tx.audit(context);
      return view(load(name));
    });
  }

  /** A new key: answered at once for ML-KEM and ML-DSA, as an operation for SLH-DSA. */
  function create(request: KeyCreate, context: AuditContext): KeyAnswer {
    requireAvailable();
    const alg = algorithm(request.algorithm);
    const purpose: KeyPurpose = request.purpose;
    if (!PURPOSE_FAMILIES[purpose].includes(alg.family)) {
      throw invalidField(
        'algorithm',
        `a ${purpose} key takes ${PURPOSE_FAMILIES[purpose].join(' or ')}, not ${alg.name}`,
        { purpose },
      );
    }
    if (keys.find(request.name) !== undefined) throw HvErrors.keyAlreadyExists({ name: request.name });
    assertNotBusy(request.name);
    if (!alg.slow) {
      const first = sealed(request.name, 1, alg, generateKeyPair(alg.name));
      return { key: insertKey(request, alg, first, context) };
    }
    return {
      operation: track('pqc.key_create', request.name, context, async (op) => {
        const first = sealed(request.name, 1, alg, await slowPair(alg, op));
        // The operation's own audit row is the 202's; this one would repeat it.
        return insertKey(request, alg, first, null);
      }),
    };
  }

  return {
    list: (): KeyView[] => keys.list().map(view),

    get: (name: string): KeyView => view(load(name)),

    create,

    /** A new current version: answered at once for ML-KEM and ML-DSA, as an operation for SLH-DSA. */
    rotate(name: string, revokePrevious: boolean, context: AuditContext): KeyAnswer {
      requireAvailable();
      const key = load(name);
      assertNotBusy(name);
      const alg = algorithm(key.algorithm);
      const version = key.currentVersion + 1;
      if (!alg.slow) {
        const next = sealed(name, version, alg, generateKeyPair(alg.name));
        return { key: addVersion(name, key, next, revokePrevious, context) };
      }
      return {
        operation: track('pqc.key_rotate', name, context, async (op) => {
          const next = sealed(name, version, alg, await slowPair(alg, op));
          return addVersion(name, key, next, revokePrevious, null);
        }),
      };
    },

    delete(name: string, context: AuditContext): { name: string } {
      return unitOfWork((tx) => {
        const key = load(name);
        keys.remove(name);
        tx.emit('pqc.key_deleted', { key: name, algorithm: key.algorithm, timestamp: tx.at });
        tx.audit(context);
        return { name };
      });
    },

    /** The public key of a version (the current one by default), raw or as a PEM SPKI. */
    publicKey(name: string, format: 'raw' | 'pem', version?: number): PublicKeyView | string {
      const key = load(name);
      const wanted = version ?? key.currentVersion;
      const found = key.versions.find((v) => v.version === wanted);
      if (found === undefined) throw HvErrors.keyVersionNotFound({ name, version: wanted });
      const alg = algorithm(key.algorithm);
      if (format === 'pem') return toPem(subjectPublicKeyInfo(alg, found.publicKey));
      return {
        name,
        version: wanted,
        algorithm: alg.name,
        oid: alg.oid,
        format: 'raw',
        public_key: Buffer.from(found.publicKey).toString('base64'),
      };
    },

    /** The current version of a key that may sign attestation reports, with its secret opened. */
    attestationKey(name: string): SigningKey {
      const key = load(name);
      const alg = algorithm(key.algorithm);
      if (key.purpose !== 'attestation' || alg.kind !== 'signature') {
        throw invalidField('key', `key '${name}' is a ${key.purpose} key, not an attestation key`);
      }
      const current = currentVersion(key);
      return {
        name,
        version: current.version,
        fingerprint: current.fingerprint,
        algorithm: alg,
        secretKey: sealer.open(current.sealedSecret, sealContext(name, current.version, alg.name)),
      };
    },

    /**
     * The current version of a key of `purpose` and `algorithm`, with its secret opened (a tunnel's
     * signing key and its KEM key); null when there is no such key, a reason when it is another kind.
     */
    keyPairOf(
      name: string,
      purpose: KeyPurpose,
      algorithmName: string,
    ):
      | { ok: true; publicKey: Uint8Array; secretKey: Uint8Array; fingerprint: string }
      | { ok: false; reason: string } {
      const key = keys.find(name);
      if (key === undefined) return { ok: false, reason: `there is no key '${name}'` };
      if (key.purpose !== purpose || key.algorithm !== algorithmName) {
        return {
          ok: false,
          reason: `key '${name}' is a ${key.algorithm} key of purpose ${key.purpose}, not a ${algorithmName} ${purpose} key`,
        };
      }
      const current = currentVersion(key);
      return {
        ok: true,
        publicKey: current.publicKey,
        secretKey: sealer.open(current.sealedSecret, sealContext(name, current.version, key.algorithm)),
        fingerprint: current.fingerprint,
      };
    },

    /** Creates a fast (ML-KEM, ML-DSA) key the service needs for itself, when it is not there. */
    ensureKey(name: string, algorithmName: string, purpose: KeyPurpose): void {
      if (keys.find(name) !== undefined) return;
      const alg = algorithm(algorithmName);
      const first = sealed(name, 1, alg, generateKeyPair(alg.name));
      insertKey({ name, algorithm: alg.name, purpose }, alg, first, null);
    },

    /** Creates the service's own attestation key (ML-DSA-65) the first time it is needed. */
    ensureAttestationKey(name: string, context: AuditContext): void {
      // An ML-DSA key is made without yielding, so no other request can make it meanwhile.
      if (keys.find(name) === undefined)
        create({ name, algorithm: 'ML-DSA-65', purpose: 'attestation' }, context);
    },

    /** A version as stored, for verification; undefined when the key or the version is gone. */
    findVersion(name: string, version: number): { key: KeyRecord; version: KeyVersionRecord } | undefined {
      const key = keys.find(name);
      const found = key?.versions.find((v) => v.version === version);
      return key === undefined || found === undefined ? undefined : { key, version: found };
    },
  };
}
