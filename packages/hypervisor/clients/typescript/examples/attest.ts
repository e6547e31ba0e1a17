// Task 5: sign an attestation report of a running VM with an ML-DSA key, and verify it.
import { randomBytes } from 'node:crypto';
import { HypervisorClient, isHypervisorError } from '@lab/hypervisor-client';

const client = new HypervisorClient({ baseUrl: process.env.HV_REST_URL!, token: process.env.HV_TOKEN });
const key = 'attest-key';
try {
  await client.generateKey({ name: key, algorithm: 'ML-DSA-65', purpose: 'attestation' });
} catch (error) {
  if (!isHypervisorError(error) || error.kind !== 'already_exists') throw error;
}
const nonce = randomBytes(32).toString('base64');
const report = await client.attest(process.argv[2] ?? 'web1', { nonce, key });
const verdict = await client.verifyAttestation({ report, nonce });
console.log(verdict.valid ? 'report verified' : `report refused: ${verdict.reasons.join('; ')}`);
