/**
 * The initiator's side of the wire: one exchange message POSTed to the peer service's
 * `<peer_url>/tunnel/exchange` with the token the peer issued. A refusal keeps the peer's error
 * code and details (a role or epoch refusal tells the initiator what to do next); no error names
 * the token.
 */
import { KitErrors, pinnedFetch } from '@lab/server-kit';
import type { TunnelRecord } from '../../store/tunnels.js';
import type { ConfirmMessage, InitMessage } from './tunnel-definition.js';

/** A request to the peer that has not answered by then has failed. */
export const PEER_TIMEOUT_MS = 10_000;

export interface PeerError {
  code: string;
  message: string;
  details: { reason?: string; epoch?: number } & Record<string, unknown>;
}

/** The peer answered with an error envelope (or something that is not JSON). */
export class PeerRefusal extends Error {
  constructor(
    message: string,
    readonly peer: PeerError | undefined,
  ) {
    super(message);
  }
}

/** To the peer's `peerUrl`, its certificate pinned to `peerFingerprint` when there is one. */
export async function postToPeer<T>(
  { peerUrl, peerFingerprint }: Pick<TunnelRecord, 'peerUrl' | 'peerFingerprint'>,
  token: string,
  body: InitMessage | ConfirmMessage,
  signal: AbortSignal,
): Promise<T> {
  let response: Response;
  try {
    response = await pinnedFetch(`${peerUrl}/tunnel/exchange`, {
      ...(peerFingerprint === null ? {} : { fingerprint: peerFingerprint }),
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.any([signal, AbortSignal.timeout(PEER_TIMEOUT_MS)]),
    });
  } catch (error) {
    if (KitErrors.tlsFingerprintMismatch.is(error)) {
      throw new Error(`the peer ${peerUrl} is not trusted: ${error.code}: ${error.message}`, {
        cause: error,
      });
    }
    const cause = (error as { cause?: { message?: string } }).cause?.message;
    throw new Error(`the peer ${peerUrl} could not be reached: ${cause ?? (error as Error).message}`);
  }
  const answer = (await response.json().catch(() => null)) as
    (T & { error?: undefined }) | { error: PeerError } | null;
  if (!response.ok || answer === null || answer.error !== undefined) {
    const error = answer?.error;
    throw new PeerRefusal(
      `the peer answered ${response.status}${error === undefined ? '' : ` ${error.code}: ${error.message}`}`,
      error,
    );
  }
  return answer;
}
