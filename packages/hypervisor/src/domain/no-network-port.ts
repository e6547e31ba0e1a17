/**
 * The network port of a VM core that has no network core behind it: every NIC names a network
 * that does not exist, so no definition with a NIC is stored, and nothing is ever plugged.
 */
import { invalidField } from '../errors.js';
import type { VmNetworkPort } from './vm-network-port.js';

export const noNetworkPort: VmNetworkPort = {
  resolveNics(_vm, nics) {
    const [first] = nics;
    if (first === undefined) return [];
    throw invalidField('devices.network.0.network', `network '${first.network}' does not exist`);
  },
  plug: () => Promise.reject(new Error('there are no networks to plug a NIC into')),
  unplug: async () => undefined,
  nicsChanged: async () => undefined,
};
