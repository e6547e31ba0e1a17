//! Typed errors: the service's code, kind, message and details, the same names as the other
//! languages' clients (see docs/hypervisor-clients.md).
use std::fmt;

pub use crate::gen::error_codes::ErrorCode;

/// What went wrong: the catalogue's kinds (clients/errors.json) plus the client-side `Timeout`, `Cancelled` and
/// `Transport`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ErrorKind {
    Invalid,
    Unauthenticated,
    Forbidden,
    NotFound,
    AlreadyExists,
    Conflict,
    TooLarge,
    RateLimited,
    HeadersTooLarge,
    Unprocessable,
    Unavailable,
    Internal,
    /// The client's deadline passed (or the service answered `DEADLINE_EXCEEDED`).
    Timeout,
    /// The call was cancelled (or the operation it awaited was).
    Cancelled,
    /// No answer: connection refused or dropped, TLS or pin failure, an unreadable answer.
    Transport,
}

impl ErrorKind {
    /// The kind's name as every client spells it (`not_found`).
    pub fn as_str(self) -> &'static str {
        match self {
            ErrorKind::Invalid => "invalid",
            ErrorKind::Unauthenticated => "unauthenticated",
            ErrorKind::Forbidden => "forbidden",
            ErrorKind::NotFound => "not_found",
            ErrorKind::AlreadyExists => "already_exists",
            ErrorKind::Conflict => "conflict",
            ErrorKind::TooLarge => "too_large",
            ErrorKind::RateLimited => "rate_limited",
            ErrorKind::HeadersTooLarge => "headers_too_large",
            ErrorKind::Unprocessable => "unprocessable",
            ErrorKind::Unavailable => "unavailable",
            ErrorKind::Internal => "internal",
            ErrorKind::Timeout => "timeout",
            ErrorKind::Cancelled => "cancelled",
            ErrorKind::Transport => "transport",
        }
    }
}

/// An error the service answered.
#[derive(Debug, Clone, PartialEq)]
pub struct ApiError {
    pub code: ErrorCode,
    pub kind: ErrorKind,
    pub message: String,
    /// The REST envelope's `details`; over gRPC the `ErrorInfo` metadata, JSON values parsed back.
    pub details: serde_json::Map<String, serde_json::Value>,
    /// The HTTP status (REST).
    pub status: Option<u16>,
    /// The gRPC status code (gRPC), as its number (`5` is NOT_FOUND).
    pub grpc_code: Option<i32>,
    pub request_id: Option<String>,
}

impl ApiError {
    pub(crate) fn new(code: &str, message: String, fallback: ErrorKind) -> ApiError {
        let code = ErrorCode::parse(code);
        ApiError {
            kind: code.kind().unwrap_or(fallback),
            code,
            message,
            details: serde_json::Map::new(),
            status: None,
            grpc_code: None,
            request_id: None,
        }
    }
}

/// Every failure of a call.
#[derive(Debug)]
#[non_exhaustive]
pub enum Error {
    /// The service answered an error.
    Api(ApiError),
    /// The per-call or per-client timeout passed.
    Timeout,
    /// The call, or the operation it awaited, was cancelled.
    Cancelled,
    /// No usable answer: connection, TLS (a wrong pin among them) or decoding.
    Transport(String),
}

pub type Result<T, E = Error> = std::result::Result<T, E>;

impl Error {
    pub fn kind(&self) -> ErrorKind {
        match self {
            Error::Api(e) => e.kind,
            Error::Timeout => ErrorKind::Timeout,
            Error::Cancelled => ErrorKind::Cancelled,
            Error::Transport(_) => ErrorKind::Transport,
        }
    }

    /// The service's error, when it answered one.
    pub fn api(&self) -> Option<&ApiError> {
        match self {
            Error::Api(e) => Some(e),
            _ => None,
        }
    }

    /// The service's code, when it answered an error.
    pub fn code(&self) -> Option<&ErrorCode> {
        self.api().map(|e| &e.code)
    }

    pub(crate) fn transport(what: impl fmt::Display) -> Error {
        Error::Transport(what.to_string())
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Api(e) => write!(f, "{} ({}): {}", e.code.as_str(), e.kind.as_str(), e.message),
            Error::Timeout => f.write_str("the call timed out"),
            Error::Cancelled => f.write_str("the call was cancelled"),
            Error::Transport(m) => write!(f, "transport: {m}"),
        }
    }
}

impl std::error::Error for Error {}

/// The kind of an HTTP status, for a code the client does not know.
#[cfg(feature = "rest")]
pub(crate) fn kind_of_status(status: u16, code: &str) -> ErrorKind {
    match status {
        // 405, 408, 414, 415 too: the catalogue counts them as the caller's mistakes.
        400 | 405 | 408 | 414 | 415 => ErrorKind::Invalid,
        401 => ErrorKind::Unauthenticated,
        403 => ErrorKind::Forbidden,
        404 => ErrorKind::NotFound,
        409 if code.ends_with("_ALREADY_EXISTS") || code.ends_with("_EXISTS") => ErrorKind::AlreadyExists,
        409 => ErrorKind::Conflict,
        413 => ErrorKind::TooLarge,
        422 => ErrorKind::Unprocessable,
        429 => ErrorKind::RateLimited,
        431 => ErrorKind::HeadersTooLarge,
        503 => ErrorKind::Unavailable,
        _ => ErrorKind::Internal,
    }
}
