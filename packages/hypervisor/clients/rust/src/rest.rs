//! REST: the request message's proto3 JSON split into the route's path, query and body, as the
//! service's gRPC layer splits it the other way; the answer read back into the response message.
use std::path::Path;
use std::time::Duration;

use reqwest::{Method, StatusCode};
use serde::de::DeserializeOwned;
use serde::Serialize;
use serde_json::{Map, Value};

use crate::error::kind_of_status;
use crate::{tls, ApiError, Error, Result};

#[derive(Clone)]
pub(crate) struct Rest {
    http: reqwest::Client,
    base: String,
    token: Option<String>,
}

/// Where a call's fields go besides the path: the route's query names, or the one field that
/// holds the body (where the body's names would clash with the path's).
#[derive(Clone, Copy)]
pub(crate) enum Fields {
    Body,
    /// The body, with these fields (`a.b`) set to their JSON (`null`, `[]`) when absent: REST
    /// requires them where proto3 JSON leaves a default out.
    BodyWithDefaults(&'static [(&'static str, &'static str)]),
    Query(&'static [&'static str]),
    BodyField(&'static str),
}

pub(crate) struct Answer {
    pub status: u16,
    pub json: Value,
}

impl Rest {
    pub(crate) fn new(
        url: &str,
        socket: Option<&Path>,
        token: Option<String>,
        pin: Option<[u8; 32]>,
        connect_timeout: Duration,
    ) -> Result<Rest> {
        let config = tls::client_config(pin, &[b"h2", b"http/1.1"])?;
        let mut builder = reqwest::Client::builder().tls_backend_preconfigured(config).connect_timeout(connect_timeout);
        let base = match socket {
            Some(path) => {
                builder = builder.unix_socket(path);
                "http://localhost/api/v1".to_owned()
            }
            None => format!("{}/api/v1", url.trim_end_matches('/')),
        };
        Ok(Rest { http: builder.build().map_err(Error::transport)?, base, token })
    }

    /// A request to `route` (`/vms/{name}`) with the request message's fields.
    pub(crate) fn request(
        &self,
        method: Method,
        route: &str,
        fields: Fields,
        message: &impl Serialize,
    ) -> Result<reqwest::RequestBuilder> {
        let mut json = match serde_json::to_value(message).map_err(Error::transport)? {
            Value::Object(map) => map,
            _ => Map::new(),
        };
        clear_to_null(&mut json);
        let mut path = String::with_capacity(self.base.len() + route.len());
        path.push_str(&self.base);
        for (i, part) in route.split('{').enumerate() {
            match (i, part.split_once('}')) {
                (0, _) | (_, None) => path.push_str(part),
                (_, Some((name, rest))) => {
                    let value = json.remove(name).map(|v| scalar(&v)).unwrap_or_default();
                    if value.is_empty() {
                        return Err(Error::Api(ApiError::new(
                            "VALIDATION_ERROR",
                            format!("'{name}' is required"),
                            crate::ErrorKind::Invalid,
                        )));
                    }
                    encode_segment(&value, &mut path);
                    path.push_str(rest);
                }
            }
        }
        if let Fields::Query(names) = fields {
            let query: Vec<(&str, String)> =
                names.iter().filter_map(|n| json.get(*n).map(|v| (*n, scalar(v)))).collect();
            push_query(&mut path, &query);
        }
        let mut request = self.http.request(method.clone(), path);
        if let Some(token) = &self.token {
            request = request.bearer_auth(token);
        }
        match fields {
            Fields::Query(_) => {}
            Fields::BodyField(field) => {
                let body = json.remove(field).unwrap_or_else(|| Value::Object(Map::new()));
                request = json_body(request, &body)?;
            }
            Fields::BodyWithDefaults(defaults) => {
                let mut body = Value::Object(json);
                for (path, default) in defaults {
                    let default = serde_json::from_str(default).map_err(Error::transport)?;
                    set_default(&mut body, &path.split('.').collect::<Vec<_>>(), &default);
                }
                request = json_body(request, &body)?;
            }
            Fields::Body if method == Method::POST || method == Method::PATCH => {
                request = json_body(request, &Value::Object(json))?;
            }
            Fields::Body => {}
        }
        Ok(request)
    }

    /// Sends `request`; a 2xx answer's JSON (`{}` when empty), else the service's error.
    pub(crate) async fn send(&self, request: reqwest::RequestBuilder) -> Result<Answer> {
        let (status, bytes) = self.receive(request).await?;
        Ok(Answer { status, json: json_of(bytes.as_ref())? })
    }

    /// Sends `request`; a 2xx answer as the message `T`, else the service's error. The body is
    /// read straight into `T`, without the `Value` in between; one it does not fit takes the
    /// way through `Value`, whose error is then the one given.
    pub(crate) async fn call<T: DeserializeOwned>(&self, request: reqwest::RequestBuilder) -> Result<T> {
        let (_, bytes) = self.receive(request).await?;
        let bytes = bytes.as_ref();
        match serde_json::from_slice(if bytes.is_empty() { b"{}" } else { bytes }) {
            Ok(message) => Ok(message),
            Err(_) => decode(json_of(bytes)?),
        }
    }

