/**
 * Which webhook URLs the service sends to: http and https only and, unless private targets are
 * allowed, none whose host is or resolves to a non-public address. The check runs when a webhook
 * is saved and again on every connection, through `guardedLookup`, so a host name that later
 * resolves inside the network (DNS rebinding) fails that attempt.
 */
import type { LookupAddress, LookupAllOptions, LookupOptions } from 'node:dns';
import { lookup } from 'node:dns';
import { isIP } from 'node:net';
import { promisify } from 'node:util';
import { classifyAddress } from './address-classes.js';

const lookupAll = promisify(lookup) as (host: string, options: LookupAllOptions) => Promise<LookupAddress[]>;

/** The reason `address` may not be a target, or undefined when it may. */
export function refusedAddressReason(address: string): string | undefined {
  const kind = classifyAddress(address);
  return kind === 'public' ? undefined : `${address}, a ${kind} address`;
}

/** The reason `raw` may not be a webhook URL, or undefined when it may. */
export async function refusedTargetReason(raw: string, allowPrivate: boolean): Promise<string | undefined> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'not an absolute URL';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'only http and https URLs are accepted';
  if (url.username !== '' || url.password !== '') return 'credentials in the URL are not accepted';
  if (allowPrivate) return undefined;
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (isIP(host) !== 0) {
    const reason = refusedAddressReason(host);
    return reason === undefined ? undefined : `refused: ${reason}`;
  }
  let addresses: LookupAddress[];
  try {
    addresses = await lookupAll(host, { all: true });
  } catch {
    return `the host '${host}' does not resolve`;
  }
  for (const { address } of addresses) {
    const reason = refusedAddressReason(address);
    if (reason !== undefined) return `refused: ${host} resolves to ${reason}`;
  }
  return undefined;
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * A `lookup` for node:http that refuses to connect when any address of the host is not public.
 * IP literals never reach a lookup, so `refusedTargetReason` covers them before the request.
 */
export function guardedLookup(hostname: string, options: LookupOptions, callback: LookupCallback): void {
  lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error !== null) return callback(error, []);
    const refused = addresses
      .map(({ address }) => refusedAddressReason(address))
      .find((reason) => reason !== undefined);
    if (refused !== undefined) return callback(new Error(`refused: ${hostname} resolves to ${refused}`), []);
    const first = addresses[0];
    if (options.all === true) return callback(null, addresses);
    if (first === undefined) return callback(new Error(`${hostname} has no address`), []);
    return callback(null, first.address, first.family);
  });
}
