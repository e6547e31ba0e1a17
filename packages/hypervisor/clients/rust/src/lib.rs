//! Client for the hypervisor management API, revision 1.0, over gRPC (tonic) and REST (reqwest)
//! with one set of types: the messages generated from the service's proto files, whose serde
//! impls are the proto3 JSON mapping REST speaks.
//!
//! ```no_run
//! use hypervisor_client::{Client, proto::ListVmsRequest};
//! # async fn run() -> hypervisor_client::Result<()> {
//! let client = Client::grpc("127.0.0.1:9401").token("hvt_...").build()?;
//! for vm in client.list_vms(ListVmsRequest {}).await?.vms {
//!     println!("{} {}", vm.name, vm.state);
//! }
//! # Ok(()) }
//! ```
//!
//! Every operation is a method named after its RPC (`ListVms` is `list_vms`), the same over both
//! transports; see the README for TLS pinning, the Unix socket, errors, timeouts and cancellation.
#![cfg_attr(docsrs, feature(doc_cfg))]

#[cfg(not(any(feature = "grpc", feature = "rest")))]
compile_error!("hypervisor-client needs the feature `grpc`, `rest` or both");

mod attest;
mod client;
mod error;
mod events;
#[cfg(feature = "grpc")]
mod grpc;
#[cfg(feature = "rest")]
mod rest;
mod tls;

/// The generated code: messages, gRPC stubs, serde impls, error codes.
#[rustfmt::skip]
pub mod gen;

/// The API's messages (`hypervisor.v1`), and the tonic stubs under `*_client`.
pub use gen as proto;

pub use client::{Client, ClientBuilder};
pub use error::{ApiError, Error, ErrorCode, ErrorKind, Result};
pub use events::EventStream;
/// Well-known types (`Struct`, `Timestamp`, `Value`) with the proto3 JSON mapping.
pub use pbjson_types;
