//! The event stream, and its resume after a connection this test cuts itself.
use std::sync::{Arc, Mutex};
use std::time::Duration;

use futures_util::StreamExt;
use hypervisor_client::proto::*;
use hypervisor_client::{Client, EventStream};
use tokio::net::{TcpListener, TcpStream};
use tokio::task::AbortHandle;

use crate::common::*;

/// A TCP proxy to `upstream` whose connections the test can cut.
struct Proxy {
    addr: String,
    connections: Arc<Mutex<Vec<AbortHandle>>>,
}

impl Proxy {
    async fn start(upstream: String) -> Proxy {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap().to_string();
        let connections: Arc<Mutex<Vec<AbortHandle>>> = Arc::default();
        let list = connections.clone();
        tokio::spawn(async move {
            while let Ok((mut inbound, _)) = listener.accept().await {
                let upstream = upstream.clone();
                let task = tokio::spawn(async move {
                    let mut outbound = TcpStream::connect(upstream).await.unwrap();
                    let _ = tokio::io::copy_bidirectional(&mut inbound, &mut outbound).await;
                });
                list.lock().unwrap().push(task.abort_handle());
            }
        });
        Proxy { addr, connections }
    }

    /// Closes every connection made so far (both sockets dropped), answers how many there were.
    fn cut(&self) -> usize {
        let connections = std::mem::take(&mut *self.connections.lock().unwrap());
        connections.iter().for_each(AbortHandle::abort);
        connections.len()
    }

    fn client(&self, transport: &str) -> Client {
        let builder = match transport {
            "rest" => Client::rest(&format!("http://{}", self.addr)),
            _ => Client::grpc(&self.addr),
        };
        builder.token(env("HV_TOKEN")).build().unwrap()
    }
}

async fn next(stream: &mut EventStream) -> VmEvent {
    let event = tokio::time::timeout(Duration::from_secs(20), stream.next()).await.expect("an event in time");
    event.expect("the stream goes on").expect("an event")
}

fn state_change(event: &VmEvent) -> (String, String) {
    let data = event.data.as_ref().expect("data");
    let text = |k: &str| match data.fields.get(k).and_then(|v| v.kind.clone()) {
        Some(hypervisor_client::pbjson_types::value::Kind::StringValue(s)) => s,
        other => panic!("{k}: {other:?}"),
    };
    (text("from"), text("to"))
}

/// This VM's state changes from the oldest kept event on.
fn watch(vm: &str) -> WatchRequest {
    WatchRequest { kinds: vec!["vm.state_changed".into()], vm: vm.into(), after_id: Some("0".into()) }
}

/// Reads `stream` into `seen` up to the change to `state`.
async fn until(stream: &mut EventStream, seen: &mut Vec<VmEvent>, state: &str) {
    loop {
        let event = next(stream).await;
        let to = state_change(&event).1;
        seen.push(event);
        if to == state {
            return;
        }
    }
}

async fn resume_case(transport: &str) {
    let c = client(transport);
    let vm = new_vm(&c).await;
    let action = || VmActionRequest { name: vm.name.clone() };
    let proxy = Proxy::start(match transport {
        "rest" => env("HV_REST_URL").trim_start_matches("http://").to_owned(),
        _ => env("HV_GRPC_ADDR"),
    })
    .await;
    let proxied = proxy.client(transport);
    let mut stream = proxied.watch_vm_events(watch(&vm.name));
    let mut seen = Vec::new();
    c.start_vm(action()).await.unwrap();
    until(&mut stream, &mut seen, "RUNNING").await;
    c.pause_vm(action()).await.unwrap();
    until(&mut stream, &mut seen, "PAUSED").await;
    assert!(proxy.cut() >= 1, "the stream went through the proxy");
    // Events while the connection is down: the resumed stream must get them.
    c.resume_vm(action()).await.unwrap();
    c.stop_vm(StopVmRequest { name: vm.name.clone(), force: true }).await.unwrap();
    until(&mut stream, &mut seen, "STOPPED").await;
    assert!(proxy.cut() >= 1, "the stream reconnected through the proxy");
    // The same events read in one go, directly.
    let mut reference = Vec::new();
    until(&mut c.watch_vm_events(watch(&vm.name)), &mut reference, "STOPPED").await;
    let ids = |events: &[VmEvent]| events.iter().map(|e| e.id.clone()).collect::<Vec<_>>();
    assert_eq!(ids(&seen), ids(&reference), "no gap, no duplicate");
    let changes: Vec<_> = seen.iter().map(|e| state_change(e).1).collect();
    assert!(changes.ends_with(&["RUNNING".into(), "PAUSED".into(), "RUNNING".into(), "STOPPED".into()]), "{changes:?}");
    cover(&c, &["WatchVmEvents", "feature:events-resume"]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn events_resume_rest() {
    resume_case("rest").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn events_resume_grpc() {
    resume_case("grpc").await;
}
