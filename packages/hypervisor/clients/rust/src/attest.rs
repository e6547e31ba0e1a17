//! An attestation report as the bytes its signature covers: REST's JSON, which is the report's
//! proto3 JSON with the proto field names and every field emitted, defaults and nulls included.
use pbjson_types::Struct;
use serde_json::{json, Value};

use crate::gen::{AttestMeasuredDisk, AttestReport};
use crate::{Error, Result};

fn value(v: &Option<pbjson_types::Value>) -> Result<Value> {
    v.as_ref().map_or(Ok(Value::Null), |v| serde_json::to_value(v).map_err(Error::transport))
}

impl AttestReport {
    /// The report as `VerifyAttestation` takes it (a `Struct` of REST's JSON), so a report made
    /// over either transport verifies over either.
    pub fn to_struct(&self) -> Result<Struct> {
        let vm = self.vm.clone().unwrap_or_default();
        let measurement = self.measurement.clone().unwrap_or_default();
        let components = measurement.components.clone().unwrap_or_default();
        let host = self.host.clone().unwrap_or_default();
        let key = self.key.clone().unwrap_or_default();
        let disk = |d: &AttestMeasuredDisk| json!({"name": d.name, "format": d.format, "virtual_size_bytes": d.virtual_size_bytes});
        let report = json!({
            "format": self.format,
            "vm": {"name": vm.name, "uuid": vm.uuid},
            "platform": {"type": self.platform.clone().unwrap_or_default().r#type},
            "measurement": {
                "algorithm": measurement.algorithm,
                "value": measurement.value,
                "components": {
                    "definition": components.definition,
                    "kernel": value(&components.kernel)?,
                    "initrd": value(&components.initrd)?,
                    "firmware": value(&components.firmware)?,
                    "disks": components.disks.iter().map(disk).collect::<Vec<_>>(),
                },
            },
            "nonce": self.nonce,
            "timestamp": self.timestamp,
            "counter": self.counter,
            "host": {
                "hostname": host.hostname,
                "kernel": host.kernel,
                "cpu_model": host.cpu_model,
                "qemu_version": value(&host.qemu_version)?,
                "driver": host.driver,
                "accelerator": host.accelerator,
                "service_version": host.service_version,
            },
            "key": {"name": key.name, "version": key.version, "fingerprint": key.fingerprint},
            "algorithm": self.algorithm,
            "signature": self.signature,
        });
        serde_json::from_value(report).map_err(Error::transport)
    }
}
