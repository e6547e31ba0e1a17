//! The event stream with resume: SSE over REST, `WatchVmEvents` over gRPC. A dropped connection,
//! or a stream the service ended (it restarts), is reopened from the last event's id, so the
//! consumer sees every event once, in order.
use std::pin::Pin;
use std::task::{Context, Poll};
use std::time::Duration;

use futures_util::stream::{BoxStream, Stream, StreamExt};

use crate::client::{Client, Transport};
use crate::gen::{VmEvent, WatchRequest};
use crate::{Error, ErrorKind, Result};

/// How many times in a row a dropped stream is reopened before its error is answered.
const REOPEN_ATTEMPTS: u32 = 8;

/// Events as they happen: `while let Some(event) = stream.next().await`. Ends after an error the
/// stream cannot get past (a refused token, a service gone for good).
pub struct EventStream {
    inner: BoxStream<'static, Result<VmEvent>>,
}

impl Stream for EventStream {
    type Item = Result<VmEvent>;

    fn poll_next(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Self::Item>> {
        self.inner.poll_next_unpin(cx)
    }
}

struct Watch {
    client: Client,
    request: WatchRequest,
    current: Option<BoxStream<'static, Result<VmEvent>>>,
    attempts: u32,
    ended: bool,
}

impl Client {
    /// Follows the event stream (`kinds`, `vm` filter it; `after_id` starts after that event).
    /// Opening is lazy: the first `next()` connects.
    pub fn watch_vm_events(&self, request: WatchRequest) -> EventStream {
        let watch = Watch { client: self.clone(), request, current: None, attempts: 0, ended: false };
        let inner = futures_util::stream::unfold(watch, |mut watch| async move {
            if watch.ended {
                return None;
            }
            loop {
                let stream = match watch.current.as_mut() {
                    Some(stream) => stream,
                    None => match watch.client.open_events(&watch.request).await {
                        Ok(stream) => watch.current.insert(stream),
                        Err(error) => {
                            if !watch.retry(&error).await {
                                watch.ended = true;
                                return Some((Err(error), watch));
                            }
                            continue;
                        }
                    },
                };
                match stream.next().await {
                    Some(Ok(event)) => {
                        watch.request.after_id = Some(event.id.clone());
                        watch.attempts = 0;
                        return Some((Ok(event), watch));
                    }
                    Some(Err(error)) => {
                        watch.current = None;
                        if !watch.retry(&error).await {
                            watch.ended = true;
                            return Some((Err(error), watch));
                        }
                    }
                    // The service ended it (a restart, a shutdown): resume, maybe elsewhere.
                    None => {
                        watch.current = None;
                        if !watch.retry(&Error::transport("the stream ended")).await {
                            watch.ended = true;
                            return Some((Err(Error::transport("the event stream keeps ending")), watch));
                        }
                    }
                }
            }
        });
        EventStream { inner: inner.boxed() }
    }

    /// One connection's events.
    async fn open_events(&self, request: &WatchRequest) -> Result<BoxStream<'static, Result<VmEvent>>> {
        match &self.transport {
            #[cfg(feature = "rest")]
            Transport::Rest(rest) => {
                let mut query: Vec<(&str, String)> = Vec::new();
                if !request.kinds.is_empty() {
                    query.push(("kinds", request.kinds.join(",")));
                }
                if !request.vm.is_empty() {
                    query.push(("vm", request.vm.clone()));
                }
                let mut path = "/events".to_owned();
                crate::rest::push_query(&mut path, &query);
                let mut req = rest.get(&path).header("accept", "text/event-stream");
                if let Some(after) = &request.after_id {
                    req = req.header("last-event-id", after);
                }
                let response = req.send().await.map_err(crate::rest::transport)?;
                if !response.status().is_success() {
                    let status = response.status();
                    let id = response.headers().get("x-request-id").and_then(|v| v.to_str().ok()).map(str::to_owned);
                    let body = response.bytes().await.map_err(crate::rest::transport)?;
                    return Err(Error::Api(crate::rest::error_of(status, &body, id)));
                }
                Ok(sse(response).boxed())
            }
            #[cfg(feature = "grpc")]
            Transport::Grpc(grpc) => {
                let mut stub = crate::gen::vm_service_client::VmServiceClient::new(grpc.channel.clone());
                // No deadline: a watch lasts until the consumer drops it.
                let response = stub.watch_vm_events(grpc.request(request.clone(), None)).await;
                let stream = response.map_err(crate::grpc::error_of)?.into_inner();
                Ok(stream.map(|item| item.map_err(crate::grpc::error_of)).boxed())
            }
        }
    }
}

impl Watch {
    /// Waits before reopening after `error`, or says the stream cannot go on.
    async fn retry(&mut self, error: &Error) -> bool {
        if !matches!(error.kind(), ErrorKind::Transport | ErrorKind::Unavailable) || self.attempts >= REOPEN_ATTEMPTS {
            return false;
        }
        tokio::time::sleep(Duration::from_millis(50 << self.attempts.min(5))).await;
        self.attempts += 1;
        true
    }
}

/// Server-sent events (`id:`, `event:`, `data:` lines, a blank line ends one) as `VmEvent`s.
#[cfg(feature = "rest")]
fn sse(response: reqwest::Response) -> impl Stream<Item = Result<VmEvent>> + Send {
    let state = (response, String::new(), std::collections::VecDeque::<VmEvent>::new());
    futures_util::stream::unfold(Some(state), |state| async move {
        let (mut response, mut buffer, mut ready) = state?;
        loop {
            if let Some(event) = ready.pop_front() {
                return Some((Ok(event), Some((response, buffer, ready))));
            }
            match response.chunk().await {
                Ok(Some(chunk)) => {
                    buffer.push_str(&String::from_utf8_lossy(&chunk));
                    while let Some(end) = buffer.find("\n\n") {
                        let block: String = buffer.drain(..end + 2).collect();
                        match parse_event(&block) {
                            Ok(Some(event)) => ready.push_back(event),
                            Ok(None) => {}
                            Err(error) => return Some((Err(error), None)),
                        }
                    }
                }
                Ok(None) => return None,
                Err(error) => return Some((Err(crate::rest::transport(error)), None)),
            }
        }
    })
}

#[cfg(feature = "rest")]
fn parse_event(block: &str) -> Result<Option<VmEvent>> {
    let (mut id, mut kind, mut data) = (String::new(), String::new(), String::new());
    for line in block.lines() {
        let (field, value) = line.split_once(':').unwrap_or((line, ""));
        let value = value.strip_prefix(' ').unwrap_or(value);
        match field {
            "id" => id = value.to_owned(),
            "event" => kind = value.to_owned(),
            "data" => {
                if !data.is_empty() {
                    data.push('\n');
                }
                data.push_str(value);
            }
            _ => {} // comments (heartbeats) and `retry:`
        }
    }
    if data.is_empty() {
        return Ok(None);
    }
    let data = serde_json::from_str(&data).map_err(|e| Error::transport(format!("an event not JSON: {e}")))?;
    Ok(Some(VmEvent { id, kind, data: Some(data) }))
}
