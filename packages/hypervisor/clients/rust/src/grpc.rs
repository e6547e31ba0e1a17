//! gRPC: a tonic channel over TCP, TLS (rustls, with the pin) or a Unix socket; errors read from
//! the status's `google.rpc.ErrorInfo`.
use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use hyper_util::rt::TokioIo;
use prost::Message;
use tokio::net::{TcpStream, UnixStream};
use tonic::metadata::{AsciiMetadataValue, MetadataMap};
use tonic::transport::{Channel, Endpoint, Uri};
use tonic::{Code, Status};

use crate::{tls, ApiError, Error, ErrorKind, Result};

#[derive(Clone)]
pub(crate) struct Grpc {
    pub channel: Channel,
    token: Option<AsciiMetadataValue>,
}

pub(crate) enum Target {
    Tcp { addr: String, tls: bool, pin: Option<[u8; 32]> },
    Unix(PathBuf),
}

impl Grpc {
    /// Connects lazily: the first call dials (and a pin is checked before any request is sent).
    pub(crate) fn new(target: Target, token: Option<String>, connect_timeout: Duration) -> Result<Grpc> {
        let token = token
            .map(|t| format!("Bearer {t}").parse::<AsciiMetadataValue>())
            .transpose()
            .map_err(|_| Error::transport("the token is not valid metadata"))?;
        let channel = match target {
            Target::Tcp { addr, tls: false, .. } => endpoint(&addr, connect_timeout)?.connect_lazy(),
            Target::Tcp { addr, pin, .. } => {
                let config = Arc::new(tls::client_config(pin, &[b"h2"])?);
                let host = addr.rsplit_once(':').map_or(addr.as_str(), |(h, _)| h).trim_matches(['[', ']']).to_owned();
                let server_name = rustls::pki_types::ServerName::try_from(host).map_err(Error::transport)?;
                let connector = tower::service_fn(move |uri: Uri| {
                    let (config, server_name) = (config.clone(), server_name.clone());
                    async move {
                        let authority = uri.authority().map(|a| a.to_string()).unwrap_or_default();
                        let tcp = TcpStream::connect(authority).await?;
                        tcp.set_nodelay(true)?;
                        let stream = tokio_rustls::TlsConnector::from(config).connect(server_name, tcp).await?;
                        Ok::<_, std::io::Error>(TokioIo::new(stream))
                    }
                });
                // `http`: the TLS is this connector's, tonic's own TLS is not built in.
                endpoint(&addr, connect_timeout)?.connect_with_connector_lazy(connector)
            }
            Target::Unix(path) => {
                let connector = tower::service_fn(move |_: Uri| {
                    let path = path.clone();
                    async move { Ok::<_, std::io::Error>(TokioIo::new(UnixStream::connect(path).await?)) }
                });
                endpoint("localhost", connect_timeout)?.connect_with_connector_lazy(connector)
            }
        };
        Ok(Grpc { channel, token })
    }

    /// The call's request: the token, and the deadline the service also honours.
    pub(crate) fn request<T>(&self, message: T, timeout: Option<Duration>) -> tonic::Request<T> {
        let mut request = tonic::Request::new(message);
        if let Some(token) = &self.token {
            request.metadata_mut().insert("authorization", token.clone());
        }
        if let Some(timeout) = timeout {
            request.set_timeout(timeout);
        }
        request
    }
}

fn endpoint(addr: &str, connect_timeout: Duration) -> Result<Endpoint> {
    Endpoint::from_shared(format!("http://{addr}"))
        .map_err(Error::transport)
        .map(|e| e.connect_timeout(connect_timeout).tcp_nodelay(true))
}

#[derive(Clone, PartialEq, Message)]
struct RpcStatus {
    #[prost(int32, tag = "1")]
    code: i32,
    #[prost(string, tag = "2")]
    message: String,
    #[prost(message, repeated, tag = "3")]
    details: Vec<ProtoAny>,
}

#[derive(Clone, PartialEq, Message)]
struct ProtoAny {
    #[prost(string, tag = "1")]
    type_url: String,
    #[prost(bytes = "vec", tag = "2")]
    value: Vec<u8>,
}

/// `google.rpc.ErrorInfo`: `reason` is the service's code, `metadata` its details.
#[derive(Clone, PartialEq, Message)]
struct ErrorInfo {
    #[prost(string, tag = "1")]
    reason: String,
    #[prost(string, tag = "2")]
    domain: String,
    #[prost(map = "string, string", tag = "3")]
    metadata: HashMap<String, String>,
}

fn kind_of_code(code: Code, reason: &str) -> ErrorKind {
    match code {
        Code::InvalidArgument | Code::OutOfRange => ErrorKind::Invalid,
        Code::Unauthenticated => ErrorKind::Unauthenticated,
        Code::PermissionDenied => ErrorKind::Forbidden,
        Code::NotFound => ErrorKind::NotFound,
        Code::AlreadyExists => ErrorKind::AlreadyExists,
        Code::FailedPrecondition | Code::Aborted => ErrorKind::Conflict,
        Code::ResourceExhausted if reason == "RATE_LIMITED" => ErrorKind::RateLimited,
        Code::ResourceExhausted => ErrorKind::TooLarge,
        Code::Unavailable => ErrorKind::Unavailable,
        _ => ErrorKind::Internal,
    }
}

/// A failed call's error: the service's, or the client's (deadline, cancel, no connection).
pub(crate) fn error_of(status: Status) -> Error {
    let info = RpcStatus::decode(status.details())
        .ok()
        .and_then(|s| s.details.into_iter().find(|d| d.type_url.ends_with("google.rpc.ErrorInfo")))
        .and_then(|any| ErrorInfo::decode(any.value.as_slice()).ok());
    let Some(info) = info else {
        return match status.code() {
            Code::DeadlineExceeded => Error::Timeout,
            Code::Cancelled => Error::Cancelled,
            // tonic's own errors (refused, reset, a TLS failure) are `Unavailable`/`Unknown` with
            // no ErrorInfo: the service always sends one.
            Code::Unavailable | Code::Unknown | Code::Internal => Error::Transport(status.message().to_owned()),
            code => {
                let mut api = ApiError::new("", status.message().to_owned(), kind_of_code(code, ""));
                api.grpc_code = Some(code as i32);
                api.request_id = request_id(status.metadata());
                Error::Api(api)
            }
        };
    };
    let mut api = ApiError::new(&info.reason, status.message().to_owned(), kind_of_code(status.code(), &info.reason));
    api.details = info
        .metadata
        .into_iter()
        // Strings as they are, other values as JSON text.
        .map(|(k, v)| {
            let value = match serde_json::from_str::<serde_json::Value>(&v) {
                Ok(json) if !json.is_string() => json,
                _ => serde_json::Value::String(v),
            };
            (k, value)
        })
        .collect();
    api.grpc_code = Some(status.code() as i32);
    api.request_id = request_id(status.metadata())
        .or_else(|| api.details.get("request_id").and_then(|v| v.as_str()).map(str::to_owned));
    Error::Api(api)
}

fn request_id(metadata: &MetadataMap) -> Option<String> {
    metadata.get("x-request-id").and_then(|v| v.to_str().ok()).map(str::to_owned)
}
