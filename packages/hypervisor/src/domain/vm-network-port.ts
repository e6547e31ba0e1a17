/**
 * What the VM core asks of the network core, and no more: the VM service depends on this port,
 * the network service implements it (network-service.ts), so neither reaches into the other's
 * store or driver.
 */
import type { NetworkDevice } from './vm-definition.js';

/** A NIC as QEMU gets it: its tap on the network's bridge and its MAC. */
export interface NicAttachment {
  network: string;
  tap: string;
  mac: string;
  /** The reserved address, when the NIC has one. */
  ip: string | null;
}

export interface VmIdentity {
  name: string;
  uuid: string;
}

export interface VmNetworkPort {
  /**
   * Checks a VM's NICs (the network exists, a given MAC is unicast and free on the network, a
   * given `ip` lies in the subnet outside the gateway and is free) and completes them: a missing
   * MAC is derived from the VM's uuid and the NIC's index. Throws the API's errors
   * (VALIDATION_ERROR with the field as `devices.network.<i>.<field>`, also for a network that does
   * not exist, as for a disk image; MAC_ADDRESS_IN_USE, IP_ADDRESS_IN_USE).
   */
  resolveNics(vm: VmIdentity, nics: readonly NetworkDevice[]): NetworkDevice[];
  /** Creates the VM's taps on their bridges, before QEMU starts (replacing stale ones). */
  plug(vm: VmIdentity, nics: readonly NetworkDevice[]): Promise<NicAttachment[]>;
  /** Removes the VM's taps, after its QEMU ended (also after a crash); nothing when gone. */
  unplug(vm: VmIdentity, nics: readonly NetworkDevice[]): Promise<void>;
  /** The NICs on these networks changed (a VM created, changed or deleted): reservations re-applied. */
  nicsChanged(networks: readonly string[]): Promise<void>;
}
