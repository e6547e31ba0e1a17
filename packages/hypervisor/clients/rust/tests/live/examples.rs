//! The README's examples, built by `cargo build --examples` (the wrapper does it before the tests),
//! run against host A: create and start a VM, attest it, list it.
use std::process::Command;

use hypervisor_client::Client;

use crate::both;
use crate::common::*;

/// Runs `target/<profile>/examples/<name>` over `transport`, answers its standard output.
fn example(name: &str, transport: &str, args: &[&str]) -> String {
    // This test binary is target/<profile>/deps/live-<hash>.
    let exe = std::env::current_exe().unwrap();
    let path = exe.parent().unwrap().parent().unwrap().join("examples").join(name);
    let mut command = Command::new(&path);
    command.args(args).env("HV_TOKEN", env("HV_TOKEN")).env_remove("HV_GRPC_ADDR");
    if transport == "grpc" {
        command.env("HV_GRPC_ADDR", env("HV_GRPC_ADDR"));
    }
    let output =
        command.output().unwrap_or_else(|e| panic!("{}: {e} (build it: cargo build --examples)", path.display()));
    let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
    assert!(output.status.success(), "{name}: {stdout}{}", String::from_utf8_lossy(&output.stderr));
    stdout
}

both!(readme_examples, |c: Client| async move {
    let name = unique("ex");
    let t = c.transport();
    let created = example("create_and_start", t, &[&name]);
    assert!(created.contains(&format!("{name} is RUNNING")), "{created}");
    let attested = example("attest", t, &[&name]);
    assert!(attested.contains("valid: true"), "{attested}");
    let listed = example("list_vms", t, &[]);
    assert!(listed.lines().any(|l| l.starts_with(&name) && l.contains("RUNNING")), "{listed}");
});