    /// A 2xx answer's status and body, else the service's error.
    async fn receive(&self, request: reqwest::RequestBuilder) -> Result<(u16, impl AsRef<[u8]>)> {
        let response = request.send().await.map_err(transport)?;
        let status = response.status();
        let request_id = response.headers().get("x-request-id").and_then(|v| v.to_str().ok()).map(str::to_owned);
        let bytes = response.bytes().await.map_err(transport)?;
        if status.is_success() {
            return Ok((status.as_u16(), bytes));
        }
        Err(Error::Api(error_of(status, &bytes, request_id)))
    }

    pub(crate) fn get(&self, path: &str) -> reqwest::RequestBuilder {
        let request = self.http.get(format!("{}{path}", self.base));
        match &self.token {
            Some(token) => request.bearer_auth(token),
            None => request,
        }
    }
}

/// A JSON answer as the message `T`.
pub(crate) fn decode<T: DeserializeOwned>(json: Value) -> Result<T> {
    serde_json::from_value(json).map_err(|e| Error::transport(format!("an answer this client cannot read: {e}")))
}

/// A 2xx answer's body as JSON, `{}` when empty.
fn json_of(bytes: &[u8]) -> Result<Value> {
    if bytes.is_empty() {
        return Ok(Value::Object(Map::new()));
    }
    serde_json::from_slice(bytes).map_err(|e| Error::transport(format!("an answer not JSON: {e}")))
}

fn json_body(request: reqwest::RequestBuilder, body: &Value) -> Result<reqwest::RequestBuilder> {
    let bytes = serde_json::to_vec(body).map_err(Error::transport)?;
    Ok(request.header(reqwest::header::CONTENT_TYPE, "application/json").body(bytes))
}

pub(crate) fn transport(e: reqwest::Error) -> Error {
    if e.is_timeout() {
        return Error::Timeout;
    }
    // The chain names the cause (refused, a TLS alert, the pin): reqwest's own text does not.
    let mut text = e.to_string();
    let mut source = std::error::Error::source(&e);
    while let Some(cause) = source {
        text.push_str(": ");
        text.push_str(&cause.to_string());
        source = cause.source();
    }
    Error::Transport(text)
}

/// The service's error envelope `{"error":{"code","message","details"}}`.
pub(crate) fn error_of(status: StatusCode, body: &[u8], request_id: Option<String>) -> ApiError {
    let envelope: Value = serde_json::from_slice(body).unwrap_or(Value::Null);
    let error = &envelope["error"];
    let code = error["code"].as_str().unwrap_or("HTTP_ERROR");
    let message = error["message"].as_str().map(str::to_owned).unwrap_or_else(|| format!("HTTP {status}"));
    let mut api = ApiError::new(code, message, kind_of_status(status.as_u16(), code));
    if let Value::Object(details) = &error["details"] {
        api.details = details.clone();
    }
    api.status = Some(status.as_u16());
    api.request_id = request_id;
    api
}

/// Sets `path` (`a.b`, `*` for each item of a list) to `default` where it is absent, within
/// the objects that are there.
fn set_default(value: &mut Value, path: &[&str], default: &Value) {
    match (path, value) {
        ([], _) => {}
        (["*", rest @ ..], Value::Array(items)) => items.iter_mut().for_each(|item| set_default(item, rest, default)),
        ([name], Value::Object(object)) => {
            object.entry(*name).or_insert_with(|| default.clone());
        }
        ([name, rest @ ..], Value::Object(object)) => {
            if let Some(inner) = object.get_mut(*name) {
                set_default(inner, rest, default);
            }
        }
        _ => {}
    }
}

/// A message's `clear_x: true` is REST's `"x": null` (a PATCH's "remove it"). Given with `x` it
/// stays, so the service refuses it by name, as over gRPC.
fn clear_to_null(json: &mut Map<String, Value>) {
    let flags: Vec<String> = json.keys().filter(|k| k.starts_with("clear_")).cloned().collect();
    for flag in flags {
        let field = &flag["clear_".len()..];
        if json[&flag] == Value::Bool(true) && !json.contains_key(field) {
            json.remove(&flag);
            json.insert(field.to_owned(), Value::Null);
        }
    }
}

fn scalar(value: &Value) -> String {
    match value {
        Value::String(s) => s.clone(),
        Value::Array(items) => items.iter().map(scalar).collect::<Vec<_>>().join(","),
        Value::Null => String::new(),
        other => other.to_string(),
    }
}

/// Appends `?name=value&...` (nothing when empty).
pub(crate) fn push_query(path: &mut String, query: &[(&str, String)]) {
    for (i, (name, value)) in query.iter().enumerate() {
        path.push(if i == 0 { '?' } else { '&' });
        encode_segment(name, path);
        path.push('=');
        encode_segment(value, path);
    }
}

fn encode_segment(value: &str, out: &mut String) {
    for byte in value.bytes() {
        if byte.is_ascii_alphanumeric() || b"-._~".contains(&byte) {
            out.push(byte as char);
        } else {
            out.push_str(&format!("%{byte:02X}"));
        }
    }
}
