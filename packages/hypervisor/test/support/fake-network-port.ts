/**
 * A VmNetworkPort for the VM core's tests: networks are names in a set, taps are names in a set,
 * and every call is written down in order, so tests can see what the core asked and when (a
 * plug before the driver's start, an unplug after the process ended). Nothing kernel-side.
 */
import { createHash } from 'node:crypto';
import { invalidField } from '../../src/errors.js';
import { tapName } from '../../src/drivers/network/network-driver.js';
import type { NetworkDevice } from '../../src/domain/vm-definition.js';
import type { NicAttachment, VmIdentity, VmNetworkPort } from '../../src/domain/vm-network-port.js';

export type PortCall =
  | { call: 'resolveNics' | 'plug' | 'unplug'; vm: string; nics: NetworkDevice[] }
  | { call: 'nicsChanged'; networks: string[] };

export interface FakeNetworkPort extends VmNetworkPort {
  readonly networks: Set<string>;
  /** The taps plugged now. */
  readonly taps: Set<string>;
  readonly calls: PortCall[];
  /** The next plug fails with this error (once). */
  failNextPlug(error: Error): void;
}

/** 52:54:00 and three bytes of a hash of the uuid and the index: stable per VM, new per clone. */
export const fakeMac = (uuid: string, index: number): string =>
  `52:54:00:${[...createHash('sha256').update(`${uuid}/${index}`).digest().subarray(0, 3)]
    .map((b) => b.toString(16).padStart(2, '0'))
    .join(':')}`;

export function createFakeNetworkPort(networks: readonly string[] = ['lan']): FakeNetworkPort {
  const known = new Set(networks);
  const taps = new Set<string>();
  const calls: PortCall[] = [];
  let plugError: Error | undefined;
  const copy = (nics: readonly NetworkDevice[]): NetworkDevice[] => nics.map((nic) => ({ ...nic }));
  return {
    networks: known,
    taps,
    calls,
    failNextPlug(error) {
      plugError = error;
    },
    resolveNics(vm: VmIdentity, nics) {
      calls.push({ call: 'resolveNics', vm: vm.name, nics: copy(nics) });
      return nics.map((nic, i) => {
        if (!known.has(nic.network))
          throw invalidField(`devices.network.${i}.network`, `network '${nic.network}' does not exist`);
        return { ...nic, mac: nic.mac?.toLowerCase() ?? fakeMac(vm.uuid, i) };
      });
    },
    async plug(vm, nics): Promise<NicAttachment[]> {
      calls.push({ call: 'plug', vm: vm.name, nics: copy(nics) });
      if (plugError !== undefined) {
        const error = plugError;
        plugError = undefined;
        throw error;
      }
      return nics.map((nic, i) => {
        const tap = tapName(vm.uuid, i);
        taps.add(tap);
        return { network: nic.network, tap, mac: nic.mac ?? fakeMac(vm.uuid, i), ip: nic.ip ?? null };
      });
    },
    async unplug(vm, nics) {
      calls.push({ call: 'unplug', vm: vm.name, nics: copy(nics) });
      nics.forEach((_nic, i) => taps.delete(tapName(vm.uuid, i)));
    },
    async nicsChanged(changed) {
      calls.push({ call: 'nicsChanged', networks: [...changed] });
    },
  };
}
