//! The client against live services: run under `clients/testing/live-services.mjs` (see the
//! README, "Tests"). One test binary, so the conformance record is one process's.
mod common;

mod errors;
mod events;
mod examples;
mod migration;
mod networks;
mod pqc;
mod storage;
mod system;
mod transport;
mod vms;
