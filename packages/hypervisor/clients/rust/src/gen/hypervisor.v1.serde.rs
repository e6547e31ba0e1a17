impl serde::Serialize for AcceleratorSelection {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.requested.is_empty() {
            len += 1;
        }
        if !self.selected.is_empty() {
            len += 1;
        }
        if !self.reason.is_empty() {
            len += 1;
        }
        if self.probed_at.is_some() {
            len += 1;
        }
        if self.probe_ms.is_some() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("hypervisor.v1.AcceleratorSelection", len)?;
        if !self.requested.is_empty() {
            struct_ser.serialize_field("requested", &self.requested)?;
        }
        if !self.selected.is_empty() {
            struct_ser.serialize_field("selected", &self.selected)?;
        }
        if !self.reason.is_empty() {
            struct_ser.serialize_field("reason", &self.reason)?;
        }
        if let Some(v) = self.probed_at.as_ref() {
            struct_ser.serialize_field("probed_at", v)?;
        }
        if let Some(v) = self.probe_ms.as_ref() {
            struct_ser.serialize_field("probe_ms", v)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for AcceleratorSelection {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "requested",
            "selected",
            "reason",
            "probed_at",
            "probedAt",
            "probe_ms",
            "probeMs",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Requested,
            Selected,
            Reason,
            ProbedAt,
            ProbeMs,
            __SkipField__,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "requested" => Ok(GeneratedField::Requested),
                            "selected" => Ok(GeneratedField::Selected),
                            "reason" => Ok(GeneratedField::Reason),
                            "probedAt" | "probed_at" => Ok(GeneratedField::ProbedAt),
                            "probeMs" | "probe_ms" => Ok(GeneratedField::ProbeMs),
                            _ => Ok(GeneratedField::__SkipField__),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = AcceleratorSelection;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct hypervisor.v1.AcceleratorSelection")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<AcceleratorSelection, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut requested__ = None;
                let mut selected__ = None;
                let mut reason__ = None;
                let mut probed_at__ = None;
                let mut probe_ms__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Requested => {
                            if requested__.is_some() {
                                return Err(serde::de::Error::duplicate_field("requested"));
                            }
                            requested__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Selected => {
                            if selected__.is_some() {
                                return Err(serde::de::Error::duplicate_field("selected"));
                            }
                            selected__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Reason => {
                            if reason__.is_some() {
                                return Err(serde::de::Error::duplicate_field("reason"));
                            }
                            reason__ = Some(map_.next_value()?);
                        }
                        GeneratedField::ProbedAt => {
                            if probed_at__.is_some() {
                                return Err(serde::de::Error::duplicate_field("probedAt"));
                            }
                            probed_at__ = map_.next_value()?;
                        }
                        GeneratedField::ProbeMs => {
                            if probe_ms__.is_some() {
                                return Err(serde::de::Error::duplicate_field("probeMs"));
                            }
                            probe_ms__ = 
                                map_.next_value::<::std::option::Option<::pbjson::private::NumberDeserialize<_>>>()?.map(|x| x.0)
                            ;
                        }
                        GeneratedField::__SkipField__ => {
                            let _ = map_.next_value::<serde::de::IgnoredAny>()?;
                        }
                    }
                }
                Ok(AcceleratorSelection {
                    requested: requested__.unwrap_or_default(),
                    selected: selected__.unwrap_or_default(),
                    reason: reason__.unwrap_or_default(),
                    probed_at: probed_at__,
                    probe_ms: probe_ms__,
                })
            }
        }
        deserializer.deserialize_struct("hypervisor.v1.AcceleratorSelection", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for AddForwardRequest {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.name.is_empty() {
            len += 1;
        }
        if !self.protocol.is_empty() {
            len += 1;
        }
        if self.listen_address.is_some() {
            len += 1;
        }
        if self.listen_port != 0 {
            len += 1;
        }
        if !self.vm.is_empty() {
            len += 1;
        }
        if self.guest_port != 0 {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("hypervisor.v1.AddForwardRequest", len)?;
        if !self.name.is_empty() {
            struct_ser.serialize_field("name", &self.name)?;
        }
        if !self.protocol.is_empty() {
            struct_ser.serialize_field("protocol", &self.protocol)?;
        }
        if let Some(v) = self.listen_address.as_ref() {
            struct_ser.serialize_field("listen_address", v)?;
        }
        if self.listen_port != 0 {
            struct_ser.serialize_field("listen_port", &self.listen_port)?;
        }
        if !self.vm.is_empty() {
            struct_ser.serialize_field("vm", &self.vm)?;
        }
        if self.guest_port != 0 {
            struct_ser.serialize_field("guest_port", &self.guest_port)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for AddForwardRequest {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "name",
            "protocol",
            "listen_address",
            "listenAddress",
            "listen_port",
            "listenPort",
            "vm",
            "guest_port",
            "guestPort",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Name,
            Protocol,
            ListenAddress,
            ListenPort,
            Vm,
            GuestPort,
            __SkipField__,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "name" => Ok(GeneratedField::Name),
                            "protocol" => Ok(GeneratedField::Protocol),
                            "listenAddress" | "listen_address" => Ok(GeneratedField::ListenAddress),
                            "listenPort" | "listen_port" => Ok(GeneratedField::ListenPort),
                            "vm" => Ok(GeneratedField::Vm),
                            "guestPort" | "guest_port" => Ok(GeneratedField::GuestPort),
                            _ => Ok(GeneratedField::__SkipField__),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = AddForwardRequest;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct hypervisor.v1.AddForwardRequest")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<AddForwardRequest, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut name__ = None;
                let mut protocol__ = None;
                let mut listen_address__ = None;
                let mut listen_port__ = None;
                let mut vm__ = None;
                let mut guest_port__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Name => {
                            if name__.is_some() {
                                return Err(serde::de::Error::duplicate_field("name"));
                            }
                            name__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Protocol => {
                            if protocol__.is_some() {
                                return Err(serde::de::Error::duplicate_field("protocol"));
                            }
                            protocol__ = Some(map_.next_value()?);
                        }
                        GeneratedField::ListenAddress => {
                            if listen_address__.is_some() {
                                return Err(serde::de::Error::duplicate_field("listenAddress"));
                            }
                            listen_address__ = map_.next_value()?;
                        }
                        GeneratedField::ListenPort => {
                            if listen_port__.is_some() {
                                return Err(serde::de::Error::duplicate_field("listenPort"));
                            }
                            listen_port__ = 
                                Some(map_.next_value::<::pbjson::private::NumberDeserialize<_>>()?.0)
                            ;
                        }
                        GeneratedField::Vm => {
                            if vm__.is_some() {
                                return Err(serde::de::Error::duplicate_field("vm"));
                            }
                            vm__ = Some(map_.next_value()?);
                        }
                        GeneratedField::GuestPort => {
                            if guest_port__.is_some() {
                                return Err(serde::de::Error::duplicate_field("guestPort"));
                            }
                            guest_port__ = 
                                Some(map_.next_value::<::pbjson::private::NumberDeserialize<_>>()?.0)
                            ;
                        }
                        GeneratedField::__SkipField__ => {
                            let _ = map_.next_value::<serde::de::IgnoredAny>()?;
                        }
                    }
                }
                Ok(AddForwardRequest {
                    name: name__.unwrap_or_default(),
                    protocol: protocol__.unwrap_or_default(),
                    listen_address: listen_address__,
                    listen_port: listen_port__.unwrap_or_default(),
                    vm: vm__.unwrap_or_default(),
                    guest_port: guest_port__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("hypervisor.v1.AddForwardRequest", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for AddRuleRequest {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.name.is_empty() {
            len += 1;
        }
        if !self.direction.is_empty() {
            len += 1;
        }
        if !self.action.is_empty() {
            len += 1;
        }
        if !self.protocol.is_empty() {
            len += 1;
        }
        if self.ports.is_some() {
            len += 1;
        }
        if self.source.is_some() {
            len += 1;
        }
        if self.destination.is_some() {
            len += 1;
        }
        if self.vm.is_some() {
            len += 1;
        }
        if self.position.is_some() {
            len += 1;
        }
        if self.comment.is_some() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("hypervisor.v1.AddRuleRequest", len)?;
        if !self.name.is_empty() {
            struct_ser.serialize_field("name", &self.name)?;
        }
        if !self.direction.is_empty() {
            struct_ser.serialize_field("direction", &self.direction)?;
        }
        if !self.action.is_empty() {
            struct_ser.serialize_field("action", &self.action)?;
        }
        if !self.protocol.is_empty() {
            struct_ser.serialize_field("protocol", &self.protocol)?;
        }
        if let Some(v) = self.ports.as_ref() {
            struct_ser.serialize_field("ports", v)?;
        }
        if let Some(v) = self.source.as_ref() {
            struct_ser.serialize_field("source", v)?;
        }
        if let Some(v) = self.destination.as_ref() {
            struct_ser.serialize_field("destination", v)?;
        }
        if let Some(v) = self.vm.as_ref() {
            struct_ser.serialize_field("vm", v)?;
        }
        if let Some(v) = self.position.as_ref() {
            struct_ser.serialize_field("position", v)?;
        }
        if let Some(v) = self.comment.as_ref() {
            struct_ser.serialize_field("comment", v)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for AddRuleRequest {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "name",
            "direction",
            "action",
            "protocol",
            "ports",
            "source",
            "destination",
            "vm",
            "position",
            "comment",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Name,
            Direction,
            Action,
            Protocol,
            Ports,
            Source,
            Destination,
            Vm,
            Position,
            Comment,
            __SkipField__,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "name" => Ok(GeneratedField::Name),
                            "direction" => Ok(GeneratedField::Direction),
                            "action" => Ok(GeneratedField::Action),
                            "protocol" => Ok(GeneratedField::Protocol),
                            "ports" => Ok(GeneratedField::Ports),
                            "source" => Ok(GeneratedField::Source),
                            "destination" => Ok(GeneratedField::Destination),
                            "vm" => Ok(GeneratedField::Vm),
                            "position" => Ok(GeneratedField::Position),
                            "comment" => Ok(GeneratedField::Comment),
                            _ => Ok(GeneratedField::__SkipField__),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = AddRuleRequest;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct hypervisor.v1.AddRuleRequest")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<AddRuleRequest, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut name__ = None;
                let mut direction__ = None;
                let mut action__ = None;
                let mut protocol__ = None;
                let mut ports__ = None;
                let mut source__ = None;
                let mut destination__ = None;
                let mut vm__ = None;
                let mut position__ = None;
                let mut comment__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Name => {
                            if name__.is_some() {
                                return Err(serde::de::Error::duplicate_field("name"));
                            }
                            name__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Direction => {
                            if direction__.is_some() {
                                return Err(serde::de::Error::duplicate_field("direction"));
                            }
                            direction__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Action => {
                            if action__.is_some() {
                                return Err(serde::de::Error::duplicate_field("action"));
                            }
                            action__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Protocol => {
                            if protocol__.is_some() {
                                return Err(serde::de::Error::duplicate_field("protocol"));
                            }
                            protocol__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Ports => {
                            if ports__.is_some() {
                                return Err(serde::de::Error::duplicate_field("ports"));
                            }
                            ports__ = map_.next_value()?;
                        }
                        GeneratedField::Source => {
                            if source__.is_some() {
                                return Err(serde::de::Error::duplicate_field("source"));
                            }
                            source__ = map_.next_value()?;
                        }
                        GeneratedField::Destination => {
                            if destination__.is_some() {
                                return Err(serde::de::Error::duplicate_field("destination"));
                            }
                            destination__ = map_.next_value()?;
                        }
                        GeneratedField::Vm => {
                            if vm__.is_some() {
                                return Err(serde::de::Error::duplicate_field("vm"));
                            }
                            vm__ = map_.next_value()?;
                        }
                        GeneratedField::Position => {
                            if position__.is_some() {
                                return Err(serde::de::Error::duplicate_field("position"));
                            }
                            position__ = 
                                map_.next_value::<::std::option::Option<::pbjson::private::NumberDeserialize<_>>>()?.map(|x| x.0)
                            ;
                        }
                        GeneratedField::Comment => {
                            if comment__.is_some() {
                                return Err(serde::de::Error::duplicate_field("comment"));
                            }
                            comment__ = map_.next_value()?;
                        }
                        GeneratedField::__SkipField__ => {
                            let _ = map_.next_value::<serde::de::IgnoredAny>()?;
                        }
                    }
                }
                Ok(AddRuleRequest {
                    name: name__.unwrap_or_default(),
                    direction: direction__.unwrap_or_default(),
                    action: action__.unwrap_or_default(),
                    protocol: protocol__.unwrap_or_default(),
                    ports: ports__,
                    source: source__,
                    destination: destination__,
                    vm: vm__,
                    position: position__,
                    comment: comment__,
                })
            }
        }
        deserializer.deserialize_struct("hypervisor.v1.AddRuleRequest", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for AttestHost {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.hostname.is_empty() {
            len += 1;
        }
        if !self.kernel.is_empty() {
            len += 1;
        }
        if !self.cpu_model.is_empty() {
            len += 1;
        }
        if self.qemu_version.is_some() {
            len += 1;
        }
        if !self.driver.is_empty() {
            len += 1;
        }
        if !self.accelerator.is_empty() {
            len += 1;
        }
        if !self.service_version.is_empty() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("hypervisor.v1.AttestHost", len)?;
        if !self.hostname.is_empty() {
            struct_ser.serialize_field("hostname", &self.hostname)?;
        }
        if !self.kernel.is_empty() {
            struct_ser.serialize_field("kernel", &self.kernel)?;
        }
        if !self.cpu_model.is_empty() {
            struct_ser.serialize_field("cpu_model", &self.cpu_model)?;
        }
        if let Some(v) = self.qemu_version.as_ref() {
            struct_ser.serialize_field("qemu_version", v)?;
        }
        if !self.driver.is_empty() {
            struct_ser.serialize_field("driver", &self.driver)?;
        }
        if !self.accelerator.is_empty() {
            struct_ser.serialize_field("accelerator", &self.accelerator)?;
        }
        if !self.service_version.is_empty() {
            struct_ser.serialize_field("service_version", &self.service_version)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for AttestHost {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "hostname",
            "kernel",
            "cpu_model",
            "cpuModel",
            "qemu_version",
            "qemuVersion",
            "driver",
            "accelerator",
            "service_version",
            "serviceVersion",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Hostname,
            Kernel,
            CpuModel,
            QemuVersion,
            Driver,
            Accelerator,
            ServiceVersion,
            __SkipField__,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "hostname" => Ok(GeneratedField::Hostname),
                            "kernel" => Ok(GeneratedField::Kernel),
                            "cpuModel" | "cpu_model" => Ok(GeneratedField::CpuModel),
                            "qemuVersion" | "qemu_version" => Ok(GeneratedField::QemuVersion),
                            "driver" => Ok(GeneratedField::Driver),
                            "accelerator" => Ok(GeneratedField::Accelerator),
                            "serviceVersion" | "service_version" => Ok(GeneratedField::ServiceVersion),
                            _ => Ok(GeneratedField::__SkipField__),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = AttestHost;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct hypervisor.v1.AttestHost")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<AttestHost, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut hostname__ = None;
                let mut kernel__ = None;
                let mut cpu_model__ = None;
                let mut qemu_version__ = None;
                let mut driver__ = None;
                let mut accelerator__ = None;
                let mut service_version__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Hostname => {
                            if hostname__.is_some() {
                                return Err(serde::de::Error::duplicate_field("hostname"));
                            }
                            hostname__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Kernel => {
                            if kernel__.is_some() {
                                return Err(serde::de::Error::duplicate_field("kernel"));
                            }
                            kernel__ = Some(map_.next_value()?);
                        }
                        GeneratedField::CpuModel => {
                            if cpu_model__.is_some() {
                                return Err(serde::de::Error::duplicate_field("cpuModel"));
                            }
                            cpu_model__ = Some(map_.next_value()?);
                        }
                        GeneratedField::QemuVersion => {
                            if qemu_version__.is_some() {
                                return Err(serde::de::Error::duplicate_field("qemuVersion"));
                            }
                            qemu_version__ = map_.next_value()?;
                        }
                        GeneratedField::Driver => {
                            if driver__.is_some() {
                                return Err(serde::de::Error::duplicate_field("driver"));
                            }
                            driver__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Accelerator => {
                            if accelerator__.is_some() {
                                return Err(serde::de::Error::duplicate_field("accelerator"));
                            }
                            accelerator__ = Some(map_.next_value()?);
                        }
                        GeneratedField::ServiceVersion => {
                            if service_version__.is_some() {
                                return Err(serde::de::Error::duplicate_field("serviceVersion"));
                            }
                            service_version__ = Some(map_.next_value()?);
                        }
                        GeneratedField::__SkipField__ => {
                            let _ = map_.next_value::<serde::de::IgnoredAny>()?;
                        }
                    }
                }
                Ok(AttestHost {
                    hostname: hostname__.unwrap_or_default(),
                    kernel: kernel__.unwrap_or_default(),
                    cpu_model: cpu_model__.unwrap_or_default(),
                    qemu_version: qemu_version__,
                    driver: driver__.unwrap_or_default(),
                    accelerator: accelerator__.unwrap_or_default(),
                    service_version: service_version__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("hypervisor.v1.AttestHost", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for AttestKey {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.name.is_empty() {
            len += 1;
        }
        if self.version != 0 {
            len += 1;
        }
        if !self.fingerprint.is_empty() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("hypervisor.v1.AttestKey", len)?;
        if !self.name.is_empty() {
            struct_ser.serialize_field("name", &self.name)?;
        }
        if self.version != 0 {
            struct_ser.serialize_field("version", &self.version)?;
        }
        if !self.fingerprint.is_empty() {
            struct_ser.serialize_field("fingerprint", &self.fingerprint)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for AttestKey {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "name",
            "version",
            "fingerprint",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Name,
            Version,
            Fingerprint,
            __SkipField__,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "name" => Ok(GeneratedField::Name),
                            "version" => Ok(GeneratedField::Version),
                            "fingerprint" => Ok(GeneratedField::Fingerprint),
                            _ => Ok(GeneratedField::__SkipField__),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = AttestKey;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct hypervisor.v1.AttestKey")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<AttestKey, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut name__ = None;
                let mut version__ = None;
                let mut fingerprint__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Name => {
                            if name__.is_some() {
                                return Err(serde::de::Error::duplicate_field("name"));
                            }
                            name__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Version => {
                            if version__.is_some() {
                                return Err(serde::de::Error::duplicate_field("version"));
                            }
                            version__ = 
                                Some(map_.next_value::<::pbjson::private::NumberDeserialize<_>>()?.0)
                            ;
                        }
                        GeneratedField::Fingerprint => {
                            if fingerprint__.is_some() {
                                return Err(serde::de::Error::duplicate_field("fingerprint"));
                            }
                            fingerprint__ = Some(map_.next_value()?);
                        }
                        GeneratedField::__SkipField__ => {
                            let _ = map_.next_value::<serde::de::IgnoredAny>()?;
                        }
                    }
                }
                Ok(AttestKey {
                    name: name__.unwrap_or_default(),
                    version: version__.unwrap_or_default(),
                    fingerprint: fingerprint__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("hypervisor.v1.AttestKey", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for AttestMeasuredDisk {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.name.is_empty() {
            len += 1;
        }
        if !self.format.is_empty() {
            len += 1;
        }
        if self.virtual_size_bytes != 0. {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("hypervisor.v1.AttestMeasuredDisk", len)?;
        if !self.name.is_empty() {
            struct_ser.serialize_field("name", &self.name)?;
        }
        if !self.format.is_empty() {
            struct_ser.serialize_field("format", &self.format)?;
        }
        if self.virtual_size_bytes != 0. {
            struct_ser.serialize_field("virtual_size_bytes", &self.virtual_size_bytes)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for AttestMeasuredDisk {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "name",
            "format",
            "virtual_size_bytes",
            "virtualSizeBytes",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Name,
            Format,
            VirtualSizeBytes,
            __SkipField__,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "name" => Ok(GeneratedField::Name),
                            "format" => Ok(GeneratedField::Format),
                            "virtualSizeBytes" | "virtual_size_bytes" => Ok(GeneratedField::VirtualSizeBytes),
                            _ => Ok(GeneratedField::__SkipField__),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = AttestMeasuredDisk;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct hypervisor.v1.AttestMeasuredDisk")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<AttestMeasuredDisk, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut name__ = None;
                let mut format__ = None;
                let mut virtual_size_bytes__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Name => {
                            if name__.is_some() {
                                return Err(serde::de::Error::duplicate_field("name"));
                            }
                            name__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Format => {
                            if format__.is_some() {
                                return Err(serde::de::Error::duplicate_field("format"));
                            }
                            format__ = Some(map_.next_value()?);
                        }
                        GeneratedField::VirtualSizeBytes => {
                            if virtual_size_bytes__.is_some() {
                                return Err(serde::de::Error::duplicate_field("virtualSizeBytes"));
                            }
                            virtual_size_bytes__ = 
                                Some(map_.next_value::<::pbjson::private::NumberDeserialize<_>>()?.0)
                            ;
                        }
                        GeneratedField::__SkipField__ => {
                            let _ = map_.next_value::<serde::de::IgnoredAny>()?;
                        }
                    }
                }
                Ok(AttestMeasuredDisk {
                    name: name__.unwrap_or_default(),
                    format: format__.unwrap_or_default(),
                    virtual_size_bytes: virtual_size_bytes__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("hypervisor.v1.AttestMeasuredDisk", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for AttestMeasurement {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.algorithm.is_empty() {
            len += 1;
        }
        if !self.value.is_empty() {
            len += 1;
        }
        if self.components.is_some() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("hypervisor.v1.AttestMeasurement", len)?;
        if !self.algorithm.is_empty() {
            struct_ser.serialize_field("algorithm", &self.algorithm)?;
        }
        if !self.value.is_empty() {
            struct_ser.serialize_field("value", &self.value)?;
        }
        if let Some(v) = self.components.as_ref() {
            struct_ser.serialize_field("components", v)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for AttestMeasurement {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "algorithm",
            "value",
            "components",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Algorithm,
            Value,
            Components,
            __SkipField__,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "algorithm" => Ok(GeneratedField::Algorithm),
                            "value" => Ok(GeneratedField::Value),
                            "components" => Ok(GeneratedField::Components),
                            _ => Ok(GeneratedField::__SkipField__),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = AttestMeasurement;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct hypervisor.v1.AttestMeasurement")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<AttestMeasurement, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut algorithm__ = None;
                let mut value__ = None;
                let mut components__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Algorithm => {
                            if algorithm__.is_some() {
                                return Err(serde::de::Error::duplicate_field("algorithm"));
                            }
                            algorithm__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Value => {
                            if value__.is_some() {
                                return Err(serde::de::Error::duplicate_field("value"));
                            }
                            value__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Components => {
                            if components__.is_some() {
                                return Err(serde::de::Error::duplicate_field("components"));
                            }
                            components__ = map_.next_value()?;
                        }
                        GeneratedField::__SkipField__ => {
                            let _ = map_.next_value::<serde::de::IgnoredAny>()?;
                        }
                    }
                }
                Ok(AttestMeasurement {
                    algorithm: algorithm__.unwrap_or_default(),
                    value: value__.unwrap_or_default(),
                    components: components__,
                })
            }
        }
        deserializer.deserialize_struct("hypervisor.v1.AttestMeasurement", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for AttestMeasurementComponents {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.definition.is_empty() {
            len += 1;
        }
        if self.kernel.is_some() {
            len += 1;
        }
        if self.initrd.is_some() {
            len += 1;
        }
        if self.firmware.is_some() {
            len += 1;
        }
        if !self.disks.is_empty() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("hypervisor.v1.AttestMeasurementComponents", len)?;
        if !self.definition.is_empty() {
            struct_ser.serialize_field("definition", &self.definition)?;
        }
        if let Some(v) = self.kernel.as_ref() {
            struct_ser.serialize_field("kernel", v)?;
        }
        if let Some(v) = self.initrd.as_ref() {
            struct_ser.serialize_field("initrd", v)?;
        }
        if let Some(v) = self.firmware.as_ref() {
            struct_ser.serialize_field("firmware", v)?;
        }
        if !self.disks.is_empty() {
            struct_ser.serialize_field("disks", &self.disks)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for AttestMeasurementComponents {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "definition",
            "kernel",
            "initrd",
            "firmware",
            "disks",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Definition,
            Kernel,
            Initrd,
            Firmware,
            Disks,
            __SkipField__,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "definition" => Ok(GeneratedField::Definition),
                            "kernel" => Ok(GeneratedField::Kernel),
                            "initrd" => Ok(GeneratedField::Initrd),
                            "firmware" => Ok(GeneratedField::Firmware),
                            "disks" => Ok(GeneratedField::Disks),
                            _ => Ok(GeneratedField::__SkipField__),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = AttestMeasurementComponents;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct hypervisor.v1.AttestMeasurementComponents")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<AttestMeasurementComponents, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut definition__ = None;
                let mut kernel__ = None;
                let mut initrd__ = None;
                let mut firmware__ = None;
                let mut disks__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Definition => {
                            if definition__.is_some() {
                                return Err(serde::de::Error::duplicate_field("definition"));
                            }
                            definition__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Kernel => {
                            if kernel__.is_some() {
                                return Err(serde::de::Error::duplicate_field("kernel"));
                            }
                            kernel__ = map_.next_value()?;
                        }
                        GeneratedField::Initrd => {
                            if initrd__.is_some() {
                                return Err(serde::de::Error::duplicate_field("initrd"));
                            }
                            initrd__ = map_.next_value()?;
                        }
                        GeneratedField::Firmware => {
                            if firmware__.is_some() {
                                return Err(serde::de::Error::duplicate_field("firmware"));
                            }
                            firmware__ = map_.next_value()?;
                        }
                        GeneratedField::Disks => {
                            if disks__.is_some() {
                                return Err(serde::de::Error::duplicate_field("disks"));
                            }
                            disks__ = Some(map_.next_value()?);
                        }
                        GeneratedField::__SkipField__ => {
                            let _ = map_.next_value::<serde::de::IgnoredAny>()?;
                        }
                    }
                }
                Ok(AttestMeasurementComponents {
                    definition: definition__.unwrap_or_default(),
                    kernel: kernel__,
                    initrd: initrd__,
                    firmware: firmware__,
                    disks: disks__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("hypervisor.v1.AttestMeasurementComponents", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for AttestPlatform {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.r#type.is_empty() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("hypervisor.v1.AttestPlatform", len)?;
        if !self.r#type.is_empty() {
            struct_ser.serialize_field("type", &self.r#type)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for AttestPlatform {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "type",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Type,
            __SkipField__,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "type" => Ok(GeneratedField::Type),
                            _ => Ok(GeneratedField::__SkipField__),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = AttestPlatform;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct hypervisor.v1.AttestPlatform")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<AttestPlatform, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut r#type__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Type => {
                            if r#type__.is_some() {
                                return Err(serde::de::Error::duplicate_field("type"));
                            }
                            r#type__ = Some(map_.next_value()?);
                        }
                        GeneratedField::__SkipField__ => {
                            let _ = map_.next_value::<serde::de::IgnoredAny>()?;
                        }
                    }
                }
                Ok(AttestPlatform {
                    r#type: r#type__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("hypervisor.v1.AttestPlatform", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for AttestReport {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.format.is_empty() {
            len += 1;
        }
        if self.vm.is_some() {
            len += 1;
        }
        if self.platform.is_some() {
            len += 1;
        }
        if self.measurement.is_some() {
            len += 1;
        }
        if !self.nonce.is_empty() {
            len += 1;
        }
        if !self.timestamp.is_empty() {
            len += 1;
        }
        if self.counter != 0. {
            len += 1;
        }
        if self.host.is_some() {
            len += 1;
        }
        if self.key.is_some() {
            len += 1;
        }
        if !self.algorithm.is_empty() {
            len += 1;
        }
        if !self.signature.is_empty() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("hypervisor.v1.AttestReport", len)?;
        if !self.format.is_empty() {
            struct_ser.serialize_field("format", &self.format)?;
        }
        if let Some(v) = self.vm.as_ref() {
            struct_ser.serialize_field("vm", v)?;
        }
        if let Some(v) = self.platform.as_ref() {
            struct_ser.serialize_field("platform", v)?;
        }
        if let Some(v) = self.measurement.as_ref() {
            struct_ser.serialize_field("measurement", v)?;
        }
        if !self.nonce.is_empty() {
            struct_ser.serialize_field("nonce", &self.nonce)?;
        }
        if !self.timestamp.is_empty() {
            struct_ser.serialize_field("timestamp", &self.timestamp)?;
        }
        if self.counter != 0. {
            struct_ser.serialize_field("counter", &self.counter)?;
        }
        if let Some(v) = self.host.as_ref() {
            struct_ser.serialize_field("host", v)?;
        }
        if let Some(v) = self.key.as_ref() {
            struct_ser.serialize_field("key", v)?;
        }
        if !self.algorithm.is_empty() {
            struct_ser.serialize_field("algorithm", &self.algorithm)?;
        }
        if !self.signature.is_empty() {
            struct_ser.serialize_field("signature", &self.signature)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for AttestReport {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "format",
            "vm",
            "platform",
            "measurement",
            "nonce",
            "timestamp",
            "counter",
            "host",
            "key",
            "algorithm",
            "signature",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Format,
            Vm,
            Platform,
            Measurement,
            Nonce,
            Timestamp,
            Counter,
            Host,
            Key,
            Algorithm,
            Signature,
            __SkipField__,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "format" => Ok(GeneratedField::Format),
                            "vm" => Ok(GeneratedField::Vm),
                            "platform" => Ok(GeneratedField::Platform),
                            "measurement" => Ok(GeneratedField::Measurement),
                            "nonce" => Ok(GeneratedField::Nonce),
                            "timestamp" => Ok(GeneratedField::Timestamp),
                            "counter" => Ok(GeneratedField::Counter),
                            "host" => Ok(GeneratedField::Host),
                            "key" => Ok(GeneratedField::Key),
                            "algorithm" => Ok(GeneratedField::Algorithm),
                            "signature" => Ok(GeneratedField::Signature),
                            _ => Ok(GeneratedField::__SkipField__),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = AttestReport;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct hypervisor.v1.AttestReport")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<AttestReport, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut format__ = None;
                let mut vm__ = None;
                let mut platform__ = None;
                let mut measurement__ = None;
                let mut nonce__ = None;
                let mut timestamp__ = None;
                let mut counter__ = None;
                let mut host__ = None;
                let mut key__ = None;
                let mut algorithm__ = None;
                let mut signature__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Format => {
                            if format__.is_some() {
                                return Err(serde::de::Error::duplicate_field("format"));
                            }
                            format__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Vm => {
                            if vm__.is_some() {
                                return Err(serde::de::Error::duplicate_field("vm"));
                            }
                            vm__ = map_.next_value()?;
                        }
                        GeneratedField::Platform => {
                            if platform__.is_some() {
                                return Err(serde::de::Error::duplicate_field("platform"));
                            }
                            platform__ = map_.next_value()?;
                        }
                        GeneratedField::Measurement => {
                            if measurement__.is_some() {
                                return Err(serde::de::Error::duplicate_field("measurement"));
                            }
                            measurement__ = map_.next_value()?;
                        }
                        GeneratedField::Nonce => {
                            if nonce__.is_some() {
                                return Err(serde::de::Error::duplicate_field("nonce"));
                            }
                            nonce__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Timestamp => {
                            if timestamp__.is_some() {
                                return Err(serde::de::Error::duplicate_field("timestamp"));
                            }
                            timestamp__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Counter => {
                            if counter__.is_some() {
                                return Err(serde::de::Error::duplicate_field("counter"));
                            }
                            counter__ = 
                                Some(map_.next_value::<::pbjson::private::NumberDeserialize<_>>()?.0)
                            ;
                        }
                        GeneratedField::Host => {
                            if host__.is_some() {
                                return Err(serde::de::Error::duplicate_field("host"));
                            }
                            host__ = map_.next_value()?;
                        }
                        GeneratedField::Key => {
                            if key__.is_some() {
                                return Err(serde::de::Error::duplicate_field("key"));
                            }
                            key__ = map_.next_value()?;
                        }
                        GeneratedField::Algorithm => {
                            if algorithm__.is_some() {
                                return Err(serde::de::Error::duplicate_field("algorithm"));
                            }
                            algorithm__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Signature => {
                            if signature__.is_some() {
                                return Err(serde::de::Error::duplicate_field("signature"));
                            }
                            signature__ = Some(map_.next_value()?);
                        }
                        GeneratedField::__SkipField__ => {
                            let _ = map_.next_value::<serde::de::IgnoredAny>()?;
                        }
                    }
                }
                Ok(AttestReport {
                    format: format__.unwrap_or_default(),
                    vm: vm__,
                    platform: platform__,
                    measurement: measurement__,
                    nonce: nonce__.unwrap_or_default(),
                    timestamp: timestamp__.unwrap_or_default(),
                    counter: counter__.unwrap_or_default(),
                    host: host__,
                    key: key__,
                    algorithm: algorithm__.unwrap_or_default(),
                    signature: signature__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("hypervisor.v1.AttestReport", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for AttestRequest {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.name.is_empty() {
            len += 1;
        }
        if !self.nonce.is_empty() {
            len += 1;
        }
        if self.key.is_some() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("hypervisor.v1.AttestRequest", len)?;
        if !self.name.is_empty() {
            struct_ser.serialize_field("name", &self.name)?;
        }
        if !self.nonce.is_empty() {
            struct_ser.serialize_field("nonce", &self.nonce)?;
        }
        if let Some(v) = self.key.as_ref() {
            struct_ser.serialize_field("key", v)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for AttestRequest {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "name",
            "nonce",
            "key",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Name,
            Nonce,
            Key,
            __SkipField__,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "name" => Ok(GeneratedField::Name),
                            "nonce" => Ok(GeneratedField::Nonce),
                            "key" => Ok(GeneratedField::Key),
                            _ => Ok(GeneratedField::__SkipField__),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = AttestRequest;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct hypervisor.v1.AttestRequest")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<AttestRequest, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut name__ = None;
                let mut nonce__ = None;
                let mut key__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Name => {
                            if name__.is_some() {
                                return Err(serde::de::Error::duplicate_field("name"));
                            }
                            name__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Nonce => {
                            if nonce__.is_some() {
                                return Err(serde::de::Error::duplicate_field("nonce"));
                            }
                            nonce__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Key => {
                            if key__.is_some() {
                                return Err(serde::de::Error::duplicate_field("key"));
                            }
                            key__ = map_.next_value()?;
                        }
                        GeneratedField::__SkipField__ => {
                            let _ = map_.next_value::<serde::de::IgnoredAny>()?;
                        }
                    }
                }
                Ok(AttestRequest {
                    name: name__.unwrap_or_default(),
                    nonce: nonce__.unwrap_or_default(),
                    key: key__,
                })
            }
        }
        deserializer.deserialize_struct("hypervisor.v1.AttestRequest", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for AttestedVm {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.name.is_empty() {
            len += 1;
        }
        if !self.uuid.is_empty() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("hypervisor.v1.AttestedVm", len)?;
        if !self.name.is_empty() {
            struct_ser.serialize_field("name", &self.name)?;
        }
        if !self.uuid.is_empty() {
            struct_ser.serialize_field("uuid", &self.uuid)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for AttestedVm {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "name",
            "uuid",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Name,
            Uuid,
            __SkipField__,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "name" => Ok(GeneratedField::Name),
                            "uuid" => Ok(GeneratedField::Uuid),
                            _ => Ok(GeneratedField::__SkipField__),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = AttestedVm;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct hypervisor.v1.AttestedVm")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<AttestedVm, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut name__ = None;
                let mut uuid__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Name => {
                            if name__.is_some() {
                                return Err(serde::de::Error::duplicate_field("name"));
                            }
                            name__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Uuid => {
                            if uuid__.is_some() {
                                return Err(serde::de::Error::duplicate_field("uuid"));
                            }
                            uuid__ = Some(map_.next_value()?);
                        }
                        GeneratedField::__SkipField__ => {
                            let _ = map_.next_value::<serde::de::IgnoredAny>()?;
                        }
                    }
                }
                Ok(AttestedVm {
                    name: name__.unwrap_or_default(),
                    uuid: uuid__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("hypervisor.v1.AttestedVm", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for AuditEvent {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if self.id != 0 {
            len += 1;
        }
        if self.time.is_some() {
            len += 1;
        }
        if !self.actor.is_empty() {
            len += 1;
        }
        if !self.transport.is_empty() {
            len += 1;
        }
        if !self.method.is_empty() {
            len += 1;
        }
        if !self.path.is_empty() {
            len += 1;
        }
        if !self.resource.is_empty() {
            len += 1;
        }
        if !self.outcome.is_empty() {
            len += 1;
        }
        if self.status != 0 {
            len += 1;
        }
        if !self.request_id.is_empty() {
            len += 1;
        }
        if self.code.is_some() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("hypervisor.v1.AuditEvent", len)?;
        if self.id != 0 {
            #[allow(clippy::needless_borrow)]
            #[allow(clippy::needless_borrows_for_generic_args)]
            struct_ser.serialize_field("id", ToString::to_string(&self.id).as_str())?;
        }
        if let Some(v) = self.time.as_ref() {
            struct_ser.serialize_field("time", v)?;
        }
        if !self.actor.is_empty() {
            struct_ser.serialize_field("actor", &self.actor)?;
        }
        if !self.transport.is_empty() {
            struct_ser.serialize_field("transport", &self.transport)?;
        }
        if !self.method.is_empty() {
            struct_ser.serialize_field("method", &self.method)?;
        }
        if !self.path.is_empty() {
            struct_ser.serialize_field("path", &self.path)?;
        }
        if !self.resource.is_empty() {
            struct_ser.serialize_field("resource", &self.resource)?;
        }
        if !self.outcome.is_empty() {
            struct_ser.serialize_field("outcome", &self.outcome)?;
        }
        if self.status != 0 {
            struct_ser.serialize_field("status", &self.status)?;
        }
        if !self.request_id.is_empty() {
            struct_ser.serialize_field("request_id", &self.request_id)?;
        }
        if let Some(v) = self.code.as_ref() {
            struct_ser.serialize_field("code", v)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for AuditEvent {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "id",
            "time",
            "actor",
            "transport",
            "method",
            "path",
            "resource",
            "outcome",
            "status",
            "request_id",
            "requestId",
            "code",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Id,
            Time,
            Actor,
            Transport,
            Method,
            Path,
            Resource,
            Outcome,
            Status,
            RequestId,
            Code,
            __SkipField__,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "id" => Ok(GeneratedField::Id),
                            "time" => Ok(GeneratedField::Time),
                            "actor" => Ok(GeneratedField::Actor),
                            "transport" => Ok(GeneratedField::Transport),
                            "method" => Ok(GeneratedField::Method),
                            "path" => Ok(GeneratedField::Path),
                            "resource" => Ok(GeneratedField::Resource),
                            "outcome" => Ok(GeneratedField::Outcome),
                            "status" => Ok(GeneratedField::Status),
                            "requestId" | "request_id" => Ok(GeneratedField::RequestId),
                            "code" => Ok(GeneratedField::Code),
                            _ => Ok(GeneratedField::__SkipField__),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = AuditEvent;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct hypervisor.v1.AuditEvent")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<AuditEvent, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut id__ = None;
                let mut time__ = None;
                let mut actor__ = None;
                let mut transport__ = None;
                let mut method__ = None;
                let mut path__ = None;
                let mut resource__ = None;
                let mut outcome__ = None;
                let mut status__ = None;
                let mut request_id__ = None;
                let mut code__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Id => {
                            if id__.is_some() {
                                return Err(serde::de::Error::duplicate_field("id"));
                            }
                            id__ = 
                                Some(map_.next_value::<::pbjson::private::NumberDeserialize<_>>()?.0)
                            ;
                        }
                        GeneratedField::Time => {
                            if time__.is_some() {
                                return Err(serde::de::Error::duplicate_field("time"));
                            }
                            time__ = map_.next_value()?;
                        }
                        GeneratedField::Actor => {
                            if actor__.is_some() {
                                return Err(serde::de::Error::duplicate_field("actor"));
                            }
                            actor__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Transport => {
                            if transport__.is_some() {
                                return Err(serde::de::Error::duplicate_field("transport"));
                            }
                            transport__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Method => {
                            if method__.is_some() {
                                return Err(serde::de::Error::duplicate_field("method"));
                            }
                            method__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Path => {
                            if path__.is_some() {
                                return Err(serde::de::Error::duplicate_field("path"));
                            }
                            path__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Resource => {
                            if resource__.is_some() {
                                return Err(serde::de::Error::duplicate_field("resource"));
                            }
                            resource__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Outcome => {
                            if outcome__.is_some() {
                                return Err(serde::de::Error::duplicate_field("outcome"));
                            }
                            outcome__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Status => {
                            if status__.is_some() {
                                return Err(serde::de::Error::duplicate_field("status"));
                            }
                            status__ = 
                                Some(map_.next_value::<::pbjson::private::NumberDeserialize<_>>()?.0)
                            ;
                        }
                        GeneratedField::RequestId => {
                            if request_id__.is_some() {
                                return Err(serde::de::Error::duplicate_field("requestId"));
                            }
                            request_id__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Code => {
                            if code__.is_some() {
                                return Err(serde::de::Error::duplicate_field("code"));
                            }
                            code__ = map_.next_value()?;
                        }
                        GeneratedField::__SkipField__ => {
                            let _ = map_.next_value::<serde::de::IgnoredAny>()?;
                        }
                    }
                }
                Ok(AuditEvent {
                    id: id__.unwrap_or_default(),
                    time: time__,
                    actor: actor__.unwrap_or_default(),
                    transport: transport__.unwrap_or_default(),
                    method: method__.unwrap_or_default(),
                    path: path__.unwrap_or_default(),
                    resource: resource__.unwrap_or_default(),
                    outcome: outcome__.unwrap_or_default(),
                    status: status__.unwrap_or_default(),
                    request_id: request_id__.unwrap_or_default(),
                    code: code__,
                })
            }
        }
        deserializer.deserialize_struct("hypervisor.v1.AuditEvent", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for Boot {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.kernel.is_empty() {
            len += 1;
        }
        if self.initrd.is_some() {
            len += 1;
        }
        if self.cmdline.is_some() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("hypervisor.v1.Boot", len)?;
        if !self.kernel.is_empty() {
            struct_ser.serialize_field("kernel", &self.kernel)?;
        }
        if let Some(v) = self.initrd.as_ref() {
            struct_ser.serialize_field("initrd", v)?;
        }
        if let Some(v) = self.cmdline.as_ref() {
            struct_ser.serialize_field("cmdline", v)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for Boot {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "kernel",
            "initrd",
            "cmdline",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Kernel,
            Initrd,
            Cmdline,
            __SkipField__,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "kernel" => Ok(GeneratedField::Kernel),
                            "initrd" => Ok(GeneratedField::Initrd),
                            "cmdline" => Ok(GeneratedField::Cmdline),
                            _ => Ok(GeneratedField::__SkipField__),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = Boot;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct hypervisor.v1.Boot")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<Boot, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut kernel__ = None;
                let mut initrd__ = None;
                let mut cmdline__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Kernel => {
                            if kernel__.is_some() {
                                return Err(serde::de::Error::duplicate_field("kernel"));
                            }
                            kernel__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Initrd => {
                            if initrd__.is_some() {
                                return Err(serde::de::Error::duplicate_field("initrd"));
                            }
                            initrd__ = map_.next_value()?;
                        }
                        GeneratedField::Cmdline => {
                            if cmdline__.is_some() {
                                return Err(serde::de::Error::duplicate_field("cmdline"));
                            }
                            cmdline__ = map_.next_value()?;
                        }
                        GeneratedField::__SkipField__ => {
                            let _ = map_.next_value::<serde::de::IgnoredAny>()?;
                        }
                    }
                }
                Ok(Boot {
                    kernel: kernel__.unwrap_or_default(),
                    initrd: initrd__,
                    cmdline: cmdline__,
                })
            }
        }
        deserializer.deserialize_struct("hypervisor.v1.Boot", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for CancelOperationRequest {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.id.is_empty() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("hypervisor.v1.CancelOperationRequest", len)?;
        if !self.id.is_empty() {
            struct_ser.serialize_field("id", &self.id)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for CancelOperationRequest {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "id",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Id,
            __SkipField__,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "id" => Ok(GeneratedField::Id),
                            _ => Ok(GeneratedField::__SkipField__),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = CancelOperationRequest;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct hypervisor.v1.CancelOperationRequest")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<CancelOperationRequest, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut id__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Id => {
                            if id__.is_some() {
                                return Err(serde::de::Error::duplicate_field("id"));
                            }
                            id__ = Some(map_.next_value()?);
                        }
                        GeneratedField::__SkipField__ => {
                            let _ = map_.next_value::<serde::de::IgnoredAny>()?;
                        }
                    }
                }
                Ok(CancelOperationRequest {
                    id: id__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("hypervisor.v1.CancelOperationRequest", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for CcCapabilities {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if self.cpu_vendor.is_some() {
            len += 1;
        }
        if self.sev.is_some() {
            len += 1;
        }
        if self.sev_es.is_some() {
            len += 1;
        }
        if self.sev_snp.is_some() {
            len += 1;
        }
        if self.tdx.is_some() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("hypervisor.v1.CcCapabilities", len)?;
        if let Some(v) = self.cpu_vendor.as_ref() {
            struct_ser.serialize_field("cpu_vendor", v)?;
        }
        if let Some(v) = self.sev.as_ref() {
            struct_ser.serialize_field("sev", v)?;
        }
        if let Some(v) = self.sev_es.as_ref() {
            struct_ser.serialize_field("sev_es", v)?;
        }
        if let Some(v) = self.sev_snp.as_ref() {
            struct_ser.serialize_field("sev_snp", v)?;
        }
        if let Some(v) = self.tdx.as_ref() {
            struct_ser.serialize_field("tdx", v)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for CcCapabilities {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "cpu_vendor",
            "cpuVendor",
            "sev",
            "sev_es",
            "sevEs",
            "sev_snp",
            "sevSnp",
            "tdx",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            CpuVendor,
            Sev,
            SevEs,
            SevSnp,
            Tdx,
            __SkipField__,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "cpuVendor" | "cpu_vendor" => Ok(GeneratedField::CpuVendor),
                            "sev" => Ok(GeneratedField::Sev),
                            "sevEs" | "sev_es" => Ok(GeneratedField::SevEs),
                            "sevSnp" | "sev_snp" => Ok(GeneratedField::SevSnp),
                            "tdx" => Ok(GeneratedField::Tdx),
                            _ => Ok(GeneratedField::__SkipField__),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = CcCapabilities;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct hypervisor.v1.CcCapabilities")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<CcCapabilities, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut cpu_vendor__ = None;
                let mut sev__ = None;
                let mut sev_es__ = None;
                let mut sev_snp__ = None;
                let mut tdx__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::CpuVendor => {
                            if cpu_vendor__.is_some() {
                                return Err(serde::de::Error::duplicate_field("cpuVendor"));
                            }
                            cpu_vendor__ = map_.next_value()?;
                        }
                        GeneratedField::Sev => {
                            if sev__.is_some() {
                                return Err(serde::de::Error::duplicate_field("sev"));
                            }
                            sev__ = map_.next_value()?;
                        }
                        GeneratedField::SevEs => {
                            if sev_es__.is_some() {
                                return Err(serde::de::Error::duplicate_field("sevEs"));
                            }
                            sev_es__ = map_.next_value()?;
                        }
                        GeneratedField::SevSnp => {
                            if sev_snp__.is_some() {
                                return Err(serde::de::Error::duplicate_field("sevSnp"));
                            }
                            sev_snp__ = map_.next_value()?;
                        }
                        GeneratedField::Tdx => {
                            if tdx__.is_some() {
                                return Err(serde::de::Error::duplicate_field("tdx"));
                            }
                            tdx__ = map_.next_value()?;
                        }
                        GeneratedField::__SkipField__ => {
                            let _ = map_.next_value::<serde::de::IgnoredAny>()?;
                        }
                    }
                }
                Ok(CcCapabilities {
                    cpu_vendor: cpu_vendor__,
                    sev: sev__,
                    sev_es: sev_es__,
                    sev_snp: sev_snp__,
                    tdx: tdx__,
                })
            }
        }
        deserializer.deserialize_struct("hypervisor.v1.CcCapabilities", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for CcFeature {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if self.available {
            len += 1;
        }
        if !self.source.is_empty() {
            len += 1;
        }
        if self.reason.is_some() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("hypervisor.v1.CcFeature", len)?;
        if self.available {
            struct_ser.serialize_field("available", &self.available)?;
        }
        if !self.source.is_empty() {
            struct_ser.serialize_field("source", &self.source)?;
        }
        if let Some(v) = self.reason.as_ref() {
            struct_ser.serialize_field("reason", v)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for CcFeature {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "available",
            "source",
            "reason",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Available,
            Source,
            Reason,
            __SkipField__,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "available" => Ok(GeneratedField::Available),
                            "source" => Ok(GeneratedField::Source),
                            "reason" => Ok(GeneratedField::Reason),
                            _ => Ok(GeneratedField::__SkipField__),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = CcFeature;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct hypervisor.v1.CcFeature")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<CcFeature, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut available__ = None;
                let mut source__ = None;
                let mut reason__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Available => {
                            if available__.is_some() {
                                return Err(serde::de::Error::duplicate_field("available"));
                            }
                            available__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Source => {
                            if source__.is_some() {
                                return Err(serde::de::Error::duplicate_field("source"));
                            }
                            source__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Reason => {
                            if reason__.is_some() {
                                return Err(serde::de::Error::duplicate_field("reason"));
                            }
                            reason__ = map_.next_value()?;
                        }
                        GeneratedField::__SkipField__ => {
                            let _ = map_.next_value::<serde::de::IgnoredAny>()?;
                        }
                    }
                }
                Ok(CcFeature {
                    available: available__.unwrap_or_default(),
                    source: source__.unwrap_or_default(),
                    reason: reason__,
                })
            }
        }
        deserializer.deserialize_struct("hypervisor.v1.CcFeature", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for CheckDiskRequest {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.name.is_empty() {
            len += 1;
        }
        if self.repair.is_some() {
            len += 1;
        }
        if self.secret.is_some() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("hypervisor.v1.CheckDiskRequest", len)?;
        if !self.name.is_empty() {
            struct_ser.serialize_field("name", &self.name)?;
        }
        if let Some(v) = self.repair.as_ref() {
            struct_ser.serialize_field("repair", v)?;
        }
        if let Some(v) = self.secret.as_ref() {
            struct_ser.serialize_field("secret", v)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for CheckDiskRequest {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "name",
            "repair",
            "secret",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Name,
            Repair,
            Secret,
            __SkipField__,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "name" => Ok(GeneratedField::Name),
                            "repair" => Ok(GeneratedField::Repair),
                            "secret" => Ok(GeneratedField::Secret),
                            _ => Ok(GeneratedField::__SkipField__),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = CheckDiskRequest;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct hypervisor.v1.CheckDiskRequest")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<CheckDiskRequest, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut name__ = None;
                let mut repair__ = None;
                let mut secret__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Name => {
                            if name__.is_some() {
                                return Err(serde::de::Error::duplicate_field("name"));
                            }
                            name__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Repair => {
                            if repair__.is_some() {
                                return Err(serde::de::Error::duplicate_field("repair"));
                            }
                            repair__ = map_.next_value()?;
                        }
                        GeneratedField::Secret => {
                            if secret__.is_some() {
                                return Err(serde::de::Error::duplicate_field("secret"));
                            }
                            secret__ = map_.next_value()?;
                        }
                        GeneratedField::__SkipField__ => {
                            let _ = map_.next_value::<serde::de::IgnoredAny>()?;
                        }
                    }
                }
                Ok(CheckDiskRequest {
                    name: name__.unwrap_or_default(),
                    repair: repair__,
                    secret: secret__,
                })
            }
        }
        deserializer.deserialize_struct("hypervisor.v1.CheckDiskRequest", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for CloneSpec {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.name.is_empty() {
            len += 1;
        }
        if self.linked {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("hypervisor.v1.CloneSpec", len)?;
        if !self.name.is_empty() {
            struct_ser.serialize_field("name", &self.name)?;
        }
        if self.linked {
            struct_ser.serialize_field("linked", &self.linked)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for CloneSpec {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "name",
            "linked",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Name,
            Linked,
            __SkipField__,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "name" => Ok(GeneratedField::Name),
                            "linked" => Ok(GeneratedField::Linked),
                            _ => Ok(GeneratedField::__SkipField__),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = CloneSpec;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct hypervisor.v1.CloneSpec")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<CloneSpec, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut name__ = None;
                let mut linked__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Name => {
                            if name__.is_some() {
                                return Err(serde::de::Error::duplicate_field("name"));
                            }
                            name__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Linked => {
                            if linked__.is_some() {
                                return Err(serde::de::Error::duplicate_field("linked"));
                            }
                            linked__ = Some(map_.next_value()?);
                        }
                        GeneratedField::__SkipField__ => {
                            let _ = map_.next_value::<serde::de::IgnoredAny>()?;
                        }
                    }
                }
                Ok(CloneSpec {
                    name: name__.unwrap_or_default(),
                    linked: linked__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("hypervisor.v1.CloneSpec", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for CloneVmRequest {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.name.is_empty() {
            len += 1;
        }
        if self.clone.is_some() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("hypervisor.v1.CloneVmRequest", len)?;
        if !self.name.is_empty() {
            struct_ser.serialize_field("name", &self.name)?;
        }
        if let Some(v) = self.clone.as_ref() {
            struct_ser.serialize_field("clone", v)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for CloneVmRequest {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "name",
            "clone",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Name,
            Clone,
            __SkipField__,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "name" => Ok(GeneratedField::Name),
                            "clone" => Ok(GeneratedField::Clone),
                            _ => Ok(GeneratedField::__SkipField__),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = CloneVmRequest;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct hypervisor.v1.CloneVmRequest")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<CloneVmRequest, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut name__ = None;
                let mut clone__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Name => {
                            if name__.is_some() {
                                return Err(serde::de::Error::duplicate_field("name"));
                            }
                            name__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Clone => {
                            if clone__.is_some() {
                                return Err(serde::de::Error::duplicate_field("clone"));
                            }
                            clone__ = map_.next_value()?;
                        }
                        GeneratedField::__SkipField__ => {
                            let _ = map_.next_value::<serde::de::IgnoredAny>()?;
                        }
                    }
                }
                Ok(CloneVmRequest {
                    name: name__.unwrap_or_default(),
                    clone: clone__,
                })
            }
        }
        deserializer.deserialize_struct("hypervisor.v1.CloneVmRequest", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for CloneVmResponse {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if self.result.is_some() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("hypervisor.v1.CloneVmResponse", len)?;
        if let Some(v) = self.result.as_ref() {
            match v {
                clone_vm_response::Result::Vm(v) => {
                    struct_ser.serialize_field("vm", v)?;
                }
                clone_vm_response::Result::Operation(v) => {
                    struct_ser.serialize_field("operation", v)?;
                }
            }
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for CloneVmResponse {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "vm",
            "operation",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Vm,
            Operation,
            __SkipField__,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "vm" => Ok(GeneratedField::Vm),
                            "operation" => Ok(GeneratedField::Operation),
                            _ => Ok(GeneratedField::__SkipField__),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = CloneVmResponse;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct hypervisor.v1.CloneVmResponse")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<CloneVmResponse, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut result__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Vm => {
                            if result__.is_some() {
                                return Err(serde::de::Error::duplicate_field("vm"));
                            }
                            result__ = map_.next_value::<::std::option::Option<_>>()?.map(clone_vm_response::Result::Vm)
;
                        }
                        GeneratedField::Operation => {
                            if result__.is_some() {
                                return Err(serde::de::Error::duplicate_field("operation"));
                            }
                            result__ = map_.next_value::<::std::option::Option<_>>()?.map(clone_vm_response::Result::Operation)
;
                        }
                        GeneratedField::__SkipField__ => {
                            let _ = map_.next_value::<serde::de::IgnoredAny>()?;
                        }
                    }
                }
                Ok(CloneVmResponse {
                    result: result__,
                })
            }
        }
        deserializer.deserialize_struct("hypervisor.v1.CloneVmResponse", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for CompactDiskRequest {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.name.is_empty() {
            len += 1;
        }
        if self.secret.is_some() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("hypervisor.v1.CompactDiskRequest", len)?;
        if !self.name.is_empty() {
            struct_ser.serialize_field("name", &self.name)?;
        }
        if let Some(v) = self.secret.as_ref() {
            struct_ser.serialize_field("secret", v)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for CompactDiskRequest {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "name",
            "secret",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Name,
            Secret,
            __SkipField__,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "name" => Ok(GeneratedField::Name),
                            "secret" => Ok(GeneratedField::Secret),
                            _ => Ok(GeneratedField::__SkipField__),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = CompactDiskRequest;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct hypervisor.v1.CompactDiskRequest")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<CompactDiskRequest, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut name__ = None;
                let mut secret__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Name => {
                            if name__.is_some() {
                                return Err(serde::de::Error::duplicate_field("name"));
                            }
                            name__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Secret => {
                            if secret__.is_some() {
                                return Err(serde::de::Error::duplicate_field("secret"));
                            }
                            secret__ = map_.next_value()?;
                        }
                        GeneratedField::__SkipField__ => {
                            let _ = map_.next_value::<serde::de::IgnoredAny>()?;
                        }
                    }
                }
                Ok(CompactDiskRequest {
                    name: name__.unwrap_or_default(),
                    secret: secret__,
                })
            }
        }
        deserializer.deserialize_struct("hypervisor.v1.CompactDiskRequest", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for ConvertDiskRequest {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.name.is_empty() {
            len += 1;
        }
        if !self.format.is_empty() {
            len += 1;
        }
        if !self.target.is_empty() {
            len += 1;
        }
        if self.compress.is_some() {
            len += 1;
        }
        if self.pool.is_some() {
            len += 1;
        }
        if self.secret.is_some() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("hypervisor.v1.ConvertDiskRequest", len)?;
        if !self.name.is_empty() {
            struct_ser.serialize_field("name", &self.name)?;
        }
        if !self.format.is_empty() {
            struct_ser.serialize_field("format", &self.format)?;
        }
        if !self.target.is_empty() {
            struct_ser.serialize_field("target", &self.target)?;
        }
        if let Some(v) = self.compress.as_ref() {
            struct_ser.serialize_field("compress", v)?;
        }
        if let Some(v) = self.pool.as_ref() {
            struct_ser.serialize_field("pool", v)?;
        }
        if let Some(v) = self.secret.as_ref() {
            struct_ser.serialize_field("secret", v)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for ConvertDiskRequest {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "name",
            "format",
            "target",
            "compress",
            "pool",
            "secret",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Name,
            Format,
            Target,
            Compress,
            Pool,
            Secret,
            __SkipField__,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "name" => Ok(GeneratedField::Name),
                            "format" => Ok(GeneratedField::Format),
                            "target" => Ok(GeneratedField::Target),
                            "compress" => Ok(GeneratedField::Compress),
                            "pool" => Ok(GeneratedField::Pool),
                            "secret" => Ok(GeneratedField::Secret),
                            _ => Ok(GeneratedField::__SkipField__),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = ConvertDiskRequest;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct hypervisor.v1.ConvertDiskRequest")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<ConvertDiskRequest, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut name__ = None;
                let mut format__ = None;
                let mut target__ = None;
                let mut compress__ = None;
                let mut pool__ = None;
                let mut secret__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Name => {
                            if name__.is_some() {
                                return Err(serde::de::Error::duplicate_field("name"));
                            }
                            name__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Format => {
                            if format__.is_some() {
                                return Err(serde::de::Error::duplicate_field("format"));
                            }
                            format__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Target => {
                            if target__.is_some() {
                                return Err(serde::de::Error::duplicate_field("target"));
                            }
                            target__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Compress => {
                            if compress__.is_some() {
                                return Err(serde::de::Error::duplicate_field("compress"));
                            }
                            compress__ = map_.next_value()?;
                        }
                        GeneratedField::Pool => {
                            if pool__.is_some() {
                                return Err(serde::de::Error::duplicate_field("pool"));
                            }
                            pool__ = map_.next_value()?;
                        }
                        GeneratedField::Secret => {
                            if secret__.is_some() {
                                return Err(serde::de::Error::duplicate_field("secret"));
                            }
                            secret__ = map_.next_value()?;
                        }
                        GeneratedField::__SkipField__ => {
                            let _ = map_.next_value::<serde::de::IgnoredAny>()?;
                        }
                    }
                }
                Ok(ConvertDiskRequest {
                    name: name__.unwrap_or_default(),
                    format: format__.unwrap_or_default(),
                    target: target__.unwrap_or_default(),
                    compress: compress__,
                    pool: pool__,
                    secret: secret__,
                })
            }
        }
        deserializer.deserialize_struct("hypervisor.v1.ConvertDiskRequest", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for Cpu {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if self.count != 0 {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("hypervisor.v1.Cpu", len)?;
        if self.count != 0 {
            struct_ser.serialize_field("count", &self.count)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for Cpu {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "count",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Count,
            __SkipField__,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "count" => Ok(GeneratedField::Count),
                            _ => Ok(GeneratedField::__SkipField__),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = Cpu;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct hypervisor.v1.Cpu")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<Cpu, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut count__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Count => {
                            if count__.is_some() {
                                return Err(serde::de::Error::duplicate_field("count"));
                            }
                            count__ = 
                                Some(map_.next_value::<::pbjson::private::NumberDeserialize<_>>()?.0)
                            ;
                        }
                        GeneratedField::__SkipField__ => {
                            let _ = map_.next_value::<serde::de::IgnoredAny>()?;
                        }
                    }
                }
                Ok(Cpu {
                    count: count__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("hypervisor.v1.Cpu", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for CreateDiskRequest {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.name.is_empty() {
            len += 1;
        }
        if self.size.is_some() {
            len += 1;
        }
        if self.format.is_some() {
            len += 1;
        }
        if self.pool.is_some() {
            len += 1;
        }
        if self.encrypted.is_some() {
            len += 1;
        }
        if self.secret.is_some() {
            len += 1;
        }
        if self.backing.is_some() {
            len += 1;
        }
        if self.preallocation.is_some() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("hypervisor.v1.CreateDiskRequest", len)?;
        if !self.name.is_empty() {
            struct_ser.serialize_field("name", &self.name)?;
        }
        if let Some(v) = self.size.as_ref() {
            struct_ser.serialize_field("size", v)?;
        }
        if let Some(v) = self.format.as_ref() {
            struct_ser.serialize_field("format", v)?;
        }
        if let Some(v) = self.pool.as_ref() {
            struct_ser.serialize_field("pool", v)?;
        }
        if let Some(v) = self.encrypted.as_ref() {
            struct_ser.serialize_field("encrypted", v)?;
        }
        if let Some(v) = self.secret.as_ref() {
            struct_ser.serialize_field("secret", v)?;
        }
        if let Some(v) = self.backing.as_ref() {
            struct_ser.serialize_field("backing", v)?;
        }
        if let Some(v) = self.preallocation.as_ref() {
            struct_ser.serialize_field("preallocation", v)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for CreateDiskRequest {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "name",
            "size",
            "format",
            "pool",
            "encrypted",
            "secret",
            "backing",
            "preallocation",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Name,
            Size,
            Format,
            Pool,
            Encrypted,
            Secret,
            Backing,
            Preallocation,
            __SkipField__,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "name" => Ok(GeneratedField::Name),
                            "size" => Ok(GeneratedField::Size),
                            "format" => Ok(GeneratedField::Format),
                            "pool" => Ok(GeneratedField::Pool),
                            "encrypted" => Ok(GeneratedField::Encrypted),
                            "secret" => Ok(GeneratedField::Secret),
                            "backing" => Ok(GeneratedField::Backing),
                            "preallocation" => Ok(GeneratedField::Preallocation),
                            _ => Ok(GeneratedField::__SkipField__),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = CreateDiskRequest;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct hypervisor.v1.CreateDiskRequest")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<CreateDiskRequest, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut name__ = None;
                let mut size__ = None;
                let mut format__ = None;
                let mut pool__ = None;
                let mut encrypted__ = None;
                let mut secret__ = None;
                let mut backing__ = None;
                let mut preallocation__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Name => {
                            if name__.is_some() {
                                return Err(serde::de::Error::duplicate_field("name"));
                            }
                            name__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Size => {
                            if size__.is_some() {
                                return Err(serde::de::Error::duplicate_field("size"));
                            }
                            size__ = map_.next_value()?;
                        }
                        GeneratedField::Format => {
                            if format__.is_some() {
                                return Err(serde::de::Error::duplicate_field("format"));
                            }
                            format__ = map_.next_value()?;
                        }
                        GeneratedField::Pool => {
                            if pool__.is_some() {
                                return Err(serde::de::Error::duplicate_field("pool"));
                            }
                            pool__ = map_.next_value()?;
                        }
                        GeneratedField::Encrypted => {
                            if encrypted__.is_some() {
                                return Err(serde::de::Error::duplicate_field("encrypted"));
                            }
                            encrypted__ = map_.next_value()?;
                        }
                        GeneratedField::Secret => {
                            if secret__.is_some() {
                                return Err(serde::de::Error::duplicate_field("secret"));
                            }
                            secret__ = map_.next_value()?;
                        }
                        GeneratedField::Backing => {
                            if backing__.is_some() {
                                return Err(serde::de::Error::duplicate_field("backing"));
                            }
                            backing__ = map_.next_value()?;
                        }
                        GeneratedField::Preallocation => {
                            if preallocation__.is_some() {
                                return Err(serde::de::Error::duplicate_field("preallocation"));
                            }
                            preallocation__ = map_.next_value()?;
                        }
                        GeneratedField::__SkipField__ => {
                            let _ = map_.next_value::<serde::de::IgnoredAny>()?;
                        }
                    }
                }
                Ok(CreateDiskRequest {
                    name: name__.unwrap_or_default(),
                    size: size__,
                    format: format__,
                    pool: pool__,
                    encrypted: encrypted__,
                    secret: secret__,
                    backing: backing__,
                    preallocation: preallocation__,
                })
            }
        }
        deserializer.deserialize_struct("hypervisor.v1.CreateDiskRequest", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for CreateNetworkRequest {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.name.is_empty() {
            len += 1;
        }
        if !self.mode.is_empty() {
            len += 1;
        }
        if self.subnet.is_some() {
            len += 1;
        }
        if self.gateway.is_some() {
            len += 1;
        }
        if self.mtu.is_some() {
            len += 1;
        }
        if self.dhcp.is_some() {
            len += 1;
        }
        if self.dns.is_some() {
            len += 1;
        }
        if self.default_inbound.is_some() {
            len += 1;
        }
        if self.tunnel.is_some() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("hypervisor.v1.CreateNetworkRequest", len)?;
        if !self.name.is_empty() {
            struct_ser.serialize_field("name", &self.name)?;
        }
        if !self.mode.is_empty() {
            struct_ser.serialize_field("mode", &self.mode)?;
        }
        if let Some(v) = self.subnet.as_ref() {
            struct_ser.serialize_field("subnet", v)?;
        }
        if let Some(v) = self.gateway.as_ref() {
            struct_ser.serialize_field("gateway", v)?;
        }
        if let Some(v) = self.mtu.as_ref() {
            struct_ser.serialize_field("mtu", v)?;
        }
        if let Some(v) = self.dhcp.as_ref() {
            struct_ser.serialize_field("dhcp", v)?;
        }
        if let Some(v) = self.dns.as_ref() {
            struct_ser.serialize_field("dns", v)?;
        }
        if let Some(v) = self.default_inbound.as_ref() {
            struct_ser.serialize_field("default_inbound", v)?;
        }
        if let Some(v) = self.tunnel.as_ref() {
            struct_ser.serialize_field("tunnel", v)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for CreateNetworkRequest {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "name",
            "mode",
            "subnet",
            "gateway",
            "mtu",
            "dhcp",
            "dns",
            "default_inbound",
            "defaultInbound",
            "tunnel",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Name,
            Mode,
            Subnet,
            Gateway,
            Mtu,
            Dhcp,
            Dns,
            DefaultInbound,
            Tunnel,
            __SkipField__,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "name" => Ok(GeneratedField::Name),
                            "mode" => Ok(GeneratedField::Mode),
                            "subnet" => Ok(GeneratedField::Subnet),
                            "gateway" => Ok(GeneratedField::Gateway),
                            "mtu" => Ok(GeneratedField::Mtu),
                            "dhcp" => Ok(GeneratedField::Dhcp),
                            "dns" => Ok(GeneratedField::Dns),
                            "defaultInbound" | "default_inbound" => Ok(GeneratedField::DefaultInbound),
                            "tunnel" => Ok(GeneratedField::Tunnel),
                            _ => Ok(GeneratedField::__SkipField__),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = CreateNetworkRequest;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct hypervisor.v1.CreateNetworkRequest")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<CreateNetworkRequest, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut name__ = None;
                let mut mode__ = None;
                let mut subnet__ = None;
                let mut gateway__ = None;
                let mut mtu__ = None;
                let mut dhcp__ = None;
                let mut dns__ = None;
                let mut default_inbound__ = None;
                let mut tunnel__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Name => {
                            if name__.is_some() {
                                return Err(serde::de::Error::duplicate_field("name"));
                            }
                            name__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Mode => {
                            if mode__.is_some() {
                                return Err(serde::de::Error::duplicate_field("mode"));
                            }
                            mode__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Subnet => {
                            if subnet__.is_some() {
                                return Err(serde::de::Error::duplicate_field("subnet"));
                            }
                            subnet__ = map_.next_value()?;
                        }
                        GeneratedField::Gateway => {
                            if gateway__.is_some() {
                                return Err(serde::de::Error::duplicate_field("gateway"));
                            }
                            gateway__ = map_.next_value()?;
                        }
                        GeneratedField::Mtu => {
                            if mtu__.is_some() {
                                return Err(serde::de::Error::duplicate_field("mtu"));
                            }
                            mtu__ = 
                                map_.next_value::<::std::option::Option<::pbjson::private::NumberDeserialize<_>>>()?.map(|x| x.0)
                            ;
                        }
                        GeneratedField::Dhcp => {
                            if dhcp__.is_some() {
                                return Err(serde::de::Error::duplicate_field("dhcp"));
                            }
                            dhcp__ = map_.next_value()?;
                        }
                        GeneratedField::Dns => {
                            if dns__.is_some() {
                                return Err(serde::de::Error::duplicate_field("dns"));
                            }
                            dns__ = map_.next_value()?;
                        }
                        GeneratedField::DefaultInbound => {
                            if default_inbound__.is_some() {
                                return Err(serde::de::Error::duplicate_field("defaultInbound"));
                            }
                            default_inbound__ = map_.next_value()?;
                        }
                        GeneratedField::Tunnel => {
                            if tunnel__.is_some() {
                                return Err(serde::de::Error::duplicate_field("tunnel"));
                            }
                            tunnel__ = map_.next_value()?;
                        }
                        GeneratedField::__SkipField__ => {
                            let _ = map_.next_value::<serde::de::IgnoredAny>()?;
                        }
                    }
                }
                Ok(CreateNetworkRequest {
                    name: name__.unwrap_or_default(),
                    mode: mode__.unwrap_or_default(),
                    subnet: subnet__,
                    gateway: gateway__,
                    mtu: mtu__,
                    dhcp: dhcp__,
                    dns: dns__,
                    default_inbound: default_inbound__,
                    tunnel: tunnel__,
                })
            }
        }
        deserializer.deserialize_struct("hypervisor.v1.CreateNetworkRequest", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for CreatePoolRequest {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.name.is_empty() {
            len += 1;
        }
        if !self.path.is_empty() {
            len += 1;
        }
        if self.capacity.is_some() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("hypervisor.v1.CreatePoolRequest", len)?;
        if !self.name.is_empty() {
            struct_ser.serialize_field("name", &self.name)?;
        }
        if !self.path.is_empty() {
            struct_ser.serialize_field("path", &self.path)?;
        }
        if let Some(v) = self.capacity.as_ref() {
            struct_ser.serialize_field("capacity", v)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for CreatePoolRequest {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "name",
            "path",
            "capacity",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Name,
            Path,
            Capacity,
            __SkipField__,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "name" => Ok(GeneratedField::Name),
                            "path" => Ok(GeneratedField::Path),
                            "capacity" => Ok(GeneratedField::Capacity),
                            _ => Ok(GeneratedField::__SkipField__),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = CreatePoolRequest;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct hypervisor.v1.CreatePoolRequest")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<CreatePoolRequest, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut name__ = None;
                let mut path__ = None;
                let mut capacity__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Name => {
                            if name__.is_some() {
                                return Err(serde::de::Error::duplicate_field("name"));
                            }
                            name__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Path => {
                            if path__.is_some() {
                                return Err(serde::de::Error::duplicate_field("path"));
                            }
                            path__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Capacity => {
                            if capacity__.is_some() {
                                return Err(serde::de::Error::duplicate_field("capacity"));
                            }
                            capacity__ = map_.next_value()?;
                        }
                        GeneratedField::__SkipField__ => {
                            let _ = map_.next_value::<serde::de::IgnoredAny>()?;
                        }
                    }
                }
                Ok(CreatePoolRequest {
                    name: name__.unwrap_or_default(),
                    path: path__.unwrap_or_default(),
                    capacity: capacity__,
                })
            }
        }
        deserializer.deserialize_struct("hypervisor.v1.CreatePoolRequest", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for CreateSnapshotRequest {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.name.is_empty() {
            len += 1;
        }
        if self.snapshot.is_some() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("hypervisor.v1.CreateSnapshotRequest", len)?;
        if !self.name.is_empty() {
            struct_ser.serialize_field("name", &self.name)?;
        }
        if let Some(v) = self.snapshot.as_ref() {
            struct_ser.serialize_field("snapshot", v)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for CreateSnapshotRequest {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "name",
            "snapshot",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Name,
            Snapshot,
            __SkipField__,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "name" => Ok(GeneratedField::Name),
                            "snapshot" => Ok(GeneratedField::Snapshot),
                            _ => Ok(GeneratedField::__SkipField__),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = CreateSnapshotRequest;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct hypervisor.v1.CreateSnapshotRequest")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<CreateSnapshotRequest, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut name__ = None;
                let mut snapshot__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Name => {
                            if name__.is_some() {
                                return Err(serde::de::Error::duplicate_field("name"));
                            }
                            name__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Snapshot => {
                            if snapshot__.is_some() {
                                return Err(serde::de::Error::duplicate_field("snapshot"));
                            }
                            snapshot__ = map_.next_value()?;
                        }
                        GeneratedField::__SkipField__ => {
                            let _ = map_.next_value::<serde::de::IgnoredAny>()?;
                        }
                    }
                }
                Ok(CreateSnapshotRequest {
                    name: name__.unwrap_or_default(),
                    snapshot: snapshot__,
                })
            }
        }
        deserializer.deserialize_struct("hypervisor.v1.CreateSnapshotRequest", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for CreateSnapshotResponse {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if self.result.is_some() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("hypervisor.v1.CreateSnapshotResponse", len)?;
        if let Some(v) = self.result.as_ref() {
            match v {
                create_snapshot_response::Result::Snapshot(v) => {
                    struct_ser.serialize_field("snapshot", v)?;
                }
                create_snapshot_response::Result::Operation(v) => {
                    struct_ser.serialize_field("operation", v)?;
                }
            }
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for CreateSnapshotResponse {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "snapshot",
            "operation",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Snapshot,
            Operation,
            __SkipField__,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "snapshot" => Ok(GeneratedField::Snapshot),
                            "operation" => Ok(GeneratedField::Operation),
                            _ => Ok(GeneratedField::__SkipField__),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = CreateSnapshotResponse;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct hypervisor.v1.CreateSnapshotResponse")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<CreateSnapshotResponse, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut result__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Snapshot => {
                            if result__.is_some() {
                                return Err(serde::de::Error::duplicate_field("snapshot"));
                            }
                            result__ = map_.next_value::<::std::option::Option<_>>()?.map(create_snapshot_response::Result::Snapshot)
;
                        }
                        GeneratedField::Operation => {
                            if result__.is_some() {
                                return Err(serde::de::Error::duplicate_field("operation"));
                            }
                            result__ = map_.next_value::<::std::option::Option<_>>()?.map(create_snapshot_response::Result::Operation)
;
                        }
                        GeneratedField::__SkipField__ => {
                            let _ = map_.next_value::<serde::de::IgnoredAny>()?;
                        }
                    }
                }
                Ok(CreateSnapshotResponse {
                    result: result__,
                })
            }
        }
        deserializer.deserialize_struct("hypervisor.v1.CreateSnapshotResponse", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for CreateTokenRequest {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.name.is_empty() {
            len += 1;
        }
        if !self.scopes.is_empty() {
            len += 1;
        }
        if self.expires_in_days.is_some() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("hypervisor.v1.CreateTokenRequest", len)?;
        if !self.name.is_empty() {
            struct_ser.serialize_field("name", &self.name)?;
        }
        if !self.scopes.is_empty() {
            struct_ser.serialize_field("scopes", &self.scopes)?;
        }
        if let Some(v) = self.expires_in_days.as_ref() {
            struct_ser.serialize_field("expires_in_days", v)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for CreateTokenRequest {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "name",
            "scopes",
            "expires_in_days",
            "expiresInDays",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Name,
            Scopes,
            ExpiresInDays,
            __SkipField__,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "name" => Ok(GeneratedField::Name),
                            "scopes" => Ok(GeneratedField::Scopes),
                            "expiresInDays" | "expires_in_days" => Ok(GeneratedField::ExpiresInDays),
                            _ => Ok(GeneratedField::__SkipField__),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = CreateTokenRequest;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct hypervisor.v1.CreateTokenRequest")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<CreateTokenRequest, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut name__ = None;
                let mut scopes__ = None;
                let mut expires_in_days__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Name => {
                            if name__.is_some() {
                                return Err(serde::de::Error::duplicate_field("name"));
                            }
                            name__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Scopes => {
                            if scopes__.is_some() {
                                return Err(serde::de::Error::duplicate_field("scopes"));
                            }
                            scopes__ = Some(map_.next_value()?);
                        }
                        GeneratedField::ExpiresInDays => {
                            if expires_in_days__.is_some() {
                                return Err(serde::de::Error::duplicate_field("expiresInDays"));
                            }
                            expires_in_days__ = 
                                map_.next_value::<::std::option::Option<::pbjson::private::NumberDeserialize<_>>>()?.map(|x| x.0)
                            ;
                        }
                        GeneratedField::__SkipField__ => {
                            let _ = map_.next_value::<serde::de::IgnoredAny>()?;
                        }
                    }
                }
                Ok(CreateTokenRequest {
                    name: name__.unwrap_or_default(),
                    scopes: scopes__.unwrap_or_default(),
                    expires_in_days: expires_in_days__,
                })
            }
        }
        deserializer.deserialize_struct("hypervisor.v1.CreateTokenRequest", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for CreateTokenResponse {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.token.is_empty() {
            len += 1;
        }
        if !self.name.is_empty() {
            len += 1;
        }
        if !self.scopes.is_empty() {
            len += 1;
        }
        if self.created_at.is_some() {
            len += 1;
        }
        if self.last_used_at.is_some() {
            len += 1;
        }
        if self.expires_at.is_some() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("hypervisor.v1.CreateTokenResponse", len)?;
        if !self.token.is_empty() {
            struct_ser.serialize_field("token", &self.token)?;
        }
        if !self.name.is_empty() {
            struct_ser.serialize_field("name", &self.name)?;
        }
        if !self.scopes.is_empty() {
            struct_ser.serialize_field("scopes", &self.scopes)?;
        }
        if let Some(v) = self.created_at.as_ref() {
            struct_ser.serialize_field("created_at", v)?;
        }
        if let Some(v) = self.last_used_at.as_ref() {
            struct_ser.serialize_field("last_used_at", v)?;
        }
        if let Some(v) = self.expires_at.as_ref() {
            struct_ser.serialize_field("expires_at", v)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for CreateTokenResponse {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "token",
            "name",
            "scopes",
            "created_at",
            "createdAt",
            "last_used_at",
            "lastUsedAt",
            "expires_at",
            "expiresAt",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Token,
            Name,
            Scopes,
            CreatedAt,
            LastUsedAt,
            ExpiresAt,
            __SkipField__,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "token" => Ok(GeneratedField::Token),
                            "name" => Ok(GeneratedField::Name),
                            "scopes" => Ok(GeneratedField::Scopes),
                            "createdAt" | "created_at" => Ok(GeneratedField::CreatedAt),
                            "lastUsedAt" | "last_used_at" => Ok(GeneratedField::LastUsedAt),
                            "expiresAt" | "expires_at" => Ok(GeneratedField::ExpiresAt),
                            _ => Ok(GeneratedField::__SkipField__),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = CreateTokenResponse;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct hypervisor.v1.CreateTokenResponse")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<CreateTokenResponse, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut token__ = None;
                let mut name__ = None;
                let mut scopes__ = None;
                let mut created_at__ = None;
                let mut last_used_at__ = None;
                let mut expires_at__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Token => {
                            if token__.is_some() {
                                return Err(serde::de::Error::duplicate_field("token"));
                            }
                            token__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Name => {
                            if name__.is_some() {
                                return Err(serde::de::Error::duplicate_field("name"));
                            }
                            name__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Scopes => {
                            if scopes__.is_some() {
                                return Err(serde::de::Error::duplicate_field("scopes"));
                            }
                            scopes__ = Some(map_.next_value()?);
                        }
                        GeneratedField::CreatedAt => {
                            if created_at__.is_some() {
                                return Err(serde::de::Error::duplicate_field("createdAt"));
                            }
                            created_at__ = map_.next_value()?;
                        }
                        GeneratedField::LastUsedAt => {
                            if last_used_at__.is_some() {
                                return Err(serde::de::Error::duplicate_field("lastUsedAt"));
                            }
                            last_used_at__ = map_.next_value()?;
                        }
                        GeneratedField::ExpiresAt => {
                            if expires_at__.is_some() {
                                return Err(serde::de::Error::duplicate_field("expiresAt"));
                            }
                            expires_at__ = map_.next_value()?;
                        }
                        GeneratedField::__SkipField__ => {
                            let _ = map_.next_value::<serde::de::IgnoredAny>()?;
                        }
                    }
                }
                Ok(CreateTokenResponse {
                    token: token__.unwrap_or_default(),
                    name: name__.unwrap_or_default(),
                    scopes: scopes__.unwrap_or_default(),
                    created_at: created_at__,
                    last_used_at: last_used_at__,
                    expires_at: expires_at__,
                })
            }
        }
        deserializer.deserialize_struct("hypervisor.v1.CreateTokenResponse", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for CreateVmRequest {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.name.is_empty() {
            len += 1;
        }
        if self.cpu.is_some() {
            len += 1;
        }
        if self.memory.is_some() {
            len += 1;
        }
        if self.devices.is_some() {
            len += 1;
        }
        if self.boot.is_some() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("hypervisor.v1.CreateVmRequest", len)?;
        if !self.name.is_empty() {
            struct_ser.serialize_field("name", &self.name)?;
        }
        if let Some(v) = self.cpu.as_ref() {
            struct_ser.serialize_field("cpu", v)?;
        }
        if let Some(v) = self.memory.as_ref() {
            struct_ser.serialize_field("memory", v)?;
        }
        if let Some(v) = self.devices.as_ref() {
            struct_ser.serialize_field("devices", v)?;
        }
        if let Some(v) = self.boot.as_ref() {
            struct_ser.serialize_field("boot", v)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for CreateVmRequest {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "name",
            "cpu",
            "memory",
            "devices",
            "boot",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Name,
            Cpu,
            Memory,
            Devices,
            Boot,
            __SkipField__,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "name" => Ok(GeneratedField::Name),
                            "cpu" => Ok(GeneratedField::Cpu),
                            "memory" => Ok(GeneratedField::Memory),
                            "devices" => Ok(GeneratedField::Devices),
                            "boot" => Ok(GeneratedField::Boot),
                            _ => Ok(GeneratedField::__SkipField__),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = CreateVmRequest;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct hypervisor.v1.CreateVmRequest")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<CreateVmRequest, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut name__ = None;
                let mut cpu__ = None;
                let mut memory__ = None;
                let mut devices__ = None;
                let mut boot__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Name => {
                            if name__.is_some() {
                                return Err(serde::de::Error::duplicate_field("name"));
                            }
                            name__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Cpu => {
                            if cpu__.is_some() {
                                return Err(serde::de::Error::duplicate_field("cpu"));
                            }
                            cpu__ = map_.next_value()?;
                        }
                        GeneratedField::Memory => {
                            if memory__.is_some() {
                                return Err(serde::de::Error::duplicate_field("memory"));
                            }
                            memory__ = map_.next_value()?;
                        }
                        GeneratedField::Devices => {
                            if devices__.is_some() {
                                return Err(serde::de::Error::duplicate_field("devices"));
                            }
                            devices__ = map_.next_value()?;
                        }
                        GeneratedField::Boot => {
                            if boot__.is_some() {
                                return Err(serde::de::Error::duplicate_field("boot"));
                            }
                            boot__ = map_.next_value()?;
                        }
                        GeneratedField::__SkipField__ => {
                            let _ = map_.next_value::<serde::de::IgnoredAny>()?;
                        }
                    }
                }
                Ok(CreateVmRequest {
                    name: name__.unwrap_or_default(),
                    cpu: cpu__,
                    memory: memory__,
                    devices: devices__,
                    boot: boot__,
                })
            }
        }
        deserializer.deserialize_struct("hypervisor.v1.CreateVmRequest", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for DeleteDiskRequest {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.name.is_empty() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("hypervisor.v1.DeleteDiskRequest", len)?;
        if !self.name.is_empty() {
            struct_ser.serialize_field("name", &self.name)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for DeleteDiskRequest {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "name",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Name,
            __SkipField__,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "name" => Ok(GeneratedField::Name),
                            _ => Ok(GeneratedField::__SkipField__),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = DeleteDiskRequest;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct hypervisor.v1.DeleteDiskRequest")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<DeleteDiskRequest, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut name__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Name => {
                            if name__.is_some() {
                                return Err(serde::de::Error::duplicate_field("name"));
                            }
                            name__ = Some(map_.next_value()?);
                        }
                        GeneratedField::__SkipField__ => {
                            let _ = map_.next_value::<serde::de::IgnoredAny>()?;
                        }
                    }
                }
                Ok(DeleteDiskRequest {
                    name: name__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("hypervisor.v1.DeleteDiskRequest", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for DeleteDiskResponse {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.name.is_empty() {
            len += 1;
        }
        if self.deleted {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("hypervisor.v1.DeleteDiskResponse", len)?;
        if !self.name.is_empty() {
            struct_ser.serialize_field("name", &self.name)?;
        }
        if self.deleted {
            struct_ser.serialize_field("deleted", &self.deleted)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for DeleteDiskResponse {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "name",
            "deleted",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Name,
            Deleted,
            __SkipField__,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "name" => Ok(GeneratedField::Name),
                            "deleted" => Ok(GeneratedField::Deleted),
                            _ => Ok(GeneratedField::__SkipField__),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = DeleteDiskResponse;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct hypervisor.v1.DeleteDiskResponse")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<DeleteDiskResponse, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut name__ = None;
                let mut deleted__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Name => {
                            if name__.is_some() {
                                return Err(serde::de::Error::duplicate_field("name"));
                            }
                            name__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Deleted => {
                            if deleted__.is_some() {
                                return Err(serde::de::Error::duplicate_field("deleted"));
                            }
                            deleted__ = Some(map_.next_value()?);
                        }
                        GeneratedField::__SkipField__ => {
                            let _ = map_.next_value::<serde::de::IgnoredAny>()?;
                        }
                    }
                }
                Ok(DeleteDiskResponse {
                    name: name__.unwrap_or_default(),
                    deleted: deleted__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("hypervisor.v1.DeleteDiskResponse", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for DeleteForwardRequest {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.name.is_empty() {
            len += 1;
        }
        if !self.id.is_empty() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("hypervisor.v1.DeleteForwardRequest", len)?;
        if !self.name.is_empty() {
            struct_ser.serialize_field("name", &self.name)?;
        }
        if !self.id.is_empty() {
            struct_ser.serialize_field("id", &self.id)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for DeleteForwardRequest {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "name",
            "id",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Name,
            Id,
            __SkipField__,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "name" => Ok(GeneratedField::Name),
                            "id" => Ok(GeneratedField::Id),
                            _ => Ok(GeneratedField::__SkipField__),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = DeleteForwardRequest;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct hypervisor.v1.DeleteForwardRequest")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<DeleteForwardRequest, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut name__ = None;
                let mut id__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Name => {
                            if name__.is_some() {
                                return Err(serde::de::Error::duplicate_field("name"));
                            }
                            name__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Id => {
                            if id__.is_some() {
                                return Err(serde::de::Error::duplicate_field("id"));
                            }
                            id__ = Some(map_.next_value()?);
                        }
                        GeneratedField::__SkipField__ => {
                            let _ = map_.next_value::<serde::de::IgnoredAny>()?;
                        }
                    }
                }
                Ok(DeleteForwardRequest {
                    name: name__.unwrap_or_default(),
                    id: id__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("hypervisor.v1.DeleteForwardRequest", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for DeleteKeyRequest {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.name.is_empty() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("hypervisor.v1.DeleteKeyRequest", len)?;
        if !self.name.is_empty() {
            struct_ser.serialize_field("name", &self.name)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for DeleteKeyRequest {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "name",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Name,
            __SkipField__,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "name" => Ok(GeneratedField::Name),
                            _ => Ok(GeneratedField::__SkipField__),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = DeleteKeyRequest;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct hypervisor.v1.DeleteKeyRequest")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<DeleteKeyRequest, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut name__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Name => {
                            if name__.is_some() {
                                return Err(serde::de::Error::duplicate_field("name"));
                            }
                            name__ = Some(map_.next_value()?);
                        }
                        GeneratedField::__SkipField__ => {
                            let _ = map_.next_value::<serde::de::IgnoredAny>()?;
                        }
                    }
                }
                Ok(DeleteKeyRequest {
                    name: name__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("hypervisor.v1.DeleteKeyRequest", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for DeleteKeyResponse {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.name.is_empty() {
            len += 1;
        }
        if self.deleted {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("hypervisor.v1.DeleteKeyResponse", len)?;
        if !self.name.is_empty() {
            struct_ser.serialize_field("name", &self.name)?;
        }
        if self.deleted {
            struct_ser.serialize_field("deleted", &self.deleted)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for DeleteKeyResponse {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "name",
            "deleted",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Name,
            Deleted,
            __SkipField__,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "name" => Ok(GeneratedField::Name),
                            "deleted" => Ok(GeneratedField::Deleted),
                            _ => Ok(GeneratedField::__SkipField__),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = DeleteKeyResponse;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct hypervisor.v1.DeleteKeyResponse")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<DeleteKeyResponse, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut name__ = None;
                let mut deleted__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Name => {
                            if name__.is_some() {
                                return Err(serde::de::Error::duplicate_field("name"));
                            }
                            name__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Deleted => {
                            if deleted__.is_some() {
                                return Err(serde::de::Error::duplicate_field("deleted"));
                            }
                            deleted__ = Some(map_.next_value()?);
                        }
                        GeneratedField::__SkipField__ => {
                            let _ = map_.next_value::<serde::de::IgnoredAny>()?;
                        }
                    }
                }
                Ok(DeleteKeyResponse {
                    name: name__.unwrap_or_default(),
                    deleted: deleted__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("hypervisor.v1.DeleteKeyResponse", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for DeleteNetworkRequest {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.name.is_empty() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("hypervisor.v1.DeleteNetworkRequest", len)?;
        if !self.name.is_empty() {
            struct_ser.serialize_field("name", &self.name)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for DeleteNetworkRequest {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "name",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Name,
            __SkipField__,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "name" => Ok(GeneratedField::Name),
                            _ => Ok(GeneratedField::__SkipField__),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = DeleteNetworkRequest;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct hypervisor.v1.DeleteNetworkRequest")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<DeleteNetworkRequest, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut name__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Name => {
                            if name__.is_some() {
                                return Err(serde::de::Error::duplicate_field("name"));
                            }
                            name__ = Some(map_.next_value()?);
                        }
                        GeneratedField::__SkipField__ => {
                            let _ = map_.next_value::<serde::de::IgnoredAny>()?;
                        }
                    }
                }
                Ok(DeleteNetworkRequest {
                    name: name__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("hypervisor.v1.DeleteNetworkRequest", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for DeleteNetworkResponse {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.name.is_empty() {
            len += 1;
        }
        if self.deleted {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("hypervisor.v1.DeleteNetworkResponse", len)?;
        if !self.name.is_empty() {
            struct_ser.serialize_field("name", &self.name)?;
        }
        if self.deleted {
            struct_ser.serialize_field("deleted", &self.deleted)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for DeleteNetworkResponse {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "name",
            "deleted",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Name,
            Deleted,
            __SkipField__,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "name" => Ok(GeneratedField::Name),
                            "deleted" => Ok(GeneratedField::Deleted),
                            _ => Ok(GeneratedField::__SkipField__),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = DeleteNetworkResponse;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct hypervisor.v1.DeleteNetworkResponse")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<DeleteNetworkResponse, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut name__ = None;
                let mut deleted__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Name => {
                            if name__.is_some() {
                                return Err(serde::de::Error::duplicate_field("name"));
                            }
                            name__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Deleted => {
                            if deleted__.is_some() {
                                return Err(serde::de::Error::duplicate_field("deleted"));
                            }
                            deleted__ = Some(map_.next_value()?);
                        }
                        GeneratedField::__SkipField__ => {
                            let _ = map_.next_value::<serde::de::IgnoredAny>()?;
                        }
                    }
                }
                Ok(DeleteNetworkResponse {
                    name: name__.unwrap_or_default(),
                    deleted: deleted__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("hypervisor.v1.DeleteNetworkResponse", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for DeleteRuleRequest {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.name.is_empty() {
            len += 1;
        }
        if !self.id.is_empty() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("hypervisor.v1.DeleteRuleRequest", len)?;
        if !self.name.is_empty() {
            struct_ser.serialize_field("name", &self.name)?;
        }
        if !self.id.is_empty() {
            struct_ser.serialize_field("id", &self.id)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for DeleteRuleRequest {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "name",
            "id",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Name,
            Id,
            __SkipField__,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "name" => Ok(GeneratedField::Name),
                            "id" => Ok(GeneratedField::Id),
                            _ => Ok(GeneratedField::__SkipField__),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = DeleteRuleRequest;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct hypervisor.v1.DeleteRuleRequest")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<DeleteRuleRequest, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut name__ = None;
                let mut id__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Name => {
                            if name__.is_some() {
                                return Err(serde::de::Error::duplicate_field("name"));
                            }
                            name__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Id => {
                            if id__.is_some() {
                                return Err(serde::de::Error::duplicate_field("id"));
                            }
                            id__ = Some(map_.next_value()?);
                        }
                        GeneratedField::__SkipField__ => {
                            let _ = map_.next_value::<serde::de::IgnoredAny>()?;
                        }
                    }
                }
                Ok(DeleteRuleRequest {
                    name: name__.unwrap_or_default(),
                    id: id__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("hypervisor.v1.DeleteRuleRequest", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for DeleteSnapshotRequest {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.name.is_empty() {
            len += 1;
        }
        if !self.snap.is_empty() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("hypervisor.v1.DeleteSnapshotRequest", len)?;
        if !self.name.is_empty() {
            struct_ser.serialize_field("name", &self.name)?;
        }
        if !self.snap.is_empty() {
            struct_ser.serialize_field("snap", &self.snap)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for DeleteSnapshotRequest {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "name",
            "snap",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Name,
            Snap,
            __SkipField__,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "name" => Ok(GeneratedField::Name),
                            "snap" => Ok(GeneratedField::Snap),
                            _ => Ok(GeneratedField::__SkipField__),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = DeleteSnapshotRequest;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct hypervisor.v1.DeleteSnapshotRequest")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<DeleteSnapshotRequest, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut name__ = None;
                let mut snap__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Name => {
                            if name__.is_some() {
                                return Err(serde::de::Error::duplicate_field("name"));
                            }
                            name__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Snap => {
                            if snap__.is_some() {
                                return Err(serde::de::Error::duplicate_field("snap"));
                            }
                            snap__ = Some(map_.next_value()?);
                        }
                        GeneratedField::__SkipField__ => {
                            let _ = map_.next_value::<serde::de::IgnoredAny>()?;
                        }
                    }
                }
                Ok(DeleteSnapshotRequest {
                    name: name__.unwrap_or_default(),
                    snap: snap__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("hypervisor.v1.DeleteSnapshotRequest", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for DeleteSnapshotResponse {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.name.is_empty() {
            len += 1;
        }
        if self.deleted {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("hypervisor.v1.DeleteSnapshotResponse", len)?;
        if !self.name.is_empty() {
            struct_ser.serialize_field("name", &self.name)?;
        }
        if self.deleted {
            struct_ser.serialize_field("deleted", &self.deleted)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for DeleteSnapshotResponse {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "name",
            "deleted",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Name,
            Deleted,
            __SkipField__,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "name" => Ok(GeneratedField::Name),
                            "deleted" => Ok(GeneratedField::Deleted),
                            _ => Ok(GeneratedField::__SkipField__),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = DeleteSnapshotResponse;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct hypervisor.v1.DeleteSnapshotResponse")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<DeleteSnapshotResponse, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut name__ = None;
                let mut deleted__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Name => {
                            if name__.is_some() {
                                return Err(serde::de::Error::duplicate_field("name"));
                            }
                            name__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Deleted => {
                            if deleted__.is_some() {
                                return Err(serde::de::Error::duplicate_field("deleted"));
                            }
                            deleted__ = Some(map_.next_value()?);
                        }
                        GeneratedField::__SkipField__ => {
                            let _ = map_.next_value::<serde::de::IgnoredAny>()?;
                        }
                    }
                }
                Ok(DeleteSnapshotResponse {
                    name: name__.unwrap_or_default(),
                    deleted: deleted__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("hypervisor.v1.DeleteSnapshotResponse", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for DeleteTokenRequest {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.name.is_empty() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("hypervisor.v1.DeleteTokenRequest", len)?;
        if !self.name.is_empty() {
            struct_ser.serialize_field("name", &self.name)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for DeleteTokenRequest {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "name",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Name,
            __SkipField__,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "name" => Ok(GeneratedField::Name),
                            _ => Ok(GeneratedField::__SkipField__),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = DeleteTokenRequest;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct hypervisor.v1.DeleteTokenRequest")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<DeleteTokenRequest, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut name__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Name => {
                            if name__.is_some() {
                                return Err(serde::de::Error::duplicate_field("name"));
                            }
                            name__ = Some(map_.next_value()?);
                        }
                        GeneratedField::__SkipField__ => {
                            let _ = map_.next_value::<serde::de::IgnoredAny>()?;
                        }
                    }
                }
                Ok(DeleteTokenRequest {
                    name: name__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("hypervisor.v1.DeleteTokenRequest", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for DeleteTokenResponse {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.name.is_empty() {
            len += 1;
        }
        if self.revoked {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("hypervisor.v1.DeleteTokenResponse", len)?;
        if !self.name.is_empty() {
            struct_ser.serialize_field("name", &self.name)?;
        }
        if self.revoked {
            struct_ser.serialize_field("revoked", &self.revoked)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for DeleteTokenResponse {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "name",
            "revoked",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Name,
            Revoked,
            __SkipField__,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "name" => Ok(GeneratedField::Name),
                            "revoked" => Ok(GeneratedField::Revoked),
                            _ => Ok(GeneratedField::__SkipField__),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = DeleteTokenResponse;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct hypervisor.v1.DeleteTokenResponse")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<DeleteTokenResponse, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut name__ = None;
                let mut revoked__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Name => {
                            if name__.is_some() {
                                return Err(serde::de::Error::duplicate_field("name"));
                            }
                            name__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Revoked => {
                            if revoked__.is_some() {
                                return Err(serde::de::Error::duplicate_field("revoked"));
                            }
                            revoked__ = Some(map_.next_value()?);
                        }
                        GeneratedField::__SkipField__ => {
                            let _ = map_.next_value::<serde::de::IgnoredAny>()?;
                        }
                    }
                }
                Ok(DeleteTokenResponse {
                    name: name__.unwrap_or_default(),
                    revoked: revoked__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("hypervisor.v1.DeleteTokenResponse", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for DeleteVmRequest {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.name.is_empty() {
            len += 1;
        }
        if self.force {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("hypervisor.v1.DeleteVmRequest", len)?;
        if !self.name.is_empty() {
            struct_ser.serialize_field("name", &self.name)?;
        }
        if self.force {
            struct_ser.serialize_field("force", &self.force)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for DeleteVmRequest {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "name",
            "force",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Name,
            Force,
            __SkipField__,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "name" => Ok(GeneratedField::Name),
                            "force" => Ok(GeneratedField::Force),
                            _ => Ok(GeneratedField::__SkipField__),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = DeleteVmRequest;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct hypervisor.v1.DeleteVmRequest")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<DeleteVmRequest, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut name__ = None;
                let mut force__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Name => {
                            if name__.is_some() {
                                return Err(serde::de::Error::duplicate_field("name"));
                            }
                            name__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Force => {
                            if force__.is_some() {
                                return Err(serde::de::Error::duplicate_field("force"));
                            }
                            force__ = Some(map_.next_value()?);
                        }
                        GeneratedField::__SkipField__ => {
                            let _ = map_.next_value::<serde::de::IgnoredAny>()?;
                        }
                    }
                }
                Ok(DeleteVmRequest {
                    name: name__.unwrap_or_default(),
                    force: force__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("hypervisor.v1.DeleteVmRequest", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for DeleteVmResponse {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.name.is_empty() {
            len += 1;
        }
        if self.deleted {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("hypervisor.v1.DeleteVmResponse", len)?;
        if !self.name.is_empty() {
            struct_ser.serialize_field("name", &self.name)?;
        }
        if self.deleted {
            struct_ser.serialize_field("deleted", &self.deleted)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for DeleteVmResponse {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "name",
            "deleted",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Name,
            Deleted,
            __SkipField__,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "name" => Ok(GeneratedField::Name),
                            "deleted" => Ok(GeneratedField::Deleted),
                            _ => Ok(GeneratedField::__SkipField__),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = DeleteVmResponse;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct hypervisor.v1.DeleteVmResponse")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<DeleteVmResponse, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut name__ = None;
                let mut deleted__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Name => {
                            if name__.is_some() {
                                return Err(serde::de::Error::duplicate_field("name"));
                            }
                            name__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Deleted => {
                            if deleted__.is_some() {
                                return Err(serde::de::Error::duplicate_field("deleted"));
                            }
                            deleted__ = Some(map_.next_value()?);
                        }
                        GeneratedField::__SkipField__ => {
                            let _ = map_.next_value::<serde::de::IgnoredAny>()?;
                        }
                    }
                }
                Ok(DeleteVmResponse {
                    name: name__.unwrap_or_default(),
                    deleted: deleted__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("hypervisor.v1.DeleteVmResponse", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for Devices {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.storage.is_empty() {
            len += 1;
        }
        if !self.network.is_empty() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("hypervisor.v1.Devices", len)?;
        if !self.storage.is_empty() {
            struct_ser.serialize_field("storage", &self.storage)?;
        }
        if !self.network.is_empty() {
            struct_ser.serialize_field("network", &self.network)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for Devices {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "storage",
            "network",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Storage,
            Network,
            __SkipField__,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "storage" => Ok(GeneratedField::Storage),
                            "network" => Ok(GeneratedField::Network),
                            _ => Ok(GeneratedField::__SkipField__),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = Devices;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct hypervisor.v1.Devices")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<Devices, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut storage__ = None;
                let mut network__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Storage => {
                            if storage__.is_some() {
                                return Err(serde::de::Error::duplicate_field("storage"));
                            }
                            storage__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Network => {
                            if network__.is_some() {
                                return Err(serde::de::Error::duplicate_field("network"));
                            }
                            network__ = Some(map_.next_value()?);
                        }
                        GeneratedField::__SkipField__ => {
                            let _ = map_.next_value::<serde::de::IgnoredAny>()?;
                        }
                    }
                }
                Ok(Devices {
                    storage: storage__.unwrap_or_default(),
                    network: network__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("hypervisor.v1.Devices", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for DhcpLease {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.mac.is_empty() {
            len += 1;
        }
        if !self.ip.is_empty() {
            len += 1;
        }
        if self.hostname.is_some() {
            len += 1;
        }
        if self.expires_at.is_some() {
            len += 1;
        }
        if self.vm.is_some() {
            len += 1;
        }
        if self.nic.is_some() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("hypervisor.v1.DhcpLease", len)?;
        if !self.mac.is_empty() {
            struct_ser.serialize_field("mac", &self.mac)?;
        }
        if !self.ip.is_empty() {
            struct_ser.serialize_field("ip", &self.ip)?;
        }
        if let Some(v) = self.hostname.as_ref() {
            struct_ser.serialize_field("hostname", v)?;
        }
        if let Some(v) = self.expires_at.as_ref() {
            struct_ser.serialize_field("expires_at", v)?;
        }
        if let Some(v) = self.vm.as_ref() {
            struct_ser.serialize_field("vm", v)?;
        }
        if let Some(v) = self.nic.as_ref() {
            struct_ser.serialize_field("nic", v)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for DhcpLease {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "mac",
            "ip",
            "hostname",
            "expires_at",
            "expiresAt",
            "vm",
            "nic",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Mac,
            Ip,
            Hostname,
            ExpiresAt,
            Vm,
            Nic,
            __SkipField__,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "mac" => Ok(GeneratedField::Mac),
                            "ip" => Ok(GeneratedField::Ip),
                            "hostname" => Ok(GeneratedField::Hostname),
                            "expiresAt" | "expires_at" => Ok(GeneratedField::ExpiresAt),
                            "vm" => Ok(GeneratedField::Vm),
                            "nic" => Ok(GeneratedField::Nic),
                            _ => Ok(GeneratedField::__SkipField__),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = DhcpLease;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct hypervisor.v1.DhcpLease")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<DhcpLease, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut mac__ = None;
                let mut ip__ = None;
                let mut hostname__ = None;
                let mut expires_at__ = None;
                let mut vm__ = None;
                let mut nic__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Mac => {
                            if mac__.is_some() {
                                return Err(serde::de::Error::duplicate_field("mac"));
                            }
                            mac__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Ip => {
                            if ip__.is_some() {
                                return Err(serde::de::Error::duplicate_field("ip"));
                            }
                            ip__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Hostname => {
                            if hostname__.is_some() {
                                return Err(serde::de::Error::duplicate_field("hostname"));
                            }
                            hostname__ = map_.next_value()?;
                        }
                        GeneratedField::ExpiresAt => {
                            if expires_at__.is_some() {
                                return Err(serde::de::Error::duplicate_field("expiresAt"));
                            }
                            expires_at__ = map_.next_value()?;
                        }
                        GeneratedField::Vm => {
                            if vm__.is_some() {
                                return Err(serde::de::Error::duplicate_field("vm"));
                            }
                            vm__ = map_.next_value()?;
                        }
                        GeneratedField::Nic => {
                            if nic__.is_some() {
                                return Err(serde::de::Error::duplicate_field("nic"));
                            }
                            nic__ = 
                                map_.next_value::<::std::option::Option<::pbjson::private::NumberDeserialize<_>>>()?.map(|x| x.0)
                            ;
                        }
                        GeneratedField::__SkipField__ => {
                            let _ = map_.next_value::<serde::de::IgnoredAny>()?;
                        }
                    }
                }
                Ok(DhcpLease {
                    mac: mac__.unwrap_or_default(),
                    ip: ip__.unwrap_or_default(),
                    hostname: hostname__,
                    expires_at: expires_at__,
                    vm: vm__,
                    nic: nic__,
                })
            }
        }
        deserializer.deserialize_struct("hypervisor.v1.DhcpLease", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for DiskImage {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.name.is_empty() {
            len += 1;
        }
        if !self.format.is_empty() {
            len += 1;
        }
        if !self.pool.is_empty() {
            len += 1;
        }
        if !self.size.is_empty() {
            len += 1;
        }
        if self.size_bytes != 0 {
            len += 1;
        }
        if !self.actual_size.is_empty() {
            len += 1;
        }
        if self.actual_size_bytes != 0 {
            len += 1;
        }
        if self.encrypted {
            len += 1;
        }
        if self.backing.is_some() {
            len += 1;
        }
        if self.created_at.is_some() {
            len += 1;
        }
        if !self.used_by.is_empty() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("hypervisor.v1.DiskImage", len)?;
        if !self.name.is_empty() {
            struct_ser.serialize_field("name", &self.name)?;
        }
        if !self.format.is_empty() {
            struct_ser.serialize_field("format", &self.format)?;
        }
        if !self.pool.is_empty() {
            struct_ser.serialize_field("pool", &self.pool)?;
        }
        if !self.size.is_empty() {
            struct_ser.serialize_field("size", &self.size)?;
        }
        if self.size_bytes != 0 {
            #[allow(clippy::needless_borrow)]
            #[allow(clippy::needless_borrows_for_generic_args)]
            struct_ser.serialize_field("size_bytes", ToString::to_string(&self.size_bytes).as_str())?;
        }
        if !self.actual_size.is_empty() {
            struct_ser.serialize_field("actual_size", &self.actual_size)?;
        }
        if self.actual_size_bytes != 0 {
            #[allow(clippy::needless_borrow)]
            #[allow(clippy::needless_borrows_for_generic_args)]
            struct_ser.serialize_field("actual_size_bytes", ToString::to_string(&self.actual_size_bytes).as_str())?;
        }
        if self.encrypted {
            struct_ser.serialize_field("encrypted", &self.encrypted)?;
        }
        if let Some(v) = self.backing.as_ref() {
            struct_ser.serialize_field("backing", v)?;
        }
        if let Some(v) = self.created_at.as_ref() {
            struct_ser.serialize_field("created_at", v)?;
        }
        if !self.used_by.is_empty() {
            struct_ser.serialize_field("used_by", &self.used_by)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for DiskImage {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "name",
            "format",
            "pool",
            "size",
            "size_bytes",
            "sizeBytes",
            "actual_size",
            "actualSize",
            "actual_size_bytes",
            "actualSizeBytes",
            "encrypted",
            "backing",
            "created_at",
            "createdAt",
            "used_by",
            "usedBy",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Name,
            Format,
            Pool,
            Size,
            SizeBytes,
            ActualSize,
            ActualSizeBytes,
            Encrypted,
            Backing,
            CreatedAt,
            UsedBy,
            __SkipField__,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "name" => Ok(GeneratedField::Name),
                            "format" => Ok(GeneratedField::Format),
                            "pool" => Ok(GeneratedField::Pool),
                            "size" => Ok(GeneratedField::Size),
                            "sizeBytes" | "size_bytes" => Ok(GeneratedField::SizeBytes),
                            "actualSize" | "actual_size" => Ok(GeneratedField::ActualSize),
                            "actualSizeBytes" | "actual_size_bytes" => Ok(GeneratedField::ActualSizeBytes),
                            "encrypted" => Ok(GeneratedField::Encrypted),
                            "backing" => Ok(GeneratedField::Backing),
                            "createdAt" | "created_at" => Ok(GeneratedField::CreatedAt),
                            "usedBy" | "used_by" => Ok(GeneratedField::UsedBy),
                            _ => Ok(GeneratedField::__SkipField__),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = DiskImage;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct hypervisor.v1.DiskImage")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<DiskImage, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut name__ = None;
                let mut format__ = None;
                let mut pool__ = None;
                let mut size__ = None;
                let mut size_bytes__ = None;
                let mut actual_size__ = None;
                let mut actual_size_bytes__ = None;
                let mut encrypted__ = None;
                let mut backing__ = None;
                let mut created_at__ = None;
                let mut used_by__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Name => {
                            if name__.is_some() {
                                return Err(serde::de::Error::duplicate_field("name"));
                            }
                            name__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Format => {
                            if format__.is_some() {
                                return Err(serde::de::Error::duplicate_field("format"));
                            }
                            format__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Pool => {
                            if pool__.is_some() {
                                return Err(serde::de::Error::duplicate_field("pool"));
                            }
                            pool__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Size => {
                            if size__.is_some() {
                                return Err(serde::de::Error::duplicate_field("size"));
                            }
                            size__ = Some(map_.next_value()?);
                        }
                        GeneratedField::SizeBytes => {
                            if size_bytes__.is_some() {
                                return Err(serde::de::Error::duplicate_field("sizeBytes"));
                            }
                            size_bytes__ = 
                                Some(map_.next_value::<::pbjson::private::NumberDeserialize<_>>()?.0)
                            ;
                        }
                        GeneratedField::ActualSize => {
                            if actual_size__.is_some() {
                                return Err(serde::de::Error::duplicate_field("actualSize"));
                            }
                            actual_size__ = Some(map_.next_value()?);
                        }
                        GeneratedField::ActualSizeBytes => {
                            if actual_size_bytes__.is_some() {
                                return Err(serde::de::Error::duplicate_field("actualSizeBytes"));
                            }
                            actual_size_bytes__ = 
                                Some(map_.next_value::<::pbjson::private::NumberDeserialize<_>>()?.0)
                            ;
                        }
                        GeneratedField::Encrypted => {
                            if encrypted__.is_some() {
                                return Err(serde::de::Error::duplicate_field("encrypted"));
                            }
                            encrypted__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Backing => {
                            if backing__.is_some() {
                                return Err(serde::de::Error::duplicate_field("backing"));
                            }
                            backing__ = map_.next_value()?;
                        }
                        GeneratedField::CreatedAt => {
                            if created_at__.is_some() {
                                return Err(serde::de::Error::duplicate_field("createdAt"));
                            }
                            created_at__ = map_.next_value()?;
                        }
                        GeneratedField::UsedBy => {
                            if used_by__.is_some() {
                                return Err(serde::de::Error::duplicate_field("usedBy"));
                            }
                            used_by__ = Some(map_.next_value()?);
                        }
                        GeneratedField::__SkipField__ => {
                            let _ = map_.next_value::<serde::de::IgnoredAny>()?;
                        }
                    }
                }
                Ok(DiskImage {
                    name: name__.unwrap_or_default(),
                    format: format__.unwrap_or_default(),
                    pool: pool__.unwrap_or_default(),
                    size: size__.unwrap_or_default(),
                    size_bytes: size_bytes__.unwrap_or_default(),
                    actual_size: actual_size__.unwrap_or_default(),
                    actual_size_bytes: actual_size_bytes__.unwrap_or_default(),
                    encrypted: encrypted__.unwrap_or_default(),
                    backing: backing__,
                    created_at: created_at__,
                    used_by: used_by__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("hypervisor.v1.DiskImage", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for ExchangeTunnelKeysRequest {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.name.is_empty() {
            len += 1;
        }
        if !self.r#type.is_empty() {
            len += 1;
        }
        if self.epoch.is_some() {
            len += 1;
        }
        if self.nonce.is_some() {
            len += 1;
        }
        if self.wg_public_key.is_some() {
            len += 1;
        }
        if self.ephemeral_key.is_some() {
            len += 1;
        }
        if self.session.is_some() {
            len += 1;
        }
        if self.ciphertext.is_some() {
            len += 1;
        }
        if self.signature.is_some() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("hypervisor.v1.ExchangeTunnelKeysRequest", len)?;
        if !self.name.is_empty() {
            struct_ser.serialize_field("name", &self.name)?;
        }
        if !self.r#type.is_empty() {
            struct_ser.serialize_field("type", &self.r#type)?;
        }
        if let Some(v) = self.epoch.as_ref() {
            struct_ser.serialize_field("epoch", v)?;
        }
        if let Some(v) = self.nonce.as_ref() {
            struct_ser.serialize_field("nonce", v)?;
        }
        if let Some(v) = self.wg_public_key.as_ref() {
            struct_ser.serialize_field("wg_public_key", v)?;
        }
        if let Some(v) = self.ephemeral_key.as_ref() {
            struct_ser.serialize_field("ephemeral_key", v)?;
        }
        if let Some(v) = self.session.as_ref() {
            struct_ser.serialize_field("session", v)?;
        }
        if let Some(v) = self.ciphertext.as_ref() {
            struct_ser.serialize_field("ciphertext", v)?;
        }
        if let Some(v) = self.signature.as_ref() {
            struct_ser.serialize_field("signature", v)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for ExchangeTunnelKeysRequest {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "name",
            "type",
            "epoch",
            "nonce",
            "wg_public_key",
            "wgPublicKey",
            "ephemeral_key",
            "ephemeralKey",
            "session",
            "ciphertext",
            "signature",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Name,
            Type,
            Epoch,
            Nonce,
            WgPublicKey,
            EphemeralKey,
            Session,
            Ciphertext,
            Signature,
            __SkipField__,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "name" => Ok(GeneratedField::Name),
                            "type" => Ok(GeneratedField::Type),
                            "epoch" => Ok(GeneratedField::Epoch),
                            "nonce" => Ok(GeneratedField::Nonce),
                            "wgPublicKey" | "wg_public_key" => Ok(GeneratedField::WgPublicKey),
                            "ephemeralKey" | "ephemeral_key" => Ok(GeneratedField::EphemeralKey),
                            "session" => Ok(GeneratedField::Session),
                            "ciphertext" => Ok(GeneratedField::Ciphertext),
                            "signature" => Ok(GeneratedField::Signature),
                            _ => Ok(GeneratedField::__SkipField__),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = ExchangeTunnelKeysRequest;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct hypervisor.v1.ExchangeTunnelKeysRequest")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<ExchangeTunnelKeysRequest, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut name__ = None;
                let mut r#type__ = None;
                let mut epoch__ = None;
                let mut nonce__ = None;
                let mut wg_public_key__ = None;
                let mut ephemeral_key__ = None;
                let mut session__ = None;
                let mut ciphertext__ = None;
                let mut signature__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Name => {
                            if name__.is_some() {
                                return Err(serde::de::Error::duplicate_field("name"));
                            }
                            name__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Type => {
                            if r#type__.is_some() {
                                return Err(serde::de::Error::duplicate_field("type"));
                            }
                            r#type__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Epoch => {
                            if epoch__.is_some() {
                                return Err(serde::de::Error::duplicate_field("epoch"));
                            }
                            epoch__ = 
                                map_.next_value::<::std::option::Option<::pbjson::private::NumberDeserialize<_>>>()?.map(|x| x.0)
                            ;
                        }
                        GeneratedField::Nonce => {
                            if nonce__.is_some() {
                                return Err(serde::de::Error::duplicate_field("nonce"));
                            }
                            nonce__ = map_.next_value()?;
                        }
                        GeneratedField::WgPublicKey => {
                            if wg_public_key__.is_some() {
                                return Err(serde::de::Error::duplicate_field("wgPublicKey"));
                            }
                            wg_public_key__ = map_.next_value()?;
                        }
                        GeneratedField::EphemeralKey => {
                            if ephemeral_key__.is_some() {
                                return Err(serde::de::Error::duplicate_field("ephemeralKey"));
                            }
                            ephemeral_key__ = map_.next_value()?;
                        }
                        GeneratedField::Session => {
                            if session__.is_some() {
                                return Err(serde::de::Error::duplicate_field("session"));
                            }
                            session__ = map_.next_value()?;
                        }
                        GeneratedField::Ciphertext => {
                            if ciphertext__.is_some() {
                                return Err(serde::de::Error::duplicate_field("ciphertext"));
                            }
                            ciphertext__ = map_.next_value()?;
                        }
                        GeneratedField::Signature => {
                            if signature__.is_some() {
                                return Err(serde::de::Error::duplicate_field("signature"));
                            }
                            signature__ = map_.next_value()?;
                        }
                        GeneratedField::__SkipField__ => {
                            let _ = map_.next_value::<serde::de::IgnoredAny>()?;
                        }
                    }
                }
                Ok(ExchangeTunnelKeysRequest {
                    name: name__.unwrap_or_default(),
                    r#type: r#type__.unwrap_or_default(),
                    epoch: epoch__,
                    nonce: nonce__,
                    wg_public_key: wg_public_key__,
                    ephemeral_key: ephemeral_key__,
                    session: session__,
                    ciphertext: ciphertext__,
                    signature: signature__,
                })
            }
        }
        deserializer.deserialize_struct("hypervisor.v1.ExchangeTunnelKeysRequest", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for ExchangeTunnelKeysResponse {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.r#type.is_empty() {
            len += 1;
        }
        if self.session.is_some() {
            len += 1;
        }
        if self.nonce.is_some() {
            len += 1;
        }
        if self.wg_public_key.is_some() {
            len += 1;
        }
        if self.static_key.is_some() {
            len += 1;
        }
        if self.ciphertext.is_some() {
            len += 1;
        }
        if self.signature.is_some() {
            len += 1;
        }
        if self.epoch.is_some() {
            len += 1;
        }
        if self.confirmation.is_some() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("hypervisor.v1.ExchangeTunnelKeysResponse", len)?;
        if !self.r#type.is_empty() {
            struct_ser.serialize_field("type", &self.r#type)?;
        }
        if let Some(v) = self.session.as_ref() {
            struct_ser.serialize_field("session", v)?;
        }
        if let Some(v) = self.nonce.as_ref() {
            struct_ser.serialize_field("nonce", v)?;
        }
        if let Some(v) = self.wg_public_key.as_ref() {
            struct_ser.serialize_field("wg_public_key", v)?;
        }
        if let Some(v) = self.static_key.as_ref() {
            struct_ser.serialize_field("static_key", v)?;
        }
        if let Some(v) = self.ciphertext.as_ref() {
            struct_ser.serialize_field("ciphertext", v)?;
        }
        if let Some(v) = self.signature.as_ref() {
            struct_ser.serialize_field("signature", v)?;
        }
        if let Some(v) = self.epoch.as_ref() {
            #[allow(clippy::needless_borrow)]
            #[allow(clippy::needless_borrows_for_generic_args)]
            struct_ser.serialize_field("epoch", ToString::to_string(&v).as_str())?;
        }
        if let Some(v) = self.confirmation.as_ref() {
            struct_ser.serialize_field("confirmation", v)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for ExchangeTunnelKeysResponse {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "type",
            "session",
            "nonce",
            "wg_public_key",
            "wgPublicKey",
            "static_key",
            "staticKey",
            "ciphertext",
            "signature",
            "epoch",
            "confirmation",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Type,
            Session,
            Nonce,
            WgPublicKey,
            StaticKey,
            Ciphertext,
            Signature,
            Epoch,
            Confirmation,
            __SkipField__,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "type" => Ok(GeneratedField::Type),
                            "session" => Ok(GeneratedField::Session),
                            "nonce" => Ok(GeneratedField::Nonce),
                            "wgPublicKey" | "wg_public_key" => Ok(GeneratedField::WgPublicKey),
                            "staticKey" | "static_key" => Ok(GeneratedField::StaticKey),
                            "ciphertext" => Ok(GeneratedField::Ciphertext),
                            "signature" => Ok(GeneratedField::Signature),
                            "epoch" => Ok(GeneratedField::Epoch),
                            "confirmation" => Ok(GeneratedField::Confirmation),
                            _ => Ok(GeneratedField::__SkipField__),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = ExchangeTunnelKeysResponse;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct hypervisor.v1.ExchangeTunnelKeysResponse")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<ExchangeTunnelKeysResponse, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut r#type__ = None;
                let mut session__ = None;
                let mut nonce__ = None;
                let mut wg_public_key__ = None;
                let mut static_key__ = None;
                let mut ciphertext__ = None;
                let mut signature__ = None;
                let mut epoch__ = None;
                let mut confirmation__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Type => {
                            if r#type__.is_some() {
                                return Err(serde::de::Error::duplicate_field("type"));
                            }
                            r#type__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Session => {
                            if session__.is_some() {
                                return Err(serde::de::Error::duplicate_field("session"));
                            }
                            session__ = map_.next_value()?;
                        }
                        GeneratedField::Nonce => {
                            if nonce__.is_some() {
                                return Err(serde::de::Error::duplicate_field("nonce"));
                            }
                            nonce__ = map_.next_value()?;
                        }
                        GeneratedField::WgPublicKey => {
                            if wg_public_key__.is_some() {
                                return Err(serde::de::Error::duplicate_field("wgPublicKey"));
                            }
                            wg_public_key__ = map_.next_value()?;
                        }
                        GeneratedField::StaticKey => {
                            if static_key__.is_some() {
                                return Err(serde::de::Error::duplicate_field("staticKey"));
                            }
                            static_key__ = map_.next_value()?;
                        }
                        GeneratedField::Ciphertext => {
                            if ciphertext__.is_some() {
                                return Err(serde::de::Error::duplicate_field("ciphertext"));
                            }
                            ciphertext__ = map_.next_value()?;
                        }
                        GeneratedField::Signature => {
                            if signature__.is_some() {
                                return Err(serde::de::Error::duplicate_field("signature"));
                            }
                            signature__ = map_.next_value()?;
                        }
                        GeneratedField::Epoch => {
                            if epoch__.is_some() {
                                return Err(serde::de::Error::duplicate_field("epoch"));
                            }
                            epoch__ = 
                                map_.next_value::<::std::option::Option<::pbjson::private::NumberDeserialize<_>>>()?.map(|x| x.0)
                            ;
                        }
                        GeneratedField::Confirmation => {
                            if confirmation__.is_some() {
                                return Err(serde::de::Error::duplicate_field("confirmation"));
                            }
                            confirmation__ = map_.next_value()?;
                        }
                        GeneratedField::__SkipField__ => {
                            let _ = map_.next_value::<serde::de::IgnoredAny>()?;
                        }
                    }
                }
                Ok(ExchangeTunnelKeysResponse {
                    r#type: r#type__.unwrap_or_default(),
                    session: session__,
                    nonce: nonce__,
                    wg_public_key: wg_public_key__,
                    static_key: static_key__,
                    ciphertext: ciphertext__,
                    signature: signature__,
                    epoch: epoch__,
                    confirmation: confirmation__,
                })
            }
        }
        deserializer.deserialize_struct("hypervisor.v1.ExchangeTunnelKeysResponse", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for ExportPublicKeyRequest {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.name.is_empty() {
            len += 1;
        }
        if self.format.is_some() {
            len += 1;
        }
        if self.version.is_some() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("hypervisor.v1.ExportPublicKeyRequest", len)?;
        if !self.name.is_empty() {
            struct_ser.serialize_field("name", &self.name)?;
        }
        if let Some(v) = self.format.as_ref() {
            struct_ser.serialize_field("format", v)?;
        }
        if let Some(v) = self.version.as_ref() {
            struct_ser.serialize_field("version", v)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for ExportPublicKeyRequest {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "name",
            "format",
            "version",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Name,
            Format,
            Version,
            __SkipField__,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "name" => Ok(GeneratedField::Name),
                            "format" => Ok(GeneratedField::Format),
                            "version" => Ok(GeneratedField::Version),
                            _ => Ok(GeneratedField::__SkipField__),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = ExportPublicKeyRequest;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct hypervisor.v1.ExportPublicKeyRequest")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<ExportPublicKeyRequest, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut name__ = None;
                let mut format__ = None;
                let mut version__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Name => {
                            if name__.is_some() {
                                return Err(serde::de::Error::duplicate_field("name"));
                            }
                            name__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Format => {
                            if format__.is_some() {
                                return Err(serde::de::Error::duplicate_field("format"));
                            }
                            format__ = map_.next_value()?;
                        }
                        GeneratedField::Version => {
                            if version__.is_some() {
                                return Err(serde::de::Error::duplicate_field("version"));
                            }
                            version__ = 
                                map_.next_value::<::std::option::Option<::pbjson::private::NumberDeserialize<_>>>()?.map(|x| x.0)
                            ;
                        }
                        GeneratedField::__SkipField__ => {
                            let _ = map_.next_value::<serde::de::IgnoredAny>()?;
                        }
                    }
                }
                Ok(ExportPublicKeyRequest {
                    name: name__.unwrap_or_default(),
                    format: format__,
                    version: version__,
                })
            }
        }
        deserializer.deserialize_struct("hypervisor.v1.ExportPublicKeyRequest", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for ExportPublicKeyResponse {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.name.is_empty() {
            len += 1;
        }
        if self.version != 0 {
            len += 1;
        }
        if !self.algorithm.is_empty() {
            len += 1;
        }
        if !self.oid.is_empty() {
            len += 1;
        }
        if !self.format.is_empty() {
            len += 1;
        }
        if self.public_key.is_some() {
            len += 1;
        }
        if self.pem.is_some() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("hypervisor.v1.ExportPublicKeyResponse", len)?;
        if !self.name.is_empty() {
            struct_ser.serialize_field("name", &self.name)?;
        }
        if self.version != 0 {
            struct_ser.serialize_field("version", &self.version)?;
        }
        if !self.algorithm.is_empty() {
            struct_ser.serialize_field("algorithm", &self.algorithm)?;
        }
        if !self.oid.is_empty() {
            struct_ser.serialize_field("oid", &self.oid)?;
        }
        if !self.format.is_empty() {
            struct_ser.serialize_field("format", &self.format)?;
        }
        if let Some(v) = self.public_key.as_ref() {
            struct_ser.serialize_field("public_key", v)?;
        }
        if let Some(v) = self.pem.as_ref() {
            struct_ser.serialize_field("pem", v)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for ExportPublicKeyResponse {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "name",
            "version",
            "algorithm",
            "oid",
            "format",
            "public_key",
            "publicKey",
            "pem",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Name,
            Version,
            Algorithm,
            Oid,
            Format,
            PublicKey,
            Pem,
            __SkipField__,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "name" => Ok(GeneratedField::Name),
                            "version" => Ok(GeneratedField::Version),
                            "algorithm" => Ok(GeneratedField::Algorithm),
                            "oid" => Ok(GeneratedField::Oid),
                            "format" => Ok(GeneratedField::Format),
                            "publicKey" | "public_key" => Ok(GeneratedField::PublicKey),
                            "pem" => Ok(GeneratedField::Pem),
                            _ => Ok(GeneratedField::__SkipField__),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = ExportPublicKeyResponse;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct hypervisor.v1.ExportPublicKeyResponse")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<ExportPublicKeyResponse, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut name__ = None;
                let mut version__ = None;
                let mut algorithm__ = None;
                let mut oid__ = None;
                let mut format__ = None;
                let mut public_key__ = None;
                let mut pem__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Name => {
                            if name__.is_some() {
                                return Err(serde::de::Error::duplicate_field("name"));
                            }
                            name__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Version => {
                            if version__.is_some() {
                                return Err(serde::de::Error::duplicate_field("version"));
                            }
                            version__ = 
                                Some(map_.next_value::<::pbjson::private::NumberDeserialize<_>>()?.0)
                            ;
                        }
                        GeneratedField::Algorithm => {
                            if algorithm__.is_some() {
                                return Err(serde::de::Error::duplicate_field("algorithm"));
                            }
                            algorithm__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Oid => {
                            if oid__.is_some() {
                                return Err(serde::de::Error::duplicate_field("oid"));
                            }
                            oid__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Format => {
                            if format__.is_some() {
                                return Err(serde::de::Error::duplicate_field("format"));
                            }
                            format__ = Some(map_.next_value()?);
                        }
                        GeneratedField::PublicKey => {
                            if public_key__.is_some() {
                                return Err(serde::de::Error::duplicate_field("publicKey"));
                            }
                            public_key__ = map_.next_value()?;
                        }
                        GeneratedField::Pem => {
                            if pem__.is_some() {
                                return Err(serde::de::Error::duplicate_field("pem"));
                            }
                            pem__ = map_.next_value()?;
                        }
                        GeneratedField::__SkipField__ => {
                            let _ = map_.next_value::<serde::de::IgnoredAny>()?;
                        }
                    }
                }
                Ok(ExportPublicKeyResponse {
                    name: name__.unwrap_or_default(),
                    version: version__.unwrap_or_default(),
                    algorithm: algorithm__.unwrap_or_default(),
                    oid: oid__.unwrap_or_default(),
                    format: format__.unwrap_or_default(),
                    public_key: public_key__,
                    pem: pem__,
                })
            }
        }
        deserializer.deserialize_struct("hypervisor.v1.ExportPublicKeyResponse", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for GetConfidentialComputingRequest {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let len = 0;
        let struct_ser = serializer.serialize_struct("hypervisor.v1.GetConfidentialComputingRequest", len)?;
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for GetConfidentialComputingRequest {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            __SkipField__,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                            Ok(GeneratedField::__SkipField__)
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = GetConfidentialComputingRequest;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct hypervisor.v1.GetConfidentialComputingRequest")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<GetConfidentialComputingRequest, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                while map_.next_key::<GeneratedField>()?.is_some() {
                    let _ = map_.next_value::<serde::de::IgnoredAny>()?;
                }
                Ok(GetConfidentialComputingRequest {
                })
            }
        }
        deserializer.deserialize_struct("hypervisor.v1.GetConfidentialComputingRequest", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for GetDiskRequest {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.name.is_empty() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("hypervisor.v1.GetDiskRequest", len)?;
        if !self.name.is_empty() {
            struct_ser.serialize_field("name", &self.name)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for GetDiskRequest {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "name",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Name,
            __SkipField__,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "name" => Ok(GeneratedField::Name),
                            _ => Ok(GeneratedField::__SkipField__),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = GetDiskRequest;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct hypervisor.v1.GetDiskRequest")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<GetDiskRequest, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut name__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Name => {
                            if name__.is_some() {
                                return Err(serde::de::Error::duplicate_field("name"));
                            }
                            name__ = Some(map_.next_value()?);
                        }
                        GeneratedField::__SkipField__ => {
                            let _ = map_.next_value::<serde::de::IgnoredAny>()?;
                        }
                    }
                }
                Ok(GetDiskRequest {
                    name: name__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("hypervisor.v1.GetDiskRequest", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for GetKeyRequest {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.name.is_empty() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("hypervisor.v1.GetKeyRequest", len)?;
        if !self.name.is_empty() {
            struct_ser.serialize_field("name", &self.name)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for GetKeyRequest {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "name",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Name,
            __SkipField__,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "name" => Ok(GeneratedField::Name),
                            _ => Ok(GeneratedField::__SkipField__),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = GetKeyRequest;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct hypervisor.v1.GetKeyRequest")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<GetKeyRequest, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut name__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Name => {
                            if name__.is_some() {
                                return Err(serde::de::Error::duplicate_field("name"));
                            }
                            name__ = Some(map_.next_value()?);
                        }
                        GeneratedField::__SkipField__ => {
                            let _ = map_.next_value::<serde::de::IgnoredAny>()?;
                        }
                    }
                }
                Ok(GetKeyRequest {
                    name: name__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("hypervisor.v1.GetKeyRequest", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for GetNetworkRequest {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.name.is_empty() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("hypervisor.v1.GetNetworkRequest", len)?;
        if !self.name.is_empty() {
            struct_ser.serialize_field("name", &self.name)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for GetNetworkRequest {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "name",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Name,
            __SkipField__,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "name" => Ok(GeneratedField::Name),
                            _ => Ok(GeneratedField::__SkipField__),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = GetNetworkRequest;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct hypervisor.v1.GetNetworkRequest")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<GetNetworkRequest, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut name__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Name => {
                            if name__.is_some() {
                                return Err(serde::de::Error::duplicate_field("name"));
                            }
                            name__ = Some(map_.next_value()?);
                        }
                        GeneratedField::__SkipField__ => {
                            let _ = map_.next_value::<serde::de::IgnoredAny>()?;
                        }
                    }
                }
                Ok(GetNetworkRequest {
                    name: name__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("hypervisor.v1.GetNetworkRequest", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for GetOperationRequest {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.id.is_empty() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("hypervisor.v1.GetOperationRequest", len)?;
        if !self.id.is_empty() {
            struct_ser.serialize_field("id", &self.id)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for GetOperationRequest {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "id",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Id,
            __SkipField__,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "id" => Ok(GeneratedField::Id),
                            _ => Ok(GeneratedField::__SkipField__),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = GetOperationRequest;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct hypervisor.v1.GetOperationRequest")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<GetOperationRequest, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut id__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Id => {
                            if id__.is_some() {
                                return Err(serde::de::Error::duplicate_field("id"));
                            }
                            id__ = Some(map_.next_value()?);
                        }
                        GeneratedField::__SkipField__ => {
                            let _ = map_.next_value::<serde::de::IgnoredAny>()?;
                        }
                    }
                }
                Ok(GetOperationRequest {
                    id: id__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("hypervisor.v1.GetOperationRequest", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for GetSystemConfigRequest {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let len = 0;
        let struct_ser = serializer.serialize_struct("hypervisor.v1.GetSystemConfigRequest", len)?;
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for GetSystemConfigRequest {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            __SkipField__,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                            Ok(GeneratedField::__SkipField__)
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = GetSystemConfigRequest;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct hypervisor.v1.GetSystemConfigRequest")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<GetSystemConfigRequest, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                while map_.next_key::<GeneratedField>()?.is_some() {
                    let _ = map_.next_value::<serde::de::IgnoredAny>()?;
                }
                Ok(GetSystemConfigRequest {
                })
            }
        }
        deserializer.deserialize_struct("hypervisor.v1.GetSystemConfigRequest", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for GetSystemInfoRequest {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let len = 0;
        let struct_ser = serializer.serialize_struct("hypervisor.v1.GetSystemInfoRequest", len)?;
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for GetSystemInfoRequest {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            __SkipField__,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                            Ok(GeneratedField::__SkipField__)
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = GetSystemInfoRequest;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct hypervisor.v1.GetSystemInfoRequest")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<GetSystemInfoRequest, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                while map_.next_key::<GeneratedField>()?.is_some() {
                    let _ = map_.next_value::<serde::de::IgnoredAny>()?;
                }
                Ok(GetSystemInfoRequest {
                })
            }
        }
        deserializer.deserialize_struct("hypervisor.v1.GetSystemInfoRequest", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for GetSystemStatsRequest {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let len = 0;
        let struct_ser = serializer.serialize_struct("hypervisor.v1.GetSystemStatsRequest", len)?;
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for GetSystemStatsRequest {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            __SkipField__,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                            Ok(GeneratedField::__SkipField__)
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = GetSystemStatsRequest;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct hypervisor.v1.GetSystemStatsRequest")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<GetSystemStatsRequest, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                while map_.next_key::<GeneratedField>()?.is_some() {
                    let _ = map_.next_value::<serde::de::IgnoredAny>()?;
                }
                Ok(GetSystemStatsRequest {
                })
            }
        }
        deserializer.deserialize_struct("hypervisor.v1.GetSystemStatsRequest", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for GetTunnelRequest {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.name.is_empty() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("hypervisor.v1.GetTunnelRequest", len)?;
        if !self.name.is_empty() {
            struct_ser.serialize_field("name", &self.name)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for GetTunnelRequest {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "name",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Name,
            __SkipField__,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "name" => Ok(GeneratedField::Name),
                            _ => Ok(GeneratedField::__SkipField__),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = GetTunnelRequest;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct hypervisor.v1.GetTunnelRequest")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<GetTunnelRequest, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut name__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Name => {
                            if name__.is_some() {
                                return Err(serde::de::Error::duplicate_field("name"));
                            }
                            name__ = Some(map_.next_value()?);
                        }
                        GeneratedField::__SkipField__ => {
                            let _ = map_.next_value::<serde::de::IgnoredAny>()?;
                        }
                    }
                }
                Ok(GetTunnelRequest {
                    name: name__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("hypervisor.v1.GetTunnelRequest", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for GetVmRequest {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.name.is_empty() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("hypervisor.v1.GetVmRequest", len)?;
        if !self.name.is_empty() {
            struct_ser.serialize_field("name", &self.name)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for GetVmRequest {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "name",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Name,
            __SkipField__,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "name" => Ok(GeneratedField::Name),
                            _ => Ok(GeneratedField::__SkipField__),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = GetVmRequest;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct hypervisor.v1.GetVmRequest")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<GetVmRequest, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut name__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Name => {
                            if name__.is_some() {
                                return Err(serde::de::Error::duplicate_field("name"));
                            }
                            name__ = Some(map_.next_value()?);
                        }
                        GeneratedField::__SkipField__ => {
                            let _ = map_.next_value::<serde::de::IgnoredAny>()?;
                        }
                    }
                }
                Ok(GetVmRequest {
                    name: name__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("hypervisor.v1.GetVmRequest", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for GetVmStatsRequest {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.name.is_empty() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("hypervisor.v1.GetVmStatsRequest", len)?;
        if !self.name.is_empty() {
            struct_ser.serialize_field("name", &self.name)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for GetVmStatsRequest {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "name",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Name,
            __SkipField__,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "name" => Ok(GeneratedField::Name),
                            _ => Ok(GeneratedField::__SkipField__),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = GetVmStatsRequest;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct hypervisor.v1.GetVmStatsRequest")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<GetVmStatsRequest, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut name__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Name => {
                            if name__.is_some() {
                                return Err(serde::de::Error::duplicate_field("name"));
                            }
                            name__ = Some(map_.next_value()?);
                        }
                        GeneratedField::__SkipField__ => {
                            let _ = map_.next_value::<serde::de::IgnoredAny>()?;
                        }
                    }
                }
                Ok(GetVmStatsRequest {
                    name: name__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("hypervisor.v1.GetVmStatsRequest", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for HostCpu {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.model.is_empty() {
            len += 1;
        }
        if self.cores != 0 {
            len += 1;
        }
        if self.threads != 0 {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("hypervisor.v1.HostCpu", len)?;
        if !self.model.is_empty() {
            struct_ser.serialize_field("model", &self.model)?;
        }
        if self.cores != 0 {
            struct_ser.serialize_field("cores", &self.cores)?;
        }
        if self.threads != 0 {
            struct_ser.serialize_field("threads", &self.threads)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for HostCpu {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "model",
            "cores",
            "threads",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Model,
            Cores,
            Threads,
            __SkipField__,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "model" => Ok(GeneratedField::Model),
                            "cores" => Ok(GeneratedField::Cores),
                            "threads" => Ok(GeneratedField::Threads),
                            _ => Ok(GeneratedField::__SkipField__),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = HostCpu;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct hypervisor.v1.HostCpu")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<HostCpu, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut model__ = None;
                let mut cores__ = None;
                let mut threads__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Model => {
                            if model__.is_some() {
                                return Err(serde::de::Error::duplicate_field("model"));
                            }
                            model__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Cores => {
                            if cores__.is_some() {
                                return Err(serde::de::Error::duplicate_field("cores"));
                            }
                            cores__ = 
                                Some(map_.next_value::<::pbjson::private::NumberDeserialize<_>>()?.0)
                            ;
                        }
                        GeneratedField::Threads => {
                            if threads__.is_some() {
                                return Err(serde::de::Error::duplicate_field("threads"));
                            }
                            threads__ = 
                                Some(map_.next_value::<::pbjson::private::NumberDeserialize<_>>()?.0)
                            ;
                        }
                        GeneratedField::__SkipField__ => {
                            let _ = map_.next_value::<serde::de::IgnoredAny>()?;
                        }
                    }
                }
                Ok(HostCpu {
                    model: model__.unwrap_or_default(),
                    cores: cores__.unwrap_or_default(),
                    threads: threads__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("hypervisor.v1.HostCpu", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for HostCpuUse {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if self.percent != 0. {
            len += 1;
        }
        if self.user != 0. {
            len += 1;
        }
        if self.system != 0. {
            len += 1;
        }
        if self.iowait != 0. {
            len += 1;
        }
        if self.steal != 0. {
            len += 1;
        }
        if self.idle != 0. {
            len += 1;
        }
        if self.interval_ms != 0 {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("hypervisor.v1.HostCpuUse", len)?;
        if self.percent != 0. {
            struct_ser.serialize_field("percent", &self.percent)?;
        }
        if self.user != 0. {
            struct_ser.serialize_field("user", &self.user)?;
        }
        if self.system != 0. {
            struct_ser.serialize_field("system", &self.system)?;
        }
        if self.iowait != 0. {
            struct_ser.serialize_field("iowait", &self.iowait)?;
        }
        if self.steal != 0. {
            struct_ser.serialize_field("steal", &self.steal)?;
        }
        if self.idle != 0. {
            struct_ser.serialize_field("idle", &self.idle)?;
        }
        if self.interval_ms != 0 {
            struct_ser.serialize_field("interval_ms", &self.interval_ms)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for HostCpuUse {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "percent",
            "user",
            "system",
            "iowait",
            "steal",
            "idle",
            "interval_ms",
            "intervalMs",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Percent,
            User,
            System,
            Iowait,
            Steal,
            Idle,
            IntervalMs,
            __SkipField__,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "percent" => Ok(GeneratedField::Percent),
                            "user" => Ok(GeneratedField::User),
                            "system" => Ok(GeneratedField::System),
                            "iowait" => Ok(GeneratedField::Iowait),
                            "steal" => Ok(GeneratedField::Steal),
                            "idle" => Ok(GeneratedField::Idle),
                            "intervalMs" | "interval_ms" => Ok(GeneratedField::IntervalMs),
                            _ => Ok(GeneratedField::__SkipField__),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = HostCpuUse;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct hypervisor.v1.HostCpuUse")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<HostCpuUse, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut percent__ = None;
                let mut user__ = None;
                let mut system__ = None;
                let mut iowait__ = None;
                let mut steal__ = None;
                let mut idle__ = None;
                let mut interval_ms__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Percent => {
                            if percent__.is_some() {
                                return Err(serde::de::Error::duplicate_field("percent"));
                            }
                            percent__ = 
                                Some(map_.next_value::<::pbjson::private::NumberDeserialize<_>>()?.0)
                            ;
                        }
                        GeneratedField::User => {
                            if user__.is_some() {
                                return Err(serde::de::Error::duplicate_field("user"));
                            }
                            user__ = 
                                Some(map_.next_value::<::pbjson::private::NumberDeserialize<_>>()?.0)
                            ;
                        }
                        GeneratedField::System => {
                            if system__.is_some() {
                                return Err(serde::de::Error::duplicate_field("system"));
                            }
                            system__ = 
                                Some(map_.next_value::<::pbjson::private::NumberDeserialize<_>>()?.0)
                            ;
                        }
                        GeneratedField::Iowait => {
                            if iowait__.is_some() {
                                return Err(serde::de::Error::duplicate_field("iowait"));
                            }
                            iowait__ = 
                                Some(map_.next_value::<::pbjson::private::NumberDeserialize<_>>()?.0)
                            ;
                        }
                        GeneratedField::Steal => {
                            if steal__.is_some() {
                                return Err(serde::de::Error::duplicate_field("steal"));
                            }
                            steal__ = 
                                Some(map_.next_value::<::pbjson::private::NumberDeserialize<_>>()?.0)
                            ;
                        }
                        GeneratedField::Idle => {
                            if idle__.is_some() {
                                return Err(serde::de::Error::duplicate_field("idle"));
                            }
                            idle__ = 
                                Some(map_.next_value::<::pbjson::private::NumberDeserialize<_>>()?.0)
                            ;
                        }
                        GeneratedField::IntervalMs => {
                            if interval_ms__.is_some() {
                                return Err(serde::de::Error::duplicate_field("intervalMs"));
                            }
                            interval_ms__ = 
                                Some(map_.next_value::<::pbjson::private::NumberDeserialize<_>>()?.0)
                            ;
                        }
                        GeneratedField::__SkipField__ => {
                            let _ = map_.next_value::<serde::de::IgnoredAny>()?;
                        }
                    }
                }
                Ok(HostCpuUse {
                    percent: percent__.unwrap_or_default(),
                    user: user__.unwrap_or_default(),
                    system: system__.unwrap_or_default(),
                    iowait: iowait__.unwrap_or_default(),
                    steal: steal__.unwrap_or_default(),
                    idle: idle__.unwrap_or_default(),
                    interval_ms: interval_ms__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("hypervisor.v1.HostCpuUse", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for HostLoadAverage {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if self.one != 0. {
            len += 1;
        }
        if self.five != 0. {
            len += 1;
        }
        if self.fifteen != 0. {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("hypervisor.v1.HostLoadAverage", len)?;
        if self.one != 0. {
            struct_ser.serialize_field("one", &self.one)?;
        }
        if self.five != 0. {
            struct_ser.serialize_field("five", &self.five)?;
        }
        if self.fifteen != 0. {
            struct_ser.serialize_field("fifteen", &self.fifteen)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for HostLoadAverage {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "one",
            "five",
            "fifteen",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            One,
            Five,
            Fifteen,
            __SkipField__,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "one" => Ok(GeneratedField::One),
                            "five" => Ok(GeneratedField::Five),
                            "fifteen" => Ok(GeneratedField::Fifteen),
                            _ => Ok(GeneratedField::__SkipField__),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = HostLoadAverage;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct hypervisor.v1.HostLoadAverage")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<HostLoadAverage, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut one__ = None;
                let mut five__ = None;
                let mut fifteen__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::One => {
                            if one__.is_some() {
                                return Err(serde::de::Error::duplicate_field("one"));
                            }
                            one__ = 
                                Some(map_.next_value::<::pbjson::private::NumberDeserialize<_>>()?.0)
                            ;
                        }
                        GeneratedField::Five => {
                            if five__.is_some() {
                                return Err(serde::de::Error::duplicate_field("five"));
                            }
                            five__ = 
                                Some(map_.next_value::<::pbjson::private::NumberDeserialize<_>>()?.0)
                            ;
                        }
                        GeneratedField::Fifteen => {
                            if fifteen__.is_some() {
                                return Err(serde::de::Error::duplicate_field("fifteen"));
                            }
                            fifteen__ = 
                                Some(map_.next_value::<::pbjson::private::NumberDeserialize<_>>()?.0)
                            ;
                        }
                        GeneratedField::__SkipField__ => {
                            let _ = map_.next_value::<serde::de::IgnoredAny>()?;
                        }
                    }
                }
                Ok(HostLoadAverage {
                    one: one__.unwrap_or_default(),
                    five: five__.unwrap_or_default(),
                    fifteen: fifteen__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("hypervisor.v1.HostLoadAverage", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for HostMemoryUse {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.total.is_empty() {
            len += 1;
        }
        if self.total_bytes != 0 {
            len += 1;
        }
        if !self.used.is_empty() {
            len += 1;
        }
        if self.used_bytes != 0 {
            len += 1;
        }
        if !self.available.is_empty() {
            len += 1;
        }
        if self.available_bytes != 0 {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("hypervisor.v1.HostMemoryUse", len)?;
        if !self.total.is_empty() {
            struct_ser.serialize_field("total", &self.total)?;
        }
        if self.total_bytes != 0 {
            #[allow(clippy::needless_borrow)]
            #[allow(clippy::needless_borrows_for_generic_args)]
            struct_ser.serialize_field("total_bytes", ToString::to_string(&self.total_bytes).as_str())?;
        }
        if !self.used.is_empty() {
            struct_ser.serialize_field("used", &self.used)?;
        }
        if self.used_bytes != 0 {
            #[allow(clippy::needless_borrow)]
            #[allow(clippy::needless_borrows_for_generic_args)]
            struct_ser.serialize_field("used_bytes", ToString::to_string(&self.used_bytes).as_str())?;
        }
        if !self.available.is_empty() {
            struct_ser.serialize_field("available", &self.available)?;
        }
        if self.available_bytes != 0 {
            #[allow(clippy::needless_borrow)]
            #[allow(clippy::needless_borrows_for_generic_args)]
            struct_ser.serialize_field("available_bytes", ToString::to_string(&self.available_bytes).as_str())?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for HostMemoryUse {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "total",
            "total_bytes",
            "totalBytes",
            "used",
            "used_bytes",
            "usedBytes",
            "available",
            "available_bytes",
            "availableBytes",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Total,
            TotalBytes,
            Used,
            UsedBytes,
            Available,
            AvailableBytes,
            __SkipField__,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "total" => Ok(GeneratedField::Total),
                            "totalBytes" | "total_bytes" => Ok(GeneratedField::TotalBytes),
                            "used" => Ok(GeneratedField::Used),
                            "usedBytes" | "used_bytes" => Ok(GeneratedField::UsedBytes),
                            "available" => Ok(GeneratedField::Available),
                            "availableBytes" | "available_bytes" => Ok(GeneratedField::AvailableBytes),
                            _ => Ok(GeneratedField::__SkipField__),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = HostMemoryUse;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct hypervisor.v1.HostMemoryUse")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<HostMemoryUse, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut total__ = None;
                let mut total_bytes__ = None;
                let mut used__ = None;
                let mut used_bytes__ = None;
                let mut available__ = None;
                let mut available_bytes__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Total => {
                            if total__.is_some() {
                                return Err(serde::de::Error::duplicate_field("total"));
                            }
                            total__ = Some(map_.next_value()?);
                        }
                        GeneratedField::TotalBytes => {
                            if total_bytes__.is_some() {
                                return Err(serde::de::Error::duplicate_field("totalBytes"));
                            }
                            total_bytes__ = 
                                Some(map_.next_value::<::pbjson::private::NumberDeserialize<_>>()?.0)
                            ;
                        }
                        GeneratedField::Used => {
                            if used__.is_some() {
                                return Err(serde::de::Error::duplicate_field("used"));
                            }
                            used__ = Some(map_.next_value()?);
                        }
                        GeneratedField::UsedBytes => {
                            if used_bytes__.is_some() {
                                return Err(serde::de::Error::duplicate_field("usedBytes"));
                            }
                            used_bytes__ = 
                                Some(map_.next_value::<::pbjson::private::NumberDeserialize<_>>()?.0)
                            ;
                        }
                        GeneratedField::Available => {
                            if available__.is_some() {
                                return Err(serde::de::Error::duplicate_field("available"));
                            }
                            available__ = Some(map_.next_value()?);
                        }
                        GeneratedField::AvailableBytes => {
                            if available_bytes__.is_some() {
                                return Err(serde::de::Error::duplicate_field("availableBytes"));
                            }
                            available_bytes__ = 
                                Some(map_.next_value::<::pbjson::private::NumberDeserialize<_>>()?.0)
                            ;
                        }
                        GeneratedField::__SkipField__ => {
                            let _ = map_.next_value::<serde::de::IgnoredAny>()?;
                        }
                    }
                }
                Ok(HostMemoryUse {
                    total: total__.unwrap_or_default(),
                    total_bytes: total_bytes__.unwrap_or_default(),
                    used: used__.unwrap_or_default(),
                    used_bytes: used_bytes__.unwrap_or_default(),
                    available: available__.unwrap_or_default(),
                    available_bytes: available_bytes__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("hypervisor.v1.HostMemoryUse", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for HostPoolFilesystem {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.name.is_empty() {
            len += 1;
        }
        if !self.path.is_empty() {
            len += 1;
        }
        if !self.total.is_empty() {
            len += 1;
        }
        if self.total_bytes != 0 {
            len += 1;
        }
        if !self.used.is_empty() {
            len += 1;
        }
        if self.used_bytes != 0 {
            len += 1;
        }
        if !self.free.is_empty() {
            len += 1;
        }
        if self.free_bytes != 0 {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("hypervisor.v1.HostPoolFilesystem", len)?;
        if !self.name.is_empty() {
            struct_ser.serialize_field("name", &self.name)?;
        }
        if !self.path.is_empty() {
            struct_ser.serialize_field("path", &self.path)?;
        }
        if !self.total.is_empty() {
            struct_ser.serialize_field("total", &self.total)?;
        }
        if self.total_bytes != 0 {
            #[allow(clippy::needless_borrow)]
            #[allow(clippy::needless_borrows_for_generic_args)]
            struct_ser.serialize_field("total_bytes", ToString::to_string(&self.total_bytes).as_str())?;
        }
        if !self.used.is_empty() {
            struct_ser.serialize_field("used", &self.used)?;
        }
        if self.used_bytes != 0 {
            #[allow(clippy::needless_borrow)]
            #[allow(clippy::needless_borrows_for_generic_args)]
            struct_ser.serialize_field("used_bytes", ToString::to_string(&self.used_bytes).as_str())?;
        }
        if !self.free.is_empty() {
            struct_ser.serialize_field("free", &self.free)?;
        }
        if self.free_bytes != 0 {
            #[allow(clippy::needless_borrow)]
            #[allow(clippy::needless_borrows_for_generic_args)]
            struct_ser.serialize_field("free_bytes", ToString::to_string(&self.free_bytes).as_str())?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for HostPoolFilesystem {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "name",
            "path",
            "total",
            "total_bytes",
            "totalBytes",
            "used",
            "used_bytes",
            "usedBytes",
            "free",
            "free_bytes",
            "freeBytes",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Name,
            Path,
            Total,
            TotalBytes,
            Used,
            UsedBytes,
            Free,
            FreeBytes,
            __SkipField__,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "name" => Ok(GeneratedField::Name),
                            "path" => Ok(GeneratedField::Path),
                            "total" => Ok(GeneratedField::Total),
                            "totalBytes" | "total_bytes" => Ok(GeneratedField::TotalBytes),
                            "used" => Ok(GeneratedField::Used),
                            "usedBytes" | "used_bytes" => Ok(GeneratedField::UsedBytes),
                            "free" => Ok(GeneratedField::Free),
                            "freeBytes" | "free_bytes" => Ok(GeneratedField::FreeBytes),
                            _ => Ok(GeneratedField::__SkipField__),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = HostPoolFilesystem;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct hypervisor.v1.HostPoolFilesystem")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<HostPoolFilesystem, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut name__ = None;
                let mut path__ = None;
                let mut total__ = None;
                let mut total_bytes__ = None;
                let mut used__ = None;
                let mut used_bytes__ = None;
                let mut free__ = None;
                let mut free_bytes__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Name => {
                            if name__.is_some() {
                                return Err(serde::de::Error::duplicate_field("name"));
                            }
                            name__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Path => {
                            if path__.is_some() {
                                return Err(serde::de::Error::duplicate_field("path"));
                            }
                            path__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Total => {
                            if total__.is_some() {
                                return Err(serde::de::Error::duplicate_field("total"));
                            }
                            total__ = Some(map_.next_value()?);
                        }
                        GeneratedField::TotalBytes => {
                            if total_bytes__.is_some() {
                                return Err(serde::de::Error::duplicate_field("totalBytes"));
                            }
                            total_bytes__ = 
                                Some(map_.next_value::<::pbjson::private::NumberDeserialize<_>>()?.0)
                            ;
                        }
                        GeneratedField::Used => {
                            if used__.is_some() {
                                return Err(serde::de::Error::duplicate_field("used"));
                            }
                            used__ = Some(map_.next_value()?);
                        }
                        GeneratedField::UsedBytes => {
                            if used_bytes__.is_some() {
                                return Err(serde::de::Error::duplicate_field("usedBytes"));
                            }
                            used_bytes__ = 
                                Some(map_.next_value::<::pbjson::private::NumberDeserialize<_>>()?.0)
                            ;
                        }
                        GeneratedField::Free => {
                            if free__.is_some() {
                                return Err(serde::de::Error::duplicate_field("free"));
                            }
                            free__ = Some(map_.next_value()?);
                        }
                        GeneratedField::FreeBytes => {
                            if free_bytes__.is_some() {
                                return Err(serde::de::Error::duplicate_field("freeBytes"));
                            }
                            free_bytes__ = 
                                Some(map_.next_value::<::pbjson::private::NumberDeserialize<_>>()?.0)
                            ;
                        }
                        GeneratedField::__SkipField__ => {
                            let _ = map_.next_value::<serde::de::IgnoredAny>()?;
                        }
                    }
                }
                Ok(HostPoolFilesystem {
                    name: name__.unwrap_or_default(),
                    path: path__.unwrap_or_default(),
                    total: total__.unwrap_or_default(),
                    total_bytes: total_bytes__.unwrap_or_default(),
                    used: used__.unwrap_or_default(),
                    used_bytes: used_bytes__.unwrap_or_default(),
                    free: free__.unwrap_or_default(),
                    free_bytes: free_bytes__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("hypervisor.v1.HostPoolFilesystem", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for IncomingDefinition {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if self.cpu.is_some() {
            len += 1;
        }
        if self.memory.is_some() {
            len += 1;
        }
        if self.devices.is_some() {
            len += 1;
        }
        if self.boot.is_some() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("hypervisor.v1.IncomingDefinition", len)?;
        if let Some(v) = self.cpu.as_ref() {
            struct_ser.serialize_field("cpu", v)?;
        }
        if let Some(v) = self.memory.as_ref() {
            struct_ser.serialize_field("memory", v)?;
        }
        if let Some(v) = self.devices.as_ref() {
            struct_ser.serialize_field("devices", v)?;
        }
        if let Some(v) = self.boot.as_ref() {
            struct_ser.serialize_field("boot", v)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for IncomingDefinition {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "cpu",
            "memory",
            "devices",
            "boot",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Cpu,
            Memory,
            Devices,
            Boot,
            __SkipField__,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "cpu" => Ok(GeneratedField::Cpu),
                            "memory" => Ok(GeneratedField::Memory),
                            "devices" => Ok(GeneratedField::Devices),
                            "boot" => Ok(GeneratedField::Boot),
                            _ => Ok(GeneratedField::__SkipField__),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = IncomingDefinition;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct hypervisor.v1.IncomingDefinition")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<IncomingDefinition, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut cpu__ = None;
                let mut memory__ = None;
                let mut devices__ = None;
                let mut boot__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Cpu => {
                            if cpu__.is_some() {
                                return Err(serde::de::Error::duplicate_field("cpu"));
                            }
                            cpu__ = map_.next_value()?;
                        }
                        GeneratedField::Memory => {
                            if memory__.is_some() {
                                return Err(serde::de::Error::duplicate_field("memory"));
                            }
                            memory__ = map_.next_value()?;
                        }
                        GeneratedField::Devices => {
                            if devices__.is_some() {
                                return Err(serde::de::Error::duplicate_field("devices"));
                            }
                            devices__ = map_.next_value()?;
                        }
                        GeneratedField::Boot => {
                            if boot__.is_some() {
                                return Err(serde::de::Error::duplicate_field("boot"));
                            }
                            boot__ = map_.next_value()?;
                        }
                        GeneratedField::__SkipField__ => {
                            let _ = map_.next_value::<serde::de::IgnoredAny>()?;
                        }
                    }
                }
                Ok(IncomingDefinition {
                    cpu: cpu__,
                    memory: memory__,
                    devices: devices__,
                    boot: boot__,
                })
            }
        }
        deserializer.deserialize_struct("hypervisor.v1.IncomingDefinition", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for IncomingImage {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.name.is_empty() {
            len += 1;
        }
        if !self.format.is_empty() {
            len += 1;
        }
        if !self.pool_path.is_empty() {
            len += 1;
        }
        if self.backing.is_some() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("hypervisor.v1.IncomingImage", len)?;
        if !self.name.is_empty() {
            struct_ser.serialize_field("name", &self.name)?;
        }
        if !self.format.is_empty() {
            struct_ser.serialize_field("format", &self.format)?;
        }
        if !self.pool_path.is_empty() {
            struct_ser.serialize_field("pool_path", &self.pool_path)?;
        }
        if let Some(v) = self.backing.as_ref() {
            struct_ser.serialize_field("backing", v)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for IncomingImage {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "name",
            "format",
            "pool_path",
            "poolPath",
            "backing",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Name,
            Format,
            PoolPath,
            Backing,
            __SkipField__,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "name" => Ok(GeneratedField::Name),
                            "format" => Ok(GeneratedField::Format),
                            "poolPath" | "pool_path" => Ok(GeneratedField::PoolPath),
                            "backing" => Ok(GeneratedField::Backing),
                            _ => Ok(GeneratedField::__SkipField__),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = IncomingImage;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct hypervisor.v1.IncomingImage")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<IncomingImage, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut name__ = None;
                let mut format__ = None;
                let mut pool_path__ = None;
                let mut backing__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Name => {
                            if name__.is_some() {
                                return Err(serde::de::Error::duplicate_field("name"));
                            }
                            name__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Format => {
                            if format__.is_some() {
                                return Err(serde::de::Error::duplicate_field("format"));
                            }
                            format__ = Some(map_.next_value()?);
                        }
                        GeneratedField::PoolPath => {
                            if pool_path__.is_some() {
                                return Err(serde::de::Error::duplicate_field("poolPath"));
                            }
                            pool_path__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Backing => {
                            if backing__.is_some() {
                                return Err(serde::de::Error::duplicate_field("backing"));
                            }
                            backing__ = map_.next_value()?;
                        }
                        GeneratedField::__SkipField__ => {
                            let _ = map_.next_value::<serde::de::IgnoredAny>()?;
                        }
                    }
                }
                Ok(IncomingImage {
                    name: name__.unwrap_or_default(),
                    format: format__.unwrap_or_default(),
                    pool_path: pool_path__.unwrap_or_default(),
                    backing: backing__,
                })
            }
        }
        deserializer.deserialize_struct("hypervisor.v1.IncomingImage", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for IncomingProbe {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.id.is_empty() {
            len += 1;
        }
        if !self.secret.is_empty() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("hypervisor.v1.IncomingProbe", len)?;
        if !self.id.is_empty() {
            struct_ser.serialize_field("id", &self.id)?;
        }
        if !self.secret.is_empty() {
            struct_ser.serialize_field("secret", &self.secret)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for IncomingProbe {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "id",
            "secret",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Id,
            Secret,
            __SkipField__,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "id" => Ok(GeneratedField::Id),
                            "secret" => Ok(GeneratedField::Secret),
                            _ => Ok(GeneratedField::__SkipField__),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = IncomingProbe;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct hypervisor.v1.IncomingProbe")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<IncomingProbe, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut id__ = None;
                let mut secret__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Id => {
                            if id__.is_some() {
                                return Err(serde::de::Error::duplicate_field("id"));
                            }
                            id__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Secret => {
                            if secret__.is_some() {
                                return Err(serde::de::Error::duplicate_field("secret"));
                            }
                            secret__ = Some(map_.next_value()?);
                        }
                        GeneratedField::__SkipField__ => {
                            let _ = map_.next_value::<serde::de::IgnoredAny>()?;
                        }
                    }
                }
                Ok(IncomingProbe {
                    id: id__.unwrap_or_default(),
                    secret: secret__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("hypervisor.v1.IncomingProbe", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for IncomingTls {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.client_certificate.is_empty() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("hypervisor.v1.IncomingTls", len)?;
        if !self.client_certificate.is_empty() {
            struct_ser.serialize_field("client_certificate", &self.client_certificate)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for IncomingTls {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "client_certificate",
            "clientCertificate",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            ClientCertificate,
            __SkipField__,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "clientCertificate" | "client_certificate" => Ok(GeneratedField::ClientCertificate),
                            _ => Ok(GeneratedField::__SkipField__),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = IncomingTls;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct hypervisor.v1.IncomingTls")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<IncomingTls, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut client_certificate__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::ClientCertificate => {
                            if client_certificate__.is_some() {
                                return Err(serde::de::Error::duplicate_field("clientCertificate"));
                            }
                            client_certificate__ = Some(map_.next_value()?);
                        }
                        GeneratedField::__SkipField__ => {
                            let _ = map_.next_value::<serde::de::IgnoredAny>()?;
                        }
                    }
                }
                Ok(IncomingTls {
                    client_certificate: client_certificate__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("hypervisor.v1.IncomingTls", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for IommuGroup {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if self.id != 0 {
            len += 1;
        }
        if !self.devices.is_empty() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("hypervisor.v1.IommuGroup", len)?;
        if self.id != 0 {
            struct_ser.serialize_field("id", &self.id)?;
        }
        if !self.devices.is_empty() {
            struct_ser.serialize_field("devices", &self.devices)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for IommuGroup {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "id",
            "devices",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Id,
            Devices,
            __SkipField__,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "id" => Ok(GeneratedField::Id),
                            "devices" => Ok(GeneratedField::Devices),
                            _ => Ok(GeneratedField::__SkipField__),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = IommuGroup;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct hypervisor.v1.IommuGroup")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<IommuGroup, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut id__ = None;
                let mut devices__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Id => {
                            if id__.is_some() {
                                return Err(serde::de::Error::duplicate_field("id"));
                            }
                            id__ = 
                                Some(map_.next_value::<::pbjson::private::NumberDeserialize<_>>()?.0)
                            ;
                        }
                        GeneratedField::Devices => {
                            if devices__.is_some() {
                                return Err(serde::de::Error::duplicate_field("devices"));
                            }
                            devices__ = Some(map_.next_value()?);
                        }
                        GeneratedField::__SkipField__ => {
                            let _ = map_.next_value::<serde::de::IgnoredAny>()?;
                        }
                    }
                }
                Ok(IommuGroup {
                    id: id__.unwrap_or_default(),
                    devices: devices__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("hypervisor.v1.IommuGroup", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for IommuPciDevice {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.address.is_empty() {
            len += 1;
        }
        if !self.vendor_id.is_empty() {
            len += 1;
        }
        if !self.device_id.is_empty() {
            len += 1;
        }
        if !self.class.is_empty() {
            len += 1;
        }
        if self.driver.is_some() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("hypervisor.v1.IommuPciDevice", len)?;
        if !self.address.is_empty() {
            struct_ser.serialize_field("address", &self.address)?;
        }
        if !self.vendor_id.is_empty() {
            struct_ser.serialize_field("vendor_id", &self.vendor_id)?;
        }
        if !self.device_id.is_empty() {
            struct_ser.serialize_field("device_id", &self.device_id)?;
        }
        if !self.class.is_empty() {
            struct_ser.serialize_field("class", &self.class)?;
        }
        if let Some(v) = self.driver.as_ref() {
            struct_ser.serialize_field("driver", v)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for IommuPciDevice {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "address",
            "vendor_id",
            "vendorId",
            "device_id",
            "deviceId",
            "class",
            "driver",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Address,
            VendorId,
            DeviceId,
            Class,
            Driver,
            __SkipField__,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "address" => Ok(GeneratedField::Address),
                            "vendorId" | "vendor_id" => Ok(GeneratedField::VendorId),
                            "deviceId" | "device_id" => Ok(GeneratedField::DeviceId),
                            "class" => Ok(GeneratedField::Class),
                            "driver" => Ok(GeneratedField::Driver),
                            _ => Ok(GeneratedField::__SkipField__),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = IommuPciDevice;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct hypervisor.v1.IommuPciDevice")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<IommuPciDevice, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut address__ = None;
                let mut vendor_id__ = None;
                let mut device_id__ = None;
                let mut class__ = None;
                let mut driver__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Address => {
                            if address__.is_some() {
                                return Err(serde::de::Error::duplicate_field("address"));
                            }
                            address__ = Some(map_.next_value()?);
                        }
                        GeneratedField::VendorId => {
                            if vendor_id__.is_some() {
                                return Err(serde::de::Error::duplicate_field("vendorId"));
                            }
                            vendor_id__ = Some(map_.next_value()?);
                        }
                        GeneratedField::DeviceId => {
                            if device_id__.is_some() {
                                return Err(serde::de::Error::duplicate_field("deviceId"));
                            }
                            device_id__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Class => {
                            if class__.is_some() {
                                return Err(serde::de::Error::duplicate_field("class"));
                            }
                            class__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Driver => {
                            if driver__.is_some() {
                                return Err(serde::de::Error::duplicate_field("driver"));
                            }
                            driver__ = map_.next_value()?;
                        }
                        GeneratedField::__SkipField__ => {
                            let _ = map_.next_value::<serde::de::IgnoredAny>()?;
                        }
                    }
                }
                Ok(IommuPciDevice {
                    address: address__.unwrap_or_default(),
                    vendor_id: vendor_id__.unwrap_or_default(),
                    device_id: device_id__.unwrap_or_default(),
                    class: class__.unwrap_or_default(),
                    driver: driver__,
                })
            }
        }
        deserializer.deserialize_struct("hypervisor.v1.IommuPciDevice", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for KeyGenRequest {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.name.is_empty() {
            len += 1;
        }
        if !self.algorithm.is_empty() {
            len += 1;
        }
        if !self.purpose.is_empty() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("hypervisor.v1.KeyGenRequest", len)?;
        if !self.name.is_empty() {
            struct_ser.serialize_field("name", &self.name)?;
        }
        if !self.algorithm.is_empty() {
            struct_ser.serialize_field("algorithm", &self.algorithm)?;
        }
        if !self.purpose.is_empty() {
            struct_ser.serialize_field("purpose", &self.purpose)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for KeyGenRequest {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "name",
            "algorithm",
            "purpose",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Name,
            Algorithm,
            Purpose,
            __SkipField__,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "name" => Ok(GeneratedField::Name),
                            "algorithm" => Ok(GeneratedField::Algorithm),
                            "purpose" => Ok(GeneratedField::Purpose),
                            _ => Ok(GeneratedField::__SkipField__),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = KeyGenRequest;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct hypervisor.v1.KeyGenRequest")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<KeyGenRequest, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut name__ = None;
                let mut algorithm__ = None;
                let mut purpose__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Name => {
                            if name__.is_some() {
                                return Err(serde::de::Error::duplicate_field("name"));
                            }
                            name__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Algorithm => {
                            if algorithm__.is_some() {
                                return Err(serde::de::Error::duplicate_field("algorithm"));
                            }
                            algorithm__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Purpose => {
                            if purpose__.is_some() {
                                return Err(serde::de::Error::duplicate_field("purpose"));
                            }
                            purpose__ = Some(map_.next_value()?);
                        }
                        GeneratedField::__SkipField__ => {
                            let _ = map_.next_value::<serde::de::IgnoredAny>()?;
                        }
                    }
                }
                Ok(KeyGenRequest {
                    name: name__.unwrap_or_default(),
                    algorithm: algorithm__.unwrap_or_default(),
                    purpose: purpose__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("hypervisor.v1.KeyGenRequest", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for KeyInfo {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.name.is_empty() {
            len += 1;
        }
        if !self.algorithm.is_empty() {
            len += 1;
        }
        if !self.purpose.is_empty() {
            len += 1;
        }
        if !self.oid.is_empty() {
            len += 1;
        }
        if self.version != 0 {
            len += 1;
        }
        if !self.fingerprint.is_empty() {
            len += 1;
        }
        if self.public_key_bytes != 0 {
            len += 1;
        }
        if self.created_at.is_some() {
            len += 1;
        }
        if self.rotated_at.is_some() {
            len += 1;
        }
        if !self.versions.is_empty() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("hypervisor.v1.KeyInfo", len)?;
        if !self.name.is_empty() {
            struct_ser.serialize_field("name", &self.name)?;
        }
        if !self.algorithm.is_empty() {
            struct_ser.serialize_field("algorithm", &self.algorithm)?;
        }
        if !self.purpose.is_empty() {
            struct_ser.serialize_field("purpose", &self.purpose)?;
        }
        if !self.oid.is_empty() {
            struct_ser.serialize_field("oid", &self.oid)?;
        }
        if self.version != 0 {
            struct_ser.serialize_field("version", &self.version)?;
        }
        if !self.fingerprint.is_empty() {
            struct_ser.serialize_field("fingerprint", &self.fingerprint)?;
        }
        if self.public_key_bytes != 0 {
            struct_ser.serialize_field("public_key_bytes", &self.public_key_bytes)?;
        }
        if let Some(v) = self.created_at.as_ref() {
            struct_ser.serialize_field("created_at", v)?;
        }
        if let Some(v) = self.rotated_at.as_ref() {
            struct_ser.serialize_field("rotated_at", v)?;
        }
        if !self.versions.is_empty() {
            struct_ser.serialize_field("versions", &self.versions)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for KeyInfo {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "name",
            "algorithm",
            "purpose",
            "oid",
            "version",
            "fingerprint",
            "public_key_bytes",
            "publicKeyBytes",
            "created_at",
            "createdAt",
            "rotated_at",
            "rotatedAt",
            "versions",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Name,
            Algorithm,
            Purpose,
            Oid,
            Version,
            Fingerprint,
            PublicKeyBytes,
            CreatedAt,
            RotatedAt,
            Versions,
            __SkipField__,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "name" => Ok(GeneratedField::Name),
                            "algorithm" => Ok(GeneratedField::Algorithm),
                            "purpose" => Ok(GeneratedField::Purpose),
                            "oid" => Ok(GeneratedField::Oid),
                            "version" => Ok(GeneratedField::Version),
                            "fingerprint" => Ok(GeneratedField::Fingerprint),
                            "publicKeyBytes" | "public_key_bytes" => Ok(GeneratedField::PublicKeyBytes),
                            "createdAt" | "created_at" => Ok(GeneratedField::CreatedAt),
                            "rotatedAt" | "rotated_at" => Ok(GeneratedField::RotatedAt),
                            "versions" => Ok(GeneratedField::Versions),
                            _ => Ok(GeneratedField::__SkipField__),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = KeyInfo;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct hypervisor.v1.KeyInfo")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<KeyInfo, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut name__ = None;
                let mut algorithm__ = None;
                let mut purpose__ = None;
                let mut oid__ = None;
                let mut version__ = None;
                let mut fingerprint__ = None;
                let mut public_key_bytes__ = None;
                let mut created_at__ = None;
                let mut rotated_at__ = None;
                let mut versions__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Name => {
                            if name__.is_some() {
                                return Err(serde::de::Error::duplicate_field("name"));
                            }
                            name__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Algorithm => {
                            if algorithm__.is_some() {
                                return Err(serde::de::Error::duplicate_field("algorithm"));
                            }
                            algorithm__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Purpose => {
                            if purpose__.is_some() {
                                return Err(serde::de::Error::duplicate_field("purpose"));
                            }
                            purpose__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Oid => {
                            if oid__.is_some() {
                                return Err(serde::de::Error::duplicate_field("oid"));
                            }
                            oid__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Version => {
                            if version__.is_some() {
                                return Err(serde::de::Error::duplicate_field("version"));
                            }
                            version__ = 
                                Some(map_.next_value::<::pbjson::private::NumberDeserialize<_>>()?.0)
                            ;
                        }
                        GeneratedField::Fingerprint => {
                            if fingerprint__.is_some() {
                                return Err(serde::de::Error::duplicate_field("fingerprint"));
                            }
                            fingerprint__ = Some(map_.next_value()?);
                        }
                        GeneratedField::PublicKeyBytes => {
                            if public_key_bytes__.is_some() {
                                return Err(serde::de::Error::duplicate_field("publicKeyBytes"));
                            }
                            public_key_bytes__ = 
                                Some(map_.next_value::<::pbjson::private::NumberDeserialize<_>>()?.0)
                            ;
                        }
                        GeneratedField::CreatedAt => {
                            if created_at__.is_some() {
                                return Err(serde::de::Error::duplicate_field("createdAt"));
                            }
                            created_at__ = map_.next_value()?;
                        }
                        GeneratedField::RotatedAt => {
                            if rotated_at__.is_some() {
                                return Err(serde::de::Error::duplicate_field("rotatedAt"));
                            }
                            rotated_at__ = map_.next_value()?;
                        }
                        GeneratedField::Versions => {
                            if versions__.is_some() {
                                return Err(serde::de::Error::duplicate_field("versions"));
                            }
                            versions__ = Some(map_.next_value()?);
                        }
                        GeneratedField::__SkipField__ => {
                            let _ = map_.next_value::<serde::de::IgnoredAny>()?;
                        }
                    }
                }
                Ok(KeyInfo {
                    name: name__.unwrap_or_default(),
                    algorithm: algorithm__.unwrap_or_default(),
                    purpose: purpose__.unwrap_or_default(),
                    oid: oid__.unwrap_or_default(),
                    version: version__.unwrap_or_default(),
                    fingerprint: fingerprint__.unwrap_or_default(),
                    public_key_bytes: public_key_bytes__.unwrap_or_default(),
                    created_at: created_at__,
                    rotated_at: rotated_at__,
                    versions: versions__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("hypervisor.v1.KeyInfo", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for KvmAvailability {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if self.available {
            len += 1;
        }
        if self.reason.is_some() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("hypervisor.v1.KvmAvailability", len)?;
        if self.available {
            struct_ser.serialize_field("available", &self.available)?;
        }
        if let Some(v) = self.reason.as_ref() {
            struct_ser.serialize_field("reason", v)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for KvmAvailability {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "available",
            "reason",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Available,
            Reason,
            __SkipField__,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "available" => Ok(GeneratedField::Available),
                            "reason" => Ok(GeneratedField::Reason),
                            _ => Ok(GeneratedField::__SkipField__),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = KvmAvailability;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct hypervisor.v1.KvmAvailability")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<KvmAvailability, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut available__ = None;
                let mut reason__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Available => {
                            if available__.is_some() {
                                return Err(serde::de::Error::duplicate_field("available"));
                            }
                            available__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Reason => {
                            if reason__.is_some() {
                                return Err(serde::de::Error::duplicate_field("reason"));
                            }
                            reason__ = map_.next_value()?;
                        }
                        GeneratedField::__SkipField__ => {
                            let _ = map_.next_value::<serde::de::IgnoredAny>()?;
                        }
                    }
                }
                Ok(KvmAvailability {
                    available: available__.unwrap_or_default(),
                    reason: reason__,
                })
            }
        }
        deserializer.deserialize_struct("hypervisor.v1.KvmAvailability", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for LastError {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.message.is_empty() {
            len += 1;
        }
        if self.at.is_some() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("hypervisor.v1.LastError", len)?;
        if !self.message.is_empty() {
            struct_ser.serialize_field("message", &self.message)?;
        }
        if let Some(v) = self.at.as_ref() {
            struct_ser.serialize_field("at", v)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for LastError {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "message",
            "at",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Message,
            At,
            __SkipField__,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "message" => Ok(GeneratedField::Message),
                            "at" => Ok(GeneratedField::At),
                            _ => Ok(GeneratedField::__SkipField__),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = LastError;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct hypervisor.v1.LastError")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<LastError, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut message__ = None;
                let mut at__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Message => {
                            if message__.is_some() {
                                return Err(serde::de::Error::duplicate_field("message"));
                            }
                            message__ = Some(map_.next_value()?);
                        }
                        GeneratedField::At => {
                            if at__.is_some() {
                                return Err(serde::de::Error::duplicate_field("at"));
                            }
                            at__ = map_.next_value()?;
                        }
                        GeneratedField::__SkipField__ => {
                            let _ = map_.next_value::<serde::de::IgnoredAny>()?;
                        }
                    }
                }
                Ok(LastError {
                    message: message__.unwrap_or_default(),
                    at: at__,
                })
            }
        }
        deserializer.deserialize_struct("hypervisor.v1.LastError", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for ListAuditEventsRequest {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if self.since.is_some() {
            len += 1;
        }
        if self.until.is_some() {
            len += 1;
        }
        if self.actor.is_some() {
            len += 1;
        }
        if self.resource.is_some() {
            len += 1;
        }
        if self.outcome.is_some() {
            len += 1;
        }
        if self.limit.is_some() {
            len += 1;
        }
        if self.cursor.is_some() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("hypervisor.v1.ListAuditEventsRequest", len)?;
        if let Some(v) = self.since.as_ref() {
            struct_ser.serialize_field("since", v)?;
        }
        if let Some(v) = self.until.as_ref() {
            struct_ser.serialize_field("until", v)?;
        }
        if let Some(v) = self.actor.as_ref() {
            struct_ser.serialize_field("actor", v)?;
        }
        if let Some(v) = self.resource.as_ref() {
            struct_ser.serialize_field("resource", v)?;
        }
        if let Some(v) = self.outcome.as_ref() {
            struct_ser.serialize_field("outcome", v)?;
        }
        if let Some(v) = self.limit.as_ref() {
            struct_ser.serialize_field("limit", v)?;
        }
        if let Some(v) = self.cursor.as_ref() {
            struct_ser.serialize_field("cursor", v)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for ListAuditEventsRequest {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "since",
            "until",
            "actor",
            "resource",
            "outcome",
            "limit",
            "cursor",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Since,
            Until,
            Actor,
            Resource,
            Outcome,
            Limit,
            Cursor,
            __SkipField__,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "since" => Ok(GeneratedField::Since),
                            "until" => Ok(GeneratedField::Until),
                            "actor" => Ok(GeneratedField::Actor),
                            "resource" => Ok(GeneratedField::Resource),
                            "outcome" => Ok(GeneratedField::Outcome),
                            "limit" => Ok(GeneratedField::Limit),
                            "cursor" => Ok(GeneratedField::Cursor),
                            _ => Ok(GeneratedField::__SkipField__),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = ListAuditEventsRequest;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct hypervisor.v1.ListAuditEventsRequest")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<ListAuditEventsRequest, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut since__ = None;
                let mut until__ = None;
                let mut actor__ = None;
                let mut resource__ = None;
                let mut outcome__ = None;
                let mut limit__ = None;
                let mut cursor__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Since => {
                            if since__.is_some() {
                                return Err(serde::de::Error::duplicate_field("since"));
                            }
                            since__ = map_.next_value()?;
                        }
                        GeneratedField::Until => {
                            if until__.is_some() {
                                return Err(serde::de::Error::duplicate_field("until"));
                            }
                            until__ = map_.next_value()?;
                        }
                        GeneratedField::Actor => {
                            if actor__.is_some() {
                                return Err(serde::de::Error::duplicate_field("actor"));
                            }
                            actor__ = map_.next_value()?;
                        }
                        GeneratedField::Resource => {
                            if resource__.is_some() {
                                return Err(serde::de::Error::duplicate_field("resource"));
                            }
                            resource__ = map_.next_value()?;
                        }
                        GeneratedField::Outcome => {
                            if outcome__.is_some() {
                                return Err(serde::de::Error::duplicate_field("outcome"));
                            }
                            outcome__ = map_.next_value()?;
                        }
                        GeneratedField::Limit => {
                            if limit__.is_some() {
                                return Err(serde::de::Error::duplicate_field("limit"));
                            }
                            limit__ = 
                                map_.next_value::<::std::option::Option<::pbjson::private::NumberDeserialize<_>>>()?.map(|x| x.0)
                            ;
                        }
                        GeneratedField::Cursor => {
                            if cursor__.is_some() {
                                return Err(serde::de::Error::duplicate_field("cursor"));
                            }
                            cursor__ = map_.next_value()?;
                        }
                        GeneratedField::__SkipField__ => {
                            let _ = map_.next_value::<serde::de::IgnoredAny>()?;
                        }
                    }
                }
                Ok(ListAuditEventsRequest {
                    since: since__,
                    until: until__,
                    actor: actor__,
                    resource: resource__,
                    outcome: outcome__,
                    limit: limit__,
                    cursor: cursor__,
                })
            }
        }
        deserializer.deserialize_struct("hypervisor.v1.ListAuditEventsRequest", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for ListAuditEventsResponse {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.events.is_empty() {
            len += 1;
        }
        if self.next_cursor.is_some() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("hypervisor.v1.ListAuditEventsResponse", len)?;
        if !self.events.is_empty() {
            struct_ser.serialize_field("events", &self.events)?;
        }
        if let Some(v) = self.next_cursor.as_ref() {
            struct_ser.serialize_field("next_cursor", v)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for ListAuditEventsResponse {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "events",
            "next_cursor",
            "nextCursor",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Events,
            NextCursor,
            __SkipField__,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "events" => Ok(GeneratedField::Events),
                            "nextCursor" | "next_cursor" => Ok(GeneratedField::NextCursor),
                            _ => Ok(GeneratedField::__SkipField__),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = ListAuditEventsResponse;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct hypervisor.v1.ListAuditEventsResponse")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<ListAuditEventsResponse, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut events__ = None;
                let mut next_cursor__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Events => {
                            if events__.is_some() {
                                return Err(serde::de::Error::duplicate_field("events"));
                            }
                            events__ = Some(map_.next_value()?);
                        }
                        GeneratedField::NextCursor => {
                            if next_cursor__.is_some() {
                                return Err(serde::de::Error::duplicate_field("nextCursor"));
                            }
                            next_cursor__ = map_.next_value()?;
                        }
                        GeneratedField::__SkipField__ => {
                            let _ = map_.next_value::<serde::de::IgnoredAny>()?;
                        }
                    }
                }
                Ok(ListAuditEventsResponse {
                    events: events__.unwrap_or_default(),
                    next_cursor: next_cursor__,
                })
            }
        }
        deserializer.deserialize_struct("hypervisor.v1.ListAuditEventsResponse", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for ListDisksRequest {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let len = 0;
        let struct_ser = serializer.serialize_struct("hypervisor.v1.ListDisksRequest", len)?;
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for ListDisksRequest {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            __SkipField__,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                            Ok(GeneratedField::__SkipField__)
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = ListDisksRequest;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct hypervisor.v1.ListDisksRequest")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<ListDisksRequest, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                while map_.next_key::<GeneratedField>()?.is_some() {
                    let _ = map_.next_value::<serde::de::IgnoredAny>()?;
                }
                Ok(ListDisksRequest {
                })
            }
        }
        deserializer.deserialize_struct("hypervisor.v1.ListDisksRequest", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for ListDisksResponse {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.images.is_empty() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("hypervisor.v1.ListDisksResponse", len)?;
        if !self.images.is_empty() {
            struct_ser.serialize_field("images", &self.images)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for ListDisksResponse {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "images",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Images,
            __SkipField__,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "images" => Ok(GeneratedField::Images),
                            _ => Ok(GeneratedField::__SkipField__),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = ListDisksResponse;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct hypervisor.v1.ListDisksResponse")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<ListDisksResponse, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut images__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Images => {
                            if images__.is_some() {
                                return Err(serde::de::Error::duplicate_field("images"));
                            }
                            images__ = Some(map_.next_value()?);
                        }
                        GeneratedField::__SkipField__ => {
                            let _ = map_.next_value::<serde::de::IgnoredAny>()?;
                        }
                    }
                }
                Ok(ListDisksResponse {
                    images: images__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("hypervisor.v1.ListDisksResponse", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for ListForwardsRequest {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.name.is_empty() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("hypervisor.v1.ListForwardsRequest", len)?;
        if !self.name.is_empty() {
            struct_ser.serialize_field("name", &self.name)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for ListForwardsRequest {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "name",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Name,
            __SkipField__,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "name" => Ok(GeneratedField::Name),
                            _ => Ok(GeneratedField::__SkipField__),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = ListForwardsRequest;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct hypervisor.v1.ListForwardsRequest")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<ListForwardsRequest, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut name__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Name => {
                            if name__.is_some() {
                                return Err(serde::de::Error::duplicate_field("name"));
                            }
                            name__ = Some(map_.next_value()?);
                        }
                        GeneratedField::__SkipField__ => {
                            let _ = map_.next_value::<serde::de::IgnoredAny>()?;
                        }
                    }
                }
                Ok(ListForwardsRequest {
                    name: name__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("hypervisor.v1.ListForwardsRequest", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for ListForwardsResponse {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.forwards.is_empty() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("hypervisor.v1.ListForwardsResponse", len)?;
        if !self.forwards.is_empty() {
            struct_ser.serialize_field("forwards", &self.forwards)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for ListForwardsResponse {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "forwards",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Forwards,
            __SkipField__,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "forwards" => Ok(GeneratedField::Forwards),
                            _ => Ok(GeneratedField::__SkipField__),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = ListForwardsResponse;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct hypervisor.v1.ListForwardsResponse")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<ListForwardsResponse, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut forwards__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Forwards => {
                            if forwards__.is_some() {
                                return Err(serde::de::Error::duplicate_field("forwards"));
                            }
                            forwards__ = Some(map_.next_value()?);
                        }
                        GeneratedField::__SkipField__ => {
                            let _ = map_.next_value::<serde::de::IgnoredAny>()?;
                        }
                    }
                }
                Ok(ListForwardsResponse {
                    forwards: forwards__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("hypervisor.v1.ListForwardsResponse", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for ListIommuGroupsRequest {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let len = 0;
        let struct_ser = serializer.serialize_struct("hypervisor.v1.ListIommuGroupsRequest", len)?;
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for ListIommuGroupsRequest {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            __SkipField__,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                            Ok(GeneratedField::__SkipField__)
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = ListIommuGroupsRequest;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct hypervisor.v1.ListIommuGroupsRequest")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<ListIommuGroupsRequest, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                while map_.next_key::<GeneratedField>()?.is_some() {
                    let _ = map_.next_value::<serde::de::IgnoredAny>()?;
                }
                Ok(ListIommuGroupsRequest {
                })
            }
        }
        deserializer.deserialize_struct("hypervisor.v1.ListIommuGroupsRequest", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for ListIommuGroupsResponse {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if self.enabled {
            len += 1;
        }
        if !self.groups.is_empty() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("hypervisor.v1.ListIommuGroupsResponse", len)?;
        if self.enabled {
            struct_ser.serialize_field("enabled", &self.enabled)?;
        }
        if !self.groups.is_empty() {
            struct_ser.serialize_field("groups", &self.groups)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for ListIommuGroupsResponse {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "enabled",
            "groups",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Enabled,
            Groups,
            __SkipField__,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "enabled" => Ok(GeneratedField::Enabled),
                            "groups" => Ok(GeneratedField::Groups),
                            _ => Ok(GeneratedField::__SkipField__),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = ListIommuGroupsResponse;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct hypervisor.v1.ListIommuGroupsResponse")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<ListIommuGroupsResponse, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut enabled__ = None;
                let mut groups__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Enabled => {
                            if enabled__.is_some() {
                                return Err(serde::de::Error::duplicate_field("enabled"));
                            }
                            enabled__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Groups => {
                            if groups__.is_some() {
                                return Err(serde::de::Error::duplicate_field("groups"));
                            }
                            groups__ = Some(map_.next_value()?);
                        }
                        GeneratedField::__SkipField__ => {
                            let _ = map_.next_value::<serde::de::IgnoredAny>()?;
                        }
                    }
                }
                Ok(ListIommuGroupsResponse {
                    enabled: enabled__.unwrap_or_default(),
                    groups: groups__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("hypervisor.v1.ListIommuGroupsResponse", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for ListKeysRequest {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let len = 0;
        let struct_ser = serializer.serialize_struct("hypervisor.v1.ListKeysRequest", len)?;
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for ListKeysRequest {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            __SkipField__,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                            Ok(GeneratedField::__SkipField__)
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = ListKeysRequest;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct hypervisor.v1.ListKeysRequest")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<ListKeysRequest, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                while map_.next_key::<GeneratedField>()?.is_some() {
                    let _ = map_.next_value::<serde::de::IgnoredAny>()?;
                }
                Ok(ListKeysRequest {
                })
            }
        }
        deserializer.deserialize_struct("hypervisor.v1.ListKeysRequest", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for ListKeysResponse {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.keys.is_empty() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("hypervisor.v1.ListKeysResponse", len)?;
        if !self.keys.is_empty() {
            struct_ser.serialize_field("keys", &self.keys)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for ListKeysResponse {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "keys",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Keys,
            __SkipField__,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "keys" => Ok(GeneratedField::Keys),
                            _ => Ok(GeneratedField::__SkipField__),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = ListKeysResponse;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct hypervisor.v1.ListKeysResponse")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<ListKeysResponse, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut keys__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Keys => {
                            if keys__.is_some() {
                                return Err(serde::de::Error::duplicate_field("keys"));
                            }
                            keys__ = Some(map_.next_value()?);
                        }
                        GeneratedField::__SkipField__ => {
                            let _ = map_.next_value::<serde::de::IgnoredAny>()?;
                        }
                    }
                }
                Ok(ListKeysResponse {
                    keys: keys__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("hypervisor.v1.ListKeysResponse", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for ListLeasesRequest {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.name.is_empty() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("hypervisor.v1.ListLeasesRequest", len)?;
        if !self.name.is_empty() {
            struct_ser.serialize_field("name", &self.name)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for ListLeasesRequest {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "name",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Name,
            __SkipField__,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "name" => Ok(GeneratedField::Name),
                            _ => Ok(GeneratedField::__SkipField__),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = ListLeasesRequest;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct hypervisor.v1.ListLeasesRequest")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<ListLeasesRequest, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut name__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Name => {
                            if name__.is_some() {
                                return Err(serde::de::Error::duplicate_field("name"));
                            }
                            name__ = Some(map_.next_value()?);
                        }
                        GeneratedField::__SkipField__ => {
                            let _ = map_.next_value::<serde::de::IgnoredAny>()?;
                        }
                    }
                }
                Ok(ListLeasesRequest {
                    name: name__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("hypervisor.v1.ListLeasesRequest", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for ListLeasesResponse {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.leases.is_empty() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("hypervisor.v1.ListLeasesResponse", len)?;
        if !self.leases.is_empty() {
            struct_ser.serialize_field("leases", &self.leases)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for ListLeasesResponse {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "leases",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Leases,
            __SkipField__,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "leases" => Ok(GeneratedField::Leases),
                            _ => Ok(GeneratedField::__SkipField__),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = ListLeasesResponse;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct hypervisor.v1.ListLeasesResponse")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<ListLeasesResponse, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut leases__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Leases => {
                            if leases__.is_some() {
                                return Err(serde::de::Error::duplicate_field("leases"));
                            }
                            leases__ = Some(map_.next_value()?);
                        }
                        GeneratedField::__SkipField__ => {
                            let _ = map_.next_value::<serde::de::IgnoredAny>()?;
                        }
                    }
                }
                Ok(ListLeasesResponse {
                    leases: leases__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("hypervisor.v1.ListLeasesResponse", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for ListNetworksRequest {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let len = 0;
        let struct_ser = serializer.serialize_struct("hypervisor.v1.ListNetworksRequest", len)?;
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for ListNetworksRequest {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            __SkipField__,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                            Ok(GeneratedField::__SkipField__)
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = ListNetworksRequest;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct hypervisor.v1.ListNetworksRequest")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<ListNetworksRequest, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                while map_.next_key::<GeneratedField>()?.is_some() {
                    let _ = map_.next_value::<serde::de::IgnoredAny>()?;
                }
                Ok(ListNetworksRequest {
                })
            }
        }
        deserializer.deserialize_struct("hypervisor.v1.ListNetworksRequest", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for ListNetworksResponse {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.networks.is_empty() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("hypervisor.v1.ListNetworksResponse", len)?;
        if !self.networks.is_empty() {
            struct_ser.serialize_field("networks", &self.networks)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for ListNetworksResponse {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "networks",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Networks,
            __SkipField__,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "networks" => Ok(GeneratedField::Networks),
                            _ => Ok(GeneratedField::__SkipField__),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = ListNetworksResponse;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct hypervisor.v1.ListNetworksResponse")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<ListNetworksResponse, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut networks__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Networks => {
                            if networks__.is_some() {
                                return Err(serde::de::Error::duplicate_field("networks"));
                            }
                            networks__ = Some(map_.next_value()?);
                        }
                        GeneratedField::__SkipField__ => {
                            let _ = map_.next_value::<serde::de::IgnoredAny>()?;
                        }
                    }
                }
                Ok(ListNetworksResponse {
                    networks: networks__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("hypervisor.v1.ListNetworksResponse", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for ListOperationsRequest {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let len = 0;
        let struct_ser = serializer.serialize_struct("hypervisor.v1.ListOperationsRequest", len)?;
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for ListOperationsRequest {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            __SkipField__,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                            Ok(GeneratedField::__SkipField__)
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = ListOperationsRequest;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct hypervisor.v1.ListOperationsRequest")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<ListOperationsRequest, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                while map_.next_key::<GeneratedField>()?.is_some() {
                    let _ = map_.next_value::<serde::de::IgnoredAny>()?;
                }
                Ok(ListOperationsRequest {
                })
            }
        }
        deserializer.deserialize_struct("hypervisor.v1.ListOperationsRequest", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for ListOperationsResponse {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.operations.is_empty() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("hypervisor.v1.ListOperationsResponse", len)?;
        if !self.operations.is_empty() {
            struct_ser.serialize_field("operations", &self.operations)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for ListOperationsResponse {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "operations",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Operations,
            __SkipField__,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "operations" => Ok(GeneratedField::Operations),
                            _ => Ok(GeneratedField::__SkipField__),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = ListOperationsResponse;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct hypervisor.v1.ListOperationsResponse")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<ListOperationsResponse, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut operations__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Operations => {
                            if operations__.is_some() {
                                return Err(serde::de::Error::duplicate_field("operations"));
                            }
                            operations__ = Some(map_.next_value()?);
                        }
                        GeneratedField::__SkipField__ => {
                            let _ = map_.next_value::<serde::de::IgnoredAny>()?;
                        }
                    }
                }
                Ok(ListOperationsResponse {
                    operations: operations__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("hypervisor.v1.ListOperationsResponse", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for ListPoolsRequest {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let len = 0;
        let struct_ser = serializer.serialize_struct("hypervisor.v1.ListPoolsRequest", len)?;
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for ListPoolsRequest {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            __SkipField__,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                            Ok(GeneratedField::__SkipField__)
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = ListPoolsRequest;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct hypervisor.v1.ListPoolsRequest")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<ListPoolsRequest, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                while map_.next_key::<GeneratedField>()?.is_some() {
                    let _ = map_.next_value::<serde::de::IgnoredAny>()?;
                }
                Ok(ListPoolsRequest {
                })
            }
        }
        deserializer.deserialize_struct("hypervisor.v1.ListPoolsRequest", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for ListPoolsResponse {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.pools.is_empty() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("hypervisor.v1.ListPoolsResponse", len)?;
        if !self.pools.is_empty() {
            struct_ser.serialize_field("pools", &self.pools)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for ListPoolsResponse {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "pools",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Pools,
            __SkipField__,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "pools" => Ok(GeneratedField::Pools),
                            _ => Ok(GeneratedField::__SkipField__),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = ListPoolsResponse;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct hypervisor.v1.ListPoolsResponse")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<ListPoolsResponse, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut pools__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Pools => {
                            if pools__.is_some() {
                                return Err(serde::de::Error::duplicate_field("pools"));
                            }
                            pools__ = Some(map_.next_value()?);
                        }
                        GeneratedField::__SkipField__ => {
                            let _ = map_.next_value::<serde::de::IgnoredAny>()?;
                        }
                    }
                }
                Ok(ListPoolsResponse {
                    pools: pools__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("hypervisor.v1.ListPoolsResponse", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for ListRulesRequest {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.name.is_empty() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("hypervisor.v1.ListRulesRequest", len)?;
        if !self.name.is_empty() {
            struct_ser.serialize_field("name", &self.name)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for ListRulesRequest {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "name",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Name,
            __SkipField__,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "name" => Ok(GeneratedField::Name),
                            _ => Ok(GeneratedField::__SkipField__),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = ListRulesRequest;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct hypervisor.v1.ListRulesRequest")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<ListRulesRequest, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut name__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Name => {
                            if name__.is_some() {
                                return Err(serde::de::Error::duplicate_field("name"));
                            }
                            name__ = Some(map_.next_value()?);
                        }
                        GeneratedField::__SkipField__ => {
                            let _ = map_.next_value::<serde::de::IgnoredAny>()?;
                        }
                    }
                }
                Ok(ListRulesRequest {
                    name: name__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("hypervisor.v1.ListRulesRequest", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for ListRulesResponse {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.rules.is_empty() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("hypervisor.v1.ListRulesResponse", len)?;
        if !self.rules.is_empty() {
            struct_ser.serialize_field("rules", &self.rules)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for ListRulesResponse {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "rules",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Rules,
            __SkipField__,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "rules" => Ok(GeneratedField::Rules),
                            _ => Ok(GeneratedField::__SkipField__),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = ListRulesResponse;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct hypervisor.v1.ListRulesResponse")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<ListRulesResponse, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut rules__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Rules => {
                            if rules__.is_some() {
                                return Err(serde::de::Error::duplicate_field("rules"));
                            }
                            rules__ = Some(map_.next_value()?);
                        }
                        GeneratedField::__SkipField__ => {
                            let _ = map_.next_value::<serde::de::IgnoredAny>()?;
                        }
                    }
                }
                Ok(ListRulesResponse {
                    rules: rules__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("hypervisor.v1.ListRulesResponse", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for ListSnapshotsRequest {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.name.is_empty() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("hypervisor.v1.ListSnapshotsRequest", len)?;
        if !self.name.is_empty() {
            struct_ser.serialize_field("name", &self.name)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for ListSnapshotsRequest {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "name",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Name,
            __SkipField__,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "name" => Ok(GeneratedField::Name),
                            _ => Ok(GeneratedField::__SkipField__),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = ListSnapshotsRequest;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct hypervisor.v1.ListSnapshotsRequest")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<ListSnapshotsRequest, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut name__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Name => {
                            if name__.is_some() {
                                return Err(serde::de::Error::duplicate_field("name"));
                            }
                            name__ = Some(map_.next_value()?);
                        }
                        GeneratedField::__SkipField__ => {
                            let _ = map_.next_value::<serde::de::IgnoredAny>()?;
                        }
                    }
                }
                Ok(ListSnapshotsRequest {
                    name: name__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("hypervisor.v1.ListSnapshotsRequest", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for ListSnapshotsResponse {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.snapshots.is_empty() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("hypervisor.v1.ListSnapshotsResponse", len)?;
        if !self.snapshots.is_empty() {
            struct_ser.serialize_field("snapshots", &self.snapshots)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for ListSnapshotsResponse {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "snapshots",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Snapshots,
            __SkipField__,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "snapshots" => Ok(GeneratedField::Snapshots),
                            _ => Ok(GeneratedField::__SkipField__),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = ListSnapshotsResponse;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct hypervisor.v1.ListSnapshotsResponse")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<ListSnapshotsResponse, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut snapshots__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Snapshots => {
                            if snapshots__.is_some() {
                                return Err(serde::de::Error::duplicate_field("snapshots"));
                            }
                            snapshots__ = Some(map_.next_value()?);
                        }
                        GeneratedField::__SkipField__ => {
                            let _ = map_.next_value::<serde::de::IgnoredAny>()?;
                        }
                    }
                }
                Ok(ListSnapshotsResponse {
                    snapshots: snapshots__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("hypervisor.v1.ListSnapshotsResponse", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for ListTokensRequest {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let len = 0;
        let struct_ser = serializer.serialize_struct("hypervisor.v1.ListTokensRequest", len)?;
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for ListTokensRequest {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            __SkipField__,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                            Ok(GeneratedField::__SkipField__)
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = ListTokensRequest;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct hypervisor.v1.ListTokensRequest")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<ListTokensRequest, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                while map_.next_key::<GeneratedField>()?.is_some() {
                    let _ = map_.next_value::<serde::de::IgnoredAny>()?;
                }
                Ok(ListTokensRequest {
                })
            }
        }
        deserializer.deserialize_struct("hypervisor.v1.ListTokensRequest", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for ListTokensResponse {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.tokens.is_empty() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("hypervisor.v1.ListTokensResponse", len)?;
        if !self.tokens.is_empty() {
            struct_ser.serialize_field("tokens", &self.tokens)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for ListTokensResponse {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "tokens",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Tokens,
            __SkipField__,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "tokens" => Ok(GeneratedField::Tokens),
                            _ => Ok(GeneratedField::__SkipField__),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = ListTokensResponse;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct hypervisor.v1.ListTokensResponse")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<ListTokensResponse, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut tokens__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Tokens => {
                            if tokens__.is_some() {
                                return Err(serde::de::Error::duplicate_field("tokens"));
                            }
                            tokens__ = Some(map_.next_value()?);
                        }
                        GeneratedField::__SkipField__ => {
                            let _ = map_.next_value::<serde::de::IgnoredAny>()?;
                        }
                    }
                }
                Ok(ListTokensResponse {
                    tokens: tokens__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("hypervisor.v1.ListTokensResponse", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for ListVmsRequest {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let len = 0;
        let struct_ser = serializer.serialize_struct("hypervisor.v1.ListVmsRequest", len)?;
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for ListVmsRequest {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            __SkipField__,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                            Ok(GeneratedField::__SkipField__)
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = ListVmsRequest;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct hypervisor.v1.ListVmsRequest")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<ListVmsRequest, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                while map_.next_key::<GeneratedField>()?.is_some() {
                    let _ = map_.next_value::<serde::de::IgnoredAny>()?;
                }
                Ok(ListVmsRequest {
                })
            }
        }
        deserializer.deserialize_struct("hypervisor.v1.ListVmsRequest", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for ListVmsResponse {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.vms.is_empty() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("hypervisor.v1.ListVmsResponse", len)?;
        if !self.vms.is_empty() {
            struct_ser.serialize_field("vms", &self.vms)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for ListVmsResponse {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "vms",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Vms,
            __SkipField__,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "vms" => Ok(GeneratedField::Vms),
                            _ => Ok(GeneratedField::__SkipField__),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = ListVmsResponse;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct hypervisor.v1.ListVmsResponse")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<ListVmsResponse, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut vms__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Vms => {
                            if vms__.is_some() {
                                return Err(serde::de::Error::duplicate_field("vms"));
                            }
                            vms__ = Some(map_.next_value()?);
                        }
                        GeneratedField::__SkipField__ => {
                            let _ = map_.next_value::<serde::de::IgnoredAny>()?;
                        }
                    }
                }
                Ok(ListVmsResponse {
                    vms: vms__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("hypervisor.v1.ListVmsResponse", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for Memory {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.size.is_empty() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("hypervisor.v1.Memory", len)?;
        if !self.size.is_empty() {
            struct_ser.serialize_field("size", &self.size)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for Memory {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "size",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Size,
            __SkipField__,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "size" => Ok(GeneratedField::Size),
                            _ => Ok(GeneratedField::__SkipField__),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = Memory;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct hypervisor.v1.Memory")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<Memory, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut size__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Size => {
                            if size__.is_some() {
                                return Err(serde::de::Error::duplicate_field("size"));
                            }
                            size__ = Some(map_.next_value()?);
                        }
                        GeneratedField::__SkipField__ => {
                            let _ = map_.next_value::<serde::de::IgnoredAny>()?;
                        }
                    }
                }
                Ok(Memory {
                    size: size__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("hypervisor.v1.Memory", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for MigrateProgress {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.operation_id.is_empty() {
            len += 1;
        }
        if !self.status.is_empty() {
            len += 1;
        }
        if self.progress != 0. {
            len += 1;
        }
        if !self.transferred.is_empty() {
            len += 1;
        }
        if !self.remaining.is_empty() {
            len += 1;
        }
        if self.error.is_some() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("hypervisor.v1.MigrateProgress", len)?;
        if !self.operation_id.is_empty() {
            struct_ser.serialize_field("operation_id", &self.operation_id)?;
        }
        if !self.status.is_empty() {
            struct_ser.serialize_field("status", &self.status)?;
        }
        if self.progress != 0. {
            struct_ser.serialize_field("progress", &self.progress)?;
        }
        if !self.transferred.is_empty() {
            struct_ser.serialize_field("transferred", &self.transferred)?;
        }
        if !self.remaining.is_empty() {
            struct_ser.serialize_field("remaining", &self.remaining)?;
        }
        if let Some(v) = self.error.as_ref() {
            struct_ser.serialize_field("error", v)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for MigrateProgress {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "operation_id",
            "operationId",
            "status",
            "progress",
            "transferred",
            "remaining",
            "error",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            OperationId,
            Status,
            Progress,
            Transferred,
            Remaining,
            Error,
            __SkipField__,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "operationId" | "operation_id" => Ok(GeneratedField::OperationId),
                            "status" => Ok(GeneratedField::Status),
                            "progress" => Ok(GeneratedField::Progress),
                            "transferred" => Ok(GeneratedField::Transferred),
                            "remaining" => Ok(GeneratedField::Remaining),
                            "error" => Ok(GeneratedField::Error),
                            _ => Ok(GeneratedField::__SkipField__),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = MigrateProgress;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct hypervisor.v1.MigrateProgress")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<MigrateProgress, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut operation_id__ = None;
                let mut status__ = None;
                let mut progress__ = None;
                let mut transferred__ = None;
                let mut remaining__ = None;
                let mut error__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::OperationId => {
                            if operation_id__.is_some() {
                                return Err(serde::de::Error::duplicate_field("operationId"));
                            }
                            operation_id__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Status => {
                            if status__.is_some() {
                                return Err(serde::de::Error::duplicate_field("status"));
                            }
                            status__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Progress => {
                            if progress__.is_some() {
                                return Err(serde::de::Error::duplicate_field("progress"));
                            }
                            progress__ = 
                                Some(map_.next_value::<::pbjson::private::NumberDeserialize<_>>()?.0)
                            ;
                        }
                        GeneratedField::Transferred => {
                            if transferred__.is_some() {
                                return Err(serde::de::Error::duplicate_field("transferred"));
                            }
                            transferred__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Remaining => {
                            if remaining__.is_some() {
                                return Err(serde::de::Error::duplicate_field("remaining"));
                            }
                            remaining__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Error => {
                            if error__.is_some() {
                                return Err(serde::de::Error::duplicate_field("error"));
                            }
                            error__ = map_.next_value()?;
                        }
                        GeneratedField::__SkipField__ => {
                            let _ = map_.next_value::<serde::de::IgnoredAny>()?;
                        }
                    }
                }
                Ok(MigrateProgress {
                    operation_id: operation_id__.unwrap_or_default(),
                    status: status__.unwrap_or_default(),
                    progress: progress__.unwrap_or_default(),
                    transferred: transferred__.unwrap_or_default(),
                    remaining: remaining__.unwrap_or_default(),
                    error: error__,
                })
            }
        }
        deserializer.deserialize_struct("hypervisor.v1.MigrateProgress", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for MigrateRequest {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.name.is_empty() {
            len += 1;
        }
        if !self.destination.is_empty() {
            len += 1;
        }
        if !self.token.is_empty() {
            len += 1;
        }
        if self.max_downtime_ms.is_some() {
            len += 1;
        }
        if self.bandwidth.is_some() {
            len += 1;
        }
        if self.destination_fingerprint.is_some() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("hypervisor.v1.MigrateRequest", len)?;
        if !self.name.is_empty() {
            struct_ser.serialize_field("name", &self.name)?;
        }
        if !self.destination.is_empty() {
            struct_ser.serialize_field("destination", &self.destination)?;
        }
        if !self.token.is_empty() {
            struct_ser.serialize_field("token", &self.token)?;
        }
        if let Some(v) = self.max_downtime_ms.as_ref() {
            struct_ser.serialize_field("max_downtime_ms", v)?;
        }
        if let Some(v) = self.bandwidth.as_ref() {
            struct_ser.serialize_field("bandwidth", v)?;
        }
        if let Some(v) = self.destination_fingerprint.as_ref() {
            struct_ser.serialize_field("destination_fingerprint", v)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for MigrateRequest {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "name",
            "destination",
            "token",
            "max_downtime_ms",
            "maxDowntimeMs",
            "bandwidth",
            "destination_fingerprint",
            "destinationFingerprint",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Name,
            Destination,
            Token,
            MaxDowntimeMs,
            Bandwidth,
            DestinationFingerprint,
            __SkipField__,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "name" => Ok(GeneratedField::Name),
                            "destination" => Ok(GeneratedField::Destination),
                            "token" => Ok(GeneratedField::Token),
                            "maxDowntimeMs" | "max_downtime_ms" => Ok(GeneratedField::MaxDowntimeMs),
                            "bandwidth" => Ok(GeneratedField::Bandwidth),
                            "destinationFingerprint" | "destination_fingerprint" => Ok(GeneratedField::DestinationFingerprint),
                            _ => Ok(GeneratedField::__SkipField__),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = MigrateRequest;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct hypervisor.v1.MigrateRequest")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<MigrateRequest, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut name__ = None;
                let mut destination__ = None;
                let mut token__ = None;
                let mut max_downtime_ms__ = None;
                let mut bandwidth__ = None;
                let mut destination_fingerprint__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Name => {
                            if name__.is_some() {
                                return Err(serde::de::Error::duplicate_field("name"));
                            }
                            name__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Destination => {
                            if destination__.is_some() {
                                return Err(serde::de::Error::duplicate_field("destination"));
                            }
                            destination__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Token => {
                            if token__.is_some() {
                                return Err(serde::de::Error::duplicate_field("token"));
                            }
                            token__ = Some(map_.next_value()?);
                        }
                        GeneratedField::MaxDowntimeMs => {
                            if max_downtime_ms__.is_some() {
                                return Err(serde::de::Error::duplicate_field("maxDowntimeMs"));
                            }
                            max_downtime_ms__ = 
                                map_.next_value::<::std::option::Option<::pbjson::private::NumberDeserialize<_>>>()?.map(|x| x.0)
                            ;
                        }
                        GeneratedField::Bandwidth => {
                            if bandwidth__.is_some() {
                                return Err(serde::de::Error::duplicate_field("bandwidth"));
                            }
                            bandwidth__ = map_.next_value()?;
                        }
                        GeneratedField::DestinationFingerprint => {
                            if destination_fingerprint__.is_some() {
                                return Err(serde::de::Error::duplicate_field("destinationFingerprint"));
                            }
                            destination_fingerprint__ = map_.next_value()?;
                        }
                        GeneratedField::__SkipField__ => {
                            let _ = map_.next_value::<serde::de::IgnoredAny>()?;
                        }
                    }
                }
                Ok(MigrateRequest {
                    name: name__.unwrap_or_default(),
                    destination: destination__.unwrap_or_default(),
                    token: token__.unwrap_or_default(),
                    max_downtime_ms: max_downtime_ms__,
                    bandwidth: bandwidth__,
                    destination_fingerprint: destination_fingerprint__,
                })
            }
        }
        deserializer.deserialize_struct("hypervisor.v1.MigrateRequest", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for MigrationError {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.code.is_empty() {
            len += 1;
        }
        if !self.message.is_empty() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("hypervisor.v1.MigrationError", len)?;
        if !self.code.is_empty() {
            struct_ser.serialize_field("code", &self.code)?;
        }
        if !self.message.is_empty() {
            struct_ser.serialize_field("message", &self.message)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for MigrationError {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "code",
            "message",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Code,
            Message,
            __SkipField__,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "code" => Ok(GeneratedField::Code),
                            "message" => Ok(GeneratedField::Message),
                            _ => Ok(GeneratedField::__SkipField__),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = MigrationError;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct hypervisor.v1.MigrationError")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<MigrationError, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut code__ = None;
                let mut message__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Code => {
                            if code__.is_some() {
                                return Err(serde::de::Error::duplicate_field("code"));
                            }
                            code__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Message => {
                            if message__.is_some() {
                                return Err(serde::de::Error::duplicate_field("message"));
                            }
                            message__ = Some(map_.next_value()?);
                        }
                        GeneratedField::__SkipField__ => {
                            let _ = map_.next_value::<serde::de::IgnoredAny>()?;
                        }
                    }
                }
                Ok(MigrationError {
                    code: code__.unwrap_or_default(),
                    message: message__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("hypervisor.v1.MigrationError", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for Network {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.name.is_empty() {
            len += 1;
        }
        if !self.uuid.is_empty() {
            len += 1;
        }
        if !self.mode.is_empty() {
            len += 1;
        }
        if !self.subnet.is_empty() {
            len += 1;
        }
        if !self.gateway.is_empty() {
            len += 1;
        }
        if !self.bridge.is_empty() {
            len += 1;
        }
        if self.mtu != 0 {
            len += 1;
        }
        if self.dhcp.is_some() {
            len += 1;
        }
        if self.dns.is_some() {
            len += 1;
        }
        if !self.default_inbound.is_empty() {
            len += 1;
        }
        if !self.state.is_empty() {
            len += 1;
        }
        if self.reason.is_some() {
            len += 1;
        }
        if !self.vms.is_empty() {
            len += 1;
        }
        if self.rules != 0 {
            len += 1;
        }
        if self.forwards != 0 {
            len += 1;
        }
        if self.created_at.is_some() {
            len += 1;
        }
        if self.updated_at.is_some() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("hypervisor.v1.Network", len)?;
        if !self.name.is_empty() {
            struct_ser.serialize_field("name", &self.name)?;
        }
        if !self.uuid.is_empty() {
            struct_ser.serialize_field("uuid", &self.uuid)?;
        }
        if !self.mode.is_empty() {
            struct_ser.serialize_field("mode", &self.mode)?;
        }
        if !self.subnet.is_empty() {
            struct_ser.serialize_field("subnet", &self.subnet)?;
        }
        if !self.gateway.is_empty() {
            struct_ser.serialize_field("gateway", &self.gateway)?;
        }
        if !self.bridge.is_empty() {
            struct_ser.serialize_field("bridge", &self.bridge)?;
        }
        if self.mtu != 0 {
            struct_ser.serialize_field("mtu", &self.mtu)?;
        }
        if let Some(v) = self.dhcp.as_ref() {
            struct_ser.serialize_field("dhcp", v)?;
        }
        if let Some(v) = self.dns.as_ref() {
            struct_ser.serialize_field("dns", v)?;
        }
        if !self.default_inbound.is_empty() {
            struct_ser.serialize_field("default_inbound", &self.default_inbound)?;
        }
        if !self.state.is_empty() {
            struct_ser.serialize_field("state", &self.state)?;
        }
        if let Some(v) = self.reason.as_ref() {
            struct_ser.serialize_field("reason", v)?;
        }
        if !self.vms.is_empty() {
            struct_ser.serialize_field("vms", &self.vms)?;
        }
        if self.rules != 0 {
            struct_ser.serialize_field("rules", &self.rules)?;
        }
        if self.forwards != 0 {
            struct_ser.serialize_field("forwards", &self.forwards)?;
        }
        if let Some(v) = self.created_at.as_ref() {
            struct_ser.serialize_field("created_at", v)?;
        }
        if let Some(v) = self.updated_at.as_ref() {
            struct_ser.serialize_field("updated_at", v)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for Network {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "name",
            "uuid",
            "mode",
            "subnet",
            "gateway",
            "bridge",
            "mtu",
            "dhcp",
            "dns",
            "default_inbound",
            "defaultInbound",
            "state",
            "reason",
            "vms",
            "rules",
            "forwards",
            "created_at",
            "createdAt",
            "updated_at",
            "updatedAt",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Name,
            Uuid,
            Mode,
            Subnet,
            Gateway,
            Bridge,
            Mtu,
            Dhcp,
            Dns,
            DefaultInbound,
            State,
            Reason,
            Vms,
            Rules,
            Forwards,
            CreatedAt,
            UpdatedAt,
            __SkipField__,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "name" => Ok(GeneratedField::Name),
                            "uuid" => Ok(GeneratedField::Uuid),
                            "mode" => Ok(GeneratedField::Mode),
                            "subnet" => Ok(GeneratedField::Subnet),
                            "gateway" => Ok(GeneratedField::Gateway),
                            "bridge" => Ok(GeneratedField::Bridge),
                            "mtu" => Ok(GeneratedField::Mtu),
                            "dhcp" => Ok(GeneratedField::Dhcp),
                            "dns" => Ok(GeneratedField::Dns),
                            "defaultInbound" | "default_inbound" => Ok(GeneratedField::DefaultInbound),
                            "state" => Ok(GeneratedField::State),
                            "reason" => Ok(GeneratedField::Reason),
                            "vms" => Ok(GeneratedField::Vms),
                            "rules" => Ok(GeneratedField::Rules),
                            "forwards" => Ok(GeneratedField::Forwards),
                            "createdAt" | "created_at" => Ok(GeneratedField::CreatedAt),
                            "updatedAt" | "updated_at" => Ok(GeneratedField::UpdatedAt),
                            _ => Ok(GeneratedField::__SkipField__),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = Network;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct hypervisor.v1.Network")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<Network, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut name__ = None;
                let mut uuid__ = None;
                let mut mode__ = None;
                let mut subnet__ = None;
                let mut gateway__ = None;
                let mut bridge__ = None;
                let mut mtu__ = None;
                let mut dhcp__ = None;
                let mut dns__ = None;
                let mut default_inbound__ = None;
                let mut state__ = None;
                let mut reason__ = None;
                let mut vms__ = None;
                let mut rules__ = None;
                let mut forwards__ = None;
                let mut created_at__ = None;
                let mut updated_at__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Name => {
                            if name__.is_some() {
                                return Err(serde::de::Error::duplicate_field("name"));
                            }
                            name__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Uuid => {
                            if uuid__.is_some() {
                                return Err(serde::de::Error::duplicate_field("uuid"));
                            }
                            uuid__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Mode => {
                            if mode__.is_some() {
                                return Err(serde::de::Error::duplicate_field("mode"));
                            }
                            mode__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Subnet => {
                            if subnet__.is_some() {
                                return Err(serde::de::Error::duplicate_field("subnet"));
                            }
                            subnet__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Gateway => {
                            if gateway__.is_some() {
                                return Err(serde::de::Error::duplicate_field("gateway"));
                            }
                            gateway__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Bridge => {
                            if bridge__.is_some() {
                                return Err(serde::de::Error::duplicate_field("bridge"));
                            }
                            bridge__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Mtu => {
                            if mtu__.is_some() {
                                return Err(serde::de::Error::duplicate_field("mtu"));
                            }
                            mtu__ = 
                                Some(map_.next_value::<::pbjson::private::NumberDeserialize<_>>()?.0)
                            ;
                        }
                        GeneratedField::Dhcp => {
                            if dhcp__.is_some() {
                                return Err(serde::de::Error::duplicate_field("dhcp"));
                            }
                            dhcp__ = map_.next_value()?;
                        }
                        GeneratedField::Dns => {
                            if dns__.is_some() {
                                return Err(serde::de::Error::duplicate_field("dns"));
                            }
                            dns__ = map_.next_value()?;
                        }
                        GeneratedField::DefaultInbound => {
                            if default_inbound__.is_some() {
                                return Err(serde::de::Error::duplicate_field("defaultInbound"));
                            }
                            default_inbound__ = Some(map_.next_value()?);
                        }
                        GeneratedField::State => {
                            if state__.is_some() {
                                return Err(serde::de::Error::duplicate_field("state"));
                            }
                            state__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Reason => {
                            if reason__.is_some() {
                                return Err(serde::de::Error::duplicate_field("reason"));
                            }
                            reason__ = map_.next_value()?;
                        }
                        GeneratedField::Vms => {
                            if vms__.is_some() {
                                return Err(serde::de::Error::duplicate_field("vms"));
                            }
                            vms__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Rules => {
                            if rules__.is_some() {
                                return Err(serde::de::Error::duplicate_field("rules"));
                            }
                            rules__ = 
                                Some(map_.next_value::<::pbjson::private::NumberDeserialize<_>>()?.0)
                            ;
                        }
                        GeneratedField::Forwards => {
                            if forwards__.is_some() {
                                return Err(serde::de::Error::duplicate_field("forwards"));
                            }
                            forwards__ = 
                                Some(map_.next_value::<::pbjson::private::NumberDeserialize<_>>()?.0)
                            ;
                        }
                        GeneratedField::CreatedAt => {
                            if created_at__.is_some() {
                                return Err(serde::de::Error::duplicate_field("createdAt"));
                            }
                            created_at__ = map_.next_value()?;
                        }
                        GeneratedField::UpdatedAt => {
                            if updated_at__.is_some() {
                                return Err(serde::de::Error::duplicate_field("updatedAt"));
                            }
                            updated_at__ = map_.next_value()?;
                        }
                        GeneratedField::__SkipField__ => {
                            let _ = map_.next_value::<serde::de::IgnoredAny>()?;
                        }
                    }
                }
                Ok(Network {
                    name: name__.unwrap_or_default(),
                    uuid: uuid__.unwrap_or_default(),
                    mode: mode__.unwrap_or_default(),
                    subnet: subnet__.unwrap_or_default(),
                    gateway: gateway__.unwrap_or_default(),
                    bridge: bridge__.unwrap_or_default(),
                    mtu: mtu__.unwrap_or_default(),
                    dhcp: dhcp__,
                    dns: dns__,
                    default_inbound: default_inbound__.unwrap_or_default(),
                    state: state__.unwrap_or_default(),
                    reason: reason__,
                    vms: vms__.unwrap_or_default(),
                    rules: rules__.unwrap_or_default(),
                    forwards: forwards__.unwrap_or_default(),
                    created_at: created_at__,
                    updated_at: updated_at__,
                })
            }
        }
        deserializer.deserialize_struct("hypervisor.v1.Network", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for NetworkDevice {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.r#type.is_empty() {
            len += 1;
        }
        if !self.network.is_empty() {
            len += 1;
        }
        if self.mac.is_some() {
            len += 1;
        }
        if self.ip.is_some() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("hypervisor.v1.NetworkDevice", len)?;
        if !self.r#type.is_empty() {
            struct_ser.serialize_field("type", &self.r#type)?;
        }
        if !self.network.is_empty() {
            struct_ser.serialize_field("network", &self.network)?;
        }
        if let Some(v) = self.mac.as_ref() {
            struct_ser.serialize_field("mac", v)?;
        }
        if let Some(v) = self.ip.as_ref() {
            struct_ser.serialize_field("ip", v)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for NetworkDevice {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "type",
            "network",
            "mac",
            "ip",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Type,
            Network,
            Mac,
            Ip,
            __SkipField__,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "type" => Ok(GeneratedField::Type),
                            "network" => Ok(GeneratedField::Network),
                            "mac" => Ok(GeneratedField::Mac),
                            "ip" => Ok(GeneratedField::Ip),
                            _ => Ok(GeneratedField::__SkipField__),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = NetworkDevice;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct hypervisor.v1.NetworkDevice")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<NetworkDevice, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut r#type__ = None;
                let mut network__ = None;
                let mut mac__ = None;
                let mut ip__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Type => {
                            if r#type__.is_some() {
                                return Err(serde::de::Error::duplicate_field("type"));
                            }
                            r#type__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Network => {
                            if network__.is_some() {
                                return Err(serde::de::Error::duplicate_field("network"));
                            }
                            network__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Mac => {
                            if mac__.is_some() {
                                return Err(serde::de::Error::duplicate_field("mac"));
                            }
                            mac__ = map_.next_value()?;
                        }
                        GeneratedField::Ip => {
                            if ip__.is_some() {
                                return Err(serde::de::Error::duplicate_field("ip"));
                            }
                            ip__ = map_.next_value()?;
                        }
                        GeneratedField::__SkipField__ => {
                            let _ = map_.next_value::<serde::de::IgnoredAny>()?;
                        }
                    }
                }
                Ok(NetworkDevice {
                    r#type: r#type__.unwrap_or_default(),
                    network: network__.unwrap_or_default(),
                    mac: mac__,
                    ip: ip__,
                })
            }
        }
        deserializer.deserialize_struct("hypervisor.v1.NetworkDevice", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for NetworkDhcp {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if self.enabled.is_some() {
            len += 1;
        }
        if self.range_start.is_some() {
            len += 1;
        }
        if self.range_end.is_some() {
            len += 1;
        }
        if self.lease_time.is_some() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("hypervisor.v1.NetworkDhcp", len)?;
        if let Some(v) = self.enabled.as_ref() {
            struct_ser.serialize_field("enabled", v)?;
        }
        if let Some(v) = self.range_start.as_ref() {
            struct_ser.serialize_field("range_start", v)?;
        }
        if let Some(v) = self.range_end.as_ref() {
            struct_ser.serialize_field("range_end", v)?;
        }
        if let Some(v) = self.lease_time.as_ref() {
            struct_ser.serialize_field("lease_time", v)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for NetworkDhcp {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "enabled",
            "range_start",
            "rangeStart",
            "range_end",
            "rangeEnd",
            "lease_time",
            "leaseTime",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Enabled,
            RangeStart,
            RangeEnd,
            LeaseTime,
            __SkipField__,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "enabled" => Ok(GeneratedField::Enabled),
                            "rangeStart" | "range_start" => Ok(GeneratedField::RangeStart),
                            "rangeEnd" | "range_end" => Ok(GeneratedField::RangeEnd),
                            "leaseTime" | "lease_time" => Ok(GeneratedField::LeaseTime),
                            _ => Ok(GeneratedField::__SkipField__),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = NetworkDhcp;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct hypervisor.v1.NetworkDhcp")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<NetworkDhcp, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut enabled__ = None;
                let mut range_start__ = None;
                let mut range_end__ = None;
                let mut lease_time__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Enabled => {
                            if enabled__.is_some() {
                                return Err(serde::de::Error::duplicate_field("enabled"));
                            }
                            enabled__ = map_.next_value()?;
                        }
                        GeneratedField::RangeStart => {
                            if range_start__.is_some() {
                                return Err(serde::de::Error::duplicate_field("rangeStart"));
                            }
                            range_start__ = map_.next_value()?;
                        }
                        GeneratedField::RangeEnd => {
                            if range_end__.is_some() {
                                return Err(serde::de::Error::duplicate_field("rangeEnd"));
                            }
                            range_end__ = map_.next_value()?;
                        }
                        GeneratedField::LeaseTime => {
                            if lease_time__.is_some() {
                                return Err(serde::de::Error::duplicate_field("leaseTime"));
                            }
                            lease_time__ = 
                                map_.next_value::<::std::option::Option<::pbjson::private::NumberDeserialize<_>>>()?.map(|x| x.0)
                            ;
                        }
                        GeneratedField::__SkipField__ => {
                            let _ = map_.next_value::<serde::de::IgnoredAny>()?;
                        }
                    }
                }
                Ok(NetworkDhcp {
                    enabled: enabled__,
                    range_start: range_start__,
                    range_end: range_end__,
                    lease_time: lease_time__,
                })
            }
        }
        deserializer.deserialize_struct("hypervisor.v1.NetworkDhcp", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for NetworkDns {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if self.domain.is_some() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("hypervisor.v1.NetworkDns", len)?;
        if let Some(v) = self.domain.as_ref() {
            struct_ser.serialize_field("domain", v)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for NetworkDns {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "domain",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Domain,
            __SkipField__,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "domain" => Ok(GeneratedField::Domain),
                            _ => Ok(GeneratedField::__SkipField__),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = NetworkDns;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct hypervisor.v1.NetworkDns")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<NetworkDns, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut domain__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Domain => {
                            if domain__.is_some() {
                                return Err(serde::de::Error::duplicate_field("domain"));
                            }
                            domain__ = map_.next_value()?;
                        }
                        GeneratedField::__SkipField__ => {
                            let _ = map_.next_value::<serde::de::IgnoredAny>()?;
                        }
                    }
                }
                Ok(NetworkDns {
                    domain: domain__,
                })
            }
        }
        deserializer.deserialize_struct("hypervisor.v1.NetworkDns", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for NetworkRule {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.id.is_empty() {
            len += 1;
        }
        if !self.network.is_empty() {
            len += 1;
        }
        if self.position != 0 {
            len += 1;
        }
        if !self.direction.is_empty() {
            len += 1;
        }
        if !self.action.is_empty() {
            len += 1;
        }
        if !self.protocol.is_empty() {
            len += 1;
        }
        if self.ports.is_some() {
            len += 1;
        }
        if self.source.is_some() {
            len += 1;
        }
        if self.destination.is_some() {
            len += 1;
        }
        if self.vm.is_some() {
            len += 1;
        }
        if self.comment.is_some() {
            len += 1;
        }
        if self.packets != 0 {
            len += 1;
        }
        if self.bytes != 0 {
            len += 1;
        }
        if self.created_at.is_some() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("hypervisor.v1.NetworkRule", len)?;
        if !self.id.is_empty() {
            struct_ser.serialize_field("id", &self.id)?;
        }
        if !self.network.is_empty() {
            struct_ser.serialize_field("network", &self.network)?;
        }
        if self.position != 0 {
            struct_ser.serialize_field("position", &self.position)?;
        }
        if !self.direction.is_empty() {
            struct_ser.serialize_field("direction", &self.direction)?;
        }
        if !self.action.is_empty() {
            struct_ser.serialize_field("action", &self.action)?;
        }
        if !self.protocol.is_empty() {
            struct_ser.serialize_field("protocol", &self.protocol)?;
        }
        if let Some(v) = self.ports.as_ref() {
            struct_ser.serialize_field("ports", v)?;
        }
        if let Some(v) = self.source.as_ref() {
            struct_ser.serialize_field("source", v)?;
        }
        if let Some(v) = self.destination.as_ref() {
            struct_ser.serialize_field("destination", v)?;
        }
        if let Some(v) = self.vm.as_ref() {
            struct_ser.serialize_field("vm", v)?;
        }
        if let Some(v) = self.comment.as_ref() {
            struct_ser.serialize_field("comment", v)?;
        }
        if self.packets != 0 {
            #[allow(clippy::needless_borrow)]
            #[allow(clippy::needless_borrows_for_generic_args)]
            struct_ser.serialize_field("packets", ToString::to_string(&self.packets).as_str())?;
        }
        if self.bytes != 0 {
            #[allow(clippy::needless_borrow)]
            #[allow(clippy::needless_borrows_for_generic_args)]
            struct_ser.serialize_field("bytes", ToString::to_string(&self.bytes).as_str())?;
        }
        if let Some(v) = self.created_at.as_ref() {
            struct_ser.serialize_field("created_at", v)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for NetworkRule {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "id",
            "network",
            "position",
            "direction",
            "action",
            "protocol",
            "ports",
            "source",
            "destination",
            "vm",
            "comment",
            "packets",
            "bytes",
            "created_at",
            "createdAt",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Id,
            Network,
            Position,
            Direction,
            Action,
            Protocol,
            Ports,
            Source,
            Destination,
            Vm,
            Comment,
            Packets,
            Bytes,
            CreatedAt,
            __SkipField__,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "id" => Ok(GeneratedField::Id),
                            "network" => Ok(GeneratedField::Network),
                            "position" => Ok(GeneratedField::Position),
                            "direction" => Ok(GeneratedField::Direction),
                            "action" => Ok(GeneratedField::Action),
                            "protocol" => Ok(GeneratedField::Protocol),
                            "ports" => Ok(GeneratedField::Ports),
                            "source" => Ok(GeneratedField::Source),
                            "destination" => Ok(GeneratedField::Destination),
                            "vm" => Ok(GeneratedField::Vm),
                            "comment" => Ok(GeneratedField::Comment),
                            "packets" => Ok(GeneratedField::Packets),
                            "bytes" => Ok(GeneratedField::Bytes),
                            "createdAt" | "created_at" => Ok(GeneratedField::CreatedAt),
                            _ => Ok(GeneratedField::__SkipField__),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = NetworkRule;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct hypervisor.v1.NetworkRule")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<NetworkRule, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut id__ = None;
                let mut network__ = None;
                let mut position__ = None;
                let mut direction__ = None;
                let mut action__ = None;
                let mut protocol__ = None;
                let mut ports__ = None;
                let mut source__ = None;
                let mut destination__ = None;
                let mut vm__ = None;
                let mut comment__ = None;
                let mut packets__ = None;
                let mut bytes__ = None;
                let mut created_at__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Id => {
                            if id__.is_some() {
                                return Err(serde::de::Error::duplicate_field("id"));
                            }
                            id__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Network => {
                            if network__.is_some() {
                                return Err(serde::de::Error::duplicate_field("network"));
                            }
                            network__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Position => {
                            if position__.is_some() {
                                return Err(serde::de::Error::duplicate_field("position"));
                            }
                            position__ = 
                                Some(map_.next_value::<::pbjson::private::NumberDeserialize<_>>()?.0)
                            ;
                        }
                        GeneratedField::Direction => {
                            if direction__.is_some() {
                                return Err(serde::de::Error::duplicate_field("direction"));
                            }
                            direction__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Action => {
                            if action__.is_some() {
                                return Err(serde::de::Error::duplicate_field("action"));
                            }
                            action__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Protocol => {
                            if protocol__.is_some() {
                                return Err(serde::de::Error::duplicate_field("protocol"));
                            }
                            protocol__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Ports => {
                            if ports__.is_some() {
                                return Err(serde::de::Error::duplicate_field("ports"));
                            }
                            ports__ = map_.next_value()?;
                        }
                        GeneratedField::Source => {
                            if source__.is_some() {
                                return Err(serde::de::Error::duplicate_field("source"));
                            }
                            source__ = map_.next_value()?;
                        }
                        GeneratedField::Destination => {
                            if destination__.is_some() {
                                return Err(serde::de::Error::duplicate_field("destination"));
                            }
                            destination__ = map_.next_value()?;
                        }
                        GeneratedField::Vm => {
                            if vm__.is_some() {
                                return Err(serde::de::Error::duplicate_field("vm"));
                            }
                            vm__ = map_.next_value()?;
                        }
                        GeneratedField::Comment => {
                            if comment__.is_some() {
                                return Err(serde::de::Error::duplicate_field("comment"));
                            }
                            comment__ = map_.next_value()?;
                        }
                        GeneratedField::Packets => {
                            if packets__.is_some() {
                                return Err(serde::de::Error::duplicate_field("packets"));
                            }
                            packets__ = 
                                Some(map_.next_value::<::pbjson::private::NumberDeserialize<_>>()?.0)
                            ;
                        }
                        GeneratedField::Bytes => {
                            if bytes__.is_some() {
                                return Err(serde::de::Error::duplicate_field("bytes"));
                            }
                            bytes__ = 
                                Some(map_.next_value::<::pbjson::private::NumberDeserialize<_>>()?.0)
                            ;
                        }
                        GeneratedField::CreatedAt => {
                            if created_at__.is_some() {
                                return Err(serde::de::Error::duplicate_field("createdAt"));
                            }
                            created_at__ = map_.next_value()?;
                        }
                        GeneratedField::__SkipField__ => {
                            let _ = map_.next_value::<serde::de::IgnoredAny>()?;
                        }
                    }
                }
                Ok(NetworkRule {
                    id: id__.unwrap_or_default(),
                    network: network__.unwrap_or_default(),
                    position: position__.unwrap_or_default(),
                    direction: direction__.unwrap_or_default(),
                    action: action__.unwrap_or_default(),
                    protocol: protocol__.unwrap_or_default(),
                    ports: ports__,
                    source: source__,
                    destination: destination__,
                    vm: vm__,
                    comment: comment__,
                    packets: packets__.unwrap_or_default(),
                    bytes: bytes__.unwrap_or_default(),
                    created_at: created_at__,
                })
            }
        }
        deserializer.deserialize_struct("hypervisor.v1.NetworkRule", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for NetworkTunnel {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.network.is_empty() {
            len += 1;
        }
        if !self.state.is_empty() {
            len += 1;
        }
        if self.reason.is_some() {
            len += 1;
        }
        if self.interface.is_some() {
            len += 1;
        }
        if self.listen_port.is_some() {
            len += 1;
        }
        if self.public_key.is_some() {
            len += 1;
        }
        if !self.remote_subnets.is_empty() {
            len += 1;
        }
        if self.peer.is_some() {
            len += 1;
        }
        if self.role.is_some() {
            len += 1;
        }
        if !self.algorithms.is_empty() {
            len += 1;
        }
        if self.epoch != 0 {
            len += 1;
        }
        if self.rekey_seconds.is_some() {
            len += 1;
        }
        if self.key_lifetime_seconds.is_some() {
            len += 1;
        }
        if self.last_rekey_at.is_some() {
            len += 1;
        }
        if self.next_rekey_at.is_some() {
            len += 1;
        }
        if self.last_handshake_at.is_some() {
            len += 1;
        }
        if self.rx_bytes != 0 {
            len += 1;
        }
        if self.tx_bytes != 0 {
            len += 1;
        }
        if self.failed_exchanges != 0 {
            len += 1;
        }
        if self.last_error.is_some() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("hypervisor.v1.NetworkTunnel", len)?;
        if !self.network.is_empty() {
            struct_ser.serialize_field("network", &self.network)?;
        }
        if !self.state.is_empty() {
            struct_ser.serialize_field("state", &self.state)?;
        }
        if let Some(v) = self.reason.as_ref() {
            struct_ser.serialize_field("reason", v)?;
        }
        if let Some(v) = self.interface.as_ref() {
            struct_ser.serialize_field("interface", v)?;
        }
        if let Some(v) = self.listen_port.as_ref() {
            struct_ser.serialize_field("listen_port", v)?;
        }
        if let Some(v) = self.public_key.as_ref() {
            struct_ser.serialize_field("public_key", v)?;
        }
        if !self.remote_subnets.is_empty() {
            struct_ser.serialize_field("remote_subnets", &self.remote_subnets)?;
        }
        if let Some(v) = self.peer.as_ref() {
            struct_ser.serialize_field("peer", v)?;
        }
        if let Some(v) = self.role.as_ref() {
            struct_ser.serialize_field("role", v)?;
        }
        if !self.algorithms.is_empty() {
            struct_ser.serialize_field("algorithms", &self.algorithms)?;
        }
        if self.epoch != 0 {
            #[allow(clippy::needless_borrow)]
            #[allow(clippy::needless_borrows_for_generic_args)]
            struct_ser.serialize_field("epoch", ToString::to_string(&self.epoch).as_str())?;
        }
        if let Some(v) = self.rekey_seconds.as_ref() {
            struct_ser.serialize_field("rekey_seconds", v)?;
        }
        if let Some(v) = self.key_lifetime_seconds.as_ref() {
            struct_ser.serialize_field("key_lifetime_seconds", v)?;
        }
        if let Some(v) = self.last_rekey_at.as_ref() {
            struct_ser.serialize_field("last_rekey_at", v)?;
        }
        if let Some(v) = self.next_rekey_at.as_ref() {
            struct_ser.serialize_field("next_rekey_at", v)?;
        }
        if let Some(v) = self.last_handshake_at.as_ref() {
            struct_ser.serialize_field("last_handshake_at", v)?;
        }
        if self.rx_bytes != 0 {
            #[allow(clippy::needless_borrow)]
            #[allow(clippy::needless_borrows_for_generic_args)]
            struct_ser.serialize_field("rx_bytes", ToString::to_string(&self.rx_bytes).as_str())?;
        }
        if self.tx_bytes != 0 {
            #[allow(clippy::needless_borrow)]
            #[allow(clippy::needless_borrows_for_generic_args)]
            struct_ser.serialize_field("tx_bytes", ToString::to_string(&self.tx_bytes).as_str())?;
        }
        if self.failed_exchanges != 0 {
            #[allow(clippy::needless_borrow)]
            #[allow(clippy::needless_borrows_for_generic_args)]
            struct_ser.serialize_field("failed_exchanges", ToString::to_string(&self.failed_exchanges).as_str())?;
        }
        if let Some(v) = self.last_error.as_ref() {
            struct_ser.serialize_field("last_error", v)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for NetworkTunnel {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "network",
            "state",
            "reason",
            "interface",
            "listen_port",
            "listenPort",
            "public_key",
            "publicKey",
            "remote_subnets",
            "remoteSubnets",
            "peer",
            "role",
            "algorithms",
            "epoch",
            "rekey_seconds",
            "rekeySeconds",
            "key_lifetime_seconds",
            "keyLifetimeSeconds",
            "last_rekey_at",
            "lastRekeyAt",
            "next_rekey_at",
            "nextRekeyAt",
            "last_handshake_at",
            "lastHandshakeAt",
            "rx_bytes",
            "rxBytes",
            "tx_bytes",
            "txBytes",
            "failed_exchanges",
            "failedExchanges",
            "last_error",
            "lastError",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Network,
            State,
            Reason,
            Interface,
            ListenPort,
            PublicKey,
            RemoteSubnets,
            Peer,
            Role,
            Algorithms,
            Epoch,
            RekeySeconds,
            KeyLifetimeSeconds,
            LastRekeyAt,
            NextRekeyAt,
            LastHandshakeAt,
            RxBytes,
            TxBytes,
            FailedExchanges,
            LastError,
            __SkipField__,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "network" => Ok(GeneratedField::Network),
                            "state" => Ok(GeneratedField::State),
                            "reason" => Ok(GeneratedField::Reason),
                            "interface" => Ok(GeneratedField::Interface),
                            "listenPort" | "listen_port" => Ok(GeneratedField::ListenPort),
                            "publicKey" | "public_key" => Ok(GeneratedField::PublicKey),
                            "remoteSubnets" | "remote_subnets" => Ok(GeneratedField::RemoteSubnets),
                            "peer" => Ok(GeneratedField::Peer),
                            "role" => Ok(GeneratedField::Role),
                            "algorithms" => Ok(GeneratedField::Algorithms),
                            "epoch" => Ok(GeneratedField::Epoch),
                            "rekeySeconds" | "rekey_seconds" => Ok(GeneratedField::RekeySeconds),
                            "keyLifetimeSeconds" | "key_lifetime_seconds" => Ok(GeneratedField::KeyLifetimeSeconds),
                            "lastRekeyAt" | "last_rekey_at" => Ok(GeneratedField::LastRekeyAt),
                            "nextRekeyAt" | "next_rekey_at" => Ok(GeneratedField::NextRekeyAt),
                            "lastHandshakeAt" | "last_handshake_at" => Ok(GeneratedField::LastHandshakeAt),
                            "rxBytes" | "rx_bytes" => Ok(GeneratedField::RxBytes),
                            "txBytes" | "tx_bytes" => Ok(GeneratedField::TxBytes),
                            "failedExchanges" | "failed_exchanges" => Ok(GeneratedField::FailedExchanges),
                            "lastError" | "last_error" => Ok(GeneratedField::LastError),
                            _ => Ok(GeneratedField::__SkipField__),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = NetworkTunnel;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct hypervisor.v1.NetworkTunnel")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<NetworkTunnel, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut network__ = None;
                let mut state__ = None;
                let mut reason__ = None;
                let mut interface__ = None;
                let mut listen_port__ = None;
                let mut public_key__ = None;
                let mut remote_subnets__ = None;
                let mut peer__ = None;
                let mut role__ = None;
                let mut algorithms__ = None;
                let mut epoch__ = None;
                let mut rekey_seconds__ = None;
                let mut key_lifetime_seconds__ = None;
                let mut last_rekey_at__ = None;
                let mut next_rekey_at__ = None;
                let mut last_handshake_at__ = None;
                let mut rx_bytes__ = None;
                let mut tx_bytes__ = None;
                let mut failed_exchanges__ = None;
                let mut last_error__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Network => {
                            if network__.is_some() {
                                return Err(serde::de::Error::duplicate_field("network"));
                            }
                            network__ = Some(map_.next_value()?);
                        }
                        GeneratedField::State => {
                            if state__.is_some() {
                                return Err(serde::de::Error::duplicate_field("state"));
                            }
                            state__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Reason => {
                            if reason__.is_some() {
                                return Err(serde::de::Error::duplicate_field("reason"));
                            }
                            reason__ = map_.next_value()?;
                        }
                        GeneratedField::Interface => {
                            if interface__.is_some() {
                                return Err(serde::de::Error::duplicate_field("interface"));
                            }
                            interface__ = map_.next_value()?;
                        }
                        GeneratedField::ListenPort => {
                            if listen_port__.is_some() {
                                return Err(serde::de::Error::duplicate_field("listenPort"));
                            }
                            listen_port__ = 
                                map_.next_value::<::std::option::Option<::pbjson::private::NumberDeserialize<_>>>()?.map(|x| x.0)
                            ;
                        }
                        GeneratedField::PublicKey => {
                            if public_key__.is_some() {
                                return Err(serde::de::Error::duplicate_field("publicKey"));
                            }
                            public_key__ = map_.next_value()?;
                        }
                        GeneratedField::RemoteSubnets => {
                            if remote_subnets__.is_some() {
                                return Err(serde::de::Error::duplicate_field("remoteSubnets"));
                            }
                            remote_subnets__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Peer => {
                            if peer__.is_some() {
                                return Err(serde::de::Error::duplicate_field("peer"));
                            }
                            peer__ = map_.next_value()?;
                        }
                        GeneratedField::Role => {
                            if role__.is_some() {
                                return Err(serde::de::Error::duplicate_field("role"));
                            }
                            role__ = map_.next_value()?;
                        }
                        GeneratedField::Algorithms => {
                            if algorithms__.is_some() {
                                return Err(serde::de::Error::duplicate_field("algorithms"));
                            }
                            algorithms__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Epoch => {
                            if epoch__.is_some() {
                                return Err(serde::de::Error::duplicate_field("epoch"));
                            }
                            epoch__ = 
                                Some(map_.next_value::<::pbjson::private::NumberDeserialize<_>>()?.0)
                            ;
                        }
                        GeneratedField::RekeySeconds => {
                            if rekey_seconds__.is_some() {
                                return Err(serde::de::Error::duplicate_field("rekeySeconds"));
                            }
                            rekey_seconds__ = 
                                map_.next_value::<::std::option::Option<::pbjson::private::NumberDeserialize<_>>>()?.map(|x| x.0)
                            ;
                        }
                        GeneratedField::KeyLifetimeSeconds => {
                            if key_lifetime_seconds__.is_some() {
                                return Err(serde::de::Error::duplicate_field("keyLifetimeSeconds"));
                            }
                            key_lifetime_seconds__ = 
                                map_.next_value::<::std::option::Option<::pbjson::private::NumberDeserialize<_>>>()?.map(|x| x.0)
                            ;
                        }
                        GeneratedField::LastRekeyAt => {
                            if last_rekey_at__.is_some() {
                                return Err(serde::de::Error::duplicate_field("lastRekeyAt"));
                            }
                            last_rekey_at__ = map_.next_value()?;
                        }
                        GeneratedField::NextRekeyAt => {
                            if next_rekey_at__.is_some() {
                                return Err(serde::de::Error::duplicate_field("nextRekeyAt"));
                            }
                            next_rekey_at__ = map_.next_value()?;
                        }
                        GeneratedField::LastHandshakeAt => {
                            if last_handshake_at__.is_some() {
                                return Err(serde::de::Error::duplicate_field("lastHandshakeAt"));
                            }
                            last_handshake_at__ = map_.next_value()?;
                        }
                        GeneratedField::RxBytes => {
                            if rx_bytes__.is_some() {
                                return Err(serde::de::Error::duplicate_field("rxBytes"));
                            }
                            rx_bytes__ = 
                                Some(map_.next_value::<::pbjson::private::NumberDeserialize<_>>()?.0)
                            ;
                        }
                        GeneratedField::TxBytes => {
                            if tx_bytes__.is_some() {
                                return Err(serde::de::Error::duplicate_field("txBytes"));
                            }
                            tx_bytes__ = 
                                Some(map_.next_value::<::pbjson::private::NumberDeserialize<_>>()?.0)
                            ;
                        }
                        GeneratedField::FailedExchanges => {
                            if failed_exchanges__.is_some() {
                                return Err(serde::de::Error::duplicate_field("failedExchanges"));
                            }
                            failed_exchanges__ = 
                                Some(map_.next_value::<::pbjson::private::NumberDeserialize<_>>()?.0)
                            ;
                        }
                        GeneratedField::LastError => {
                            if last_error__.is_some() {
                                return Err(serde::de::Error::duplicate_field("lastError"));
                            }
                            last_error__ = map_.next_value()?;
                        }
                        GeneratedField::__SkipField__ => {
                            let _ = map_.next_value::<serde::de::IgnoredAny>()?;
                        }
                    }
                }
                Ok(NetworkTunnel {
                    network: network__.unwrap_or_default(),
                    state: state__.unwrap_or_default(),
                    reason: reason__,
                    interface: interface__,
                    listen_port: listen_port__,
                    public_key: public_key__,
                    remote_subnets: remote_subnets__.unwrap_or_default(),
                    peer: peer__,
                    role: role__,
                    algorithms: algorithms__.unwrap_or_default(),
                    epoch: epoch__.unwrap_or_default(),
                    rekey_seconds: rekey_seconds__,
                    key_lifetime_seconds: key_lifetime_seconds__,
                    last_rekey_at: last_rekey_at__,
                    next_rekey_at: next_rekey_at__,
                    last_handshake_at: last_handshake_at__,
                    rx_bytes: rx_bytes__.unwrap_or_default(),
                    tx_bytes: tx_bytes__.unwrap_or_default(),
                    failed_exchanges: failed_exchanges__.unwrap_or_default(),
                    last_error: last_error__,
                })
            }
        }
        deserializer.deserialize_struct("hypervisor.v1.NetworkTunnel", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for Operation {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.id.is_empty() {
            len += 1;
        }
        if !self.kind.is_empty() {
            len += 1;
        }
        if !self.resource.is_empty() {
            len += 1;
        }
        if !self.status.is_empty() {
            len += 1;
        }
        if self.progress != 0. {
            len += 1;
        }
        if self.result.is_some() {
            len += 1;
        }
        if self.error.is_some() {
            len += 1;
        }
        if self.created_at.is_some() {
            len += 1;
        }
        if self.updated_at.is_some() {
            len += 1;
        }
        if self.finished_at.is_some() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("hypervisor.v1.Operation", len)?;
        if !self.id.is_empty() {
            struct_ser.serialize_field("id", &self.id)?;
        }
        if !self.kind.is_empty() {
            struct_ser.serialize_field("kind", &self.kind)?;
        }
        if !self.resource.is_empty() {
            struct_ser.serialize_field("resource", &self.resource)?;
        }
        if !self.status.is_empty() {
            struct_ser.serialize_field("status", &self.status)?;
        }
        if self.progress != 0. {
            struct_ser.serialize_field("progress", &self.progress)?;
        }
        if let Some(v) = self.result.as_ref() {
            struct_ser.serialize_field("result", v)?;
        }
        if let Some(v) = self.error.as_ref() {
            struct_ser.serialize_field("error", v)?;
        }
        if let Some(v) = self.created_at.as_ref() {
            struct_ser.serialize_field("created_at", v)?;
        }
        if let Some(v) = self.updated_at.as_ref() {
            struct_ser.serialize_field("updated_at", v)?;
        }
        if let Some(v) = self.finished_at.as_ref() {
            struct_ser.serialize_field("finished_at", v)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for Operation {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "id",
            "kind",
            "resource",
            "status",
            "progress",
            "result",
            "error",
            "created_at",
            "createdAt",
            "updated_at",
            "updatedAt",
            "finished_at",
            "finishedAt",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Id,
            Kind,
            Resource,
            Status,
            Progress,
            Result,
            Error,
            CreatedAt,
            UpdatedAt,
            FinishedAt,
            __SkipField__,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "id" => Ok(GeneratedField::Id),
                            "kind" => Ok(GeneratedField::Kind),
                            "resource" => Ok(GeneratedField::Resource),
                            "status" => Ok(GeneratedField::Status),
                            "progress" => Ok(GeneratedField::Progress),
                            "result" => Ok(GeneratedField::Result),
                            "error" => Ok(GeneratedField::Error),
                            "createdAt" | "created_at" => Ok(GeneratedField::CreatedAt),
                            "updatedAt" | "updated_at" => Ok(GeneratedField::UpdatedAt),
                            "finishedAt" | "finished_at" => Ok(GeneratedField::FinishedAt),
                            _ => Ok(GeneratedField::__SkipField__),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = Operation;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct hypervisor.v1.Operation")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<Operation, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut id__ = None;
                let mut kind__ = None;
                let mut resource__ = None;
                let mut status__ = None;
                let mut progress__ = None;
                let mut result__ = None;
                let mut error__ = None;
                let mut created_at__ = None;
                let mut updated_at__ = None;
                let mut finished_at__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Id => {
                            if id__.is_some() {
                                return Err(serde::de::Error::duplicate_field("id"));
                            }
                            id__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Kind => {
                            if kind__.is_some() {
                                return Err(serde::de::Error::duplicate_field("kind"));
                            }
                            kind__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Resource => {
                            if resource__.is_some() {
                                return Err(serde::de::Error::duplicate_field("resource"));
                            }
                            resource__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Status => {
                            if status__.is_some() {
                                return Err(serde::de::Error::duplicate_field("status"));
                            }
                            status__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Progress => {
                            if progress__.is_some() {
                                return Err(serde::de::Error::duplicate_field("progress"));
                            }
                            progress__ = 
                                Some(map_.next_value::<::pbjson::private::NumberDeserialize<_>>()?.0)
                            ;
                        }
                        GeneratedField::Result => {
                            if result__.is_some() {
                                return Err(serde::de::Error::duplicate_field("result"));
                            }
                            result__ = map_.next_value()?;
                        }
                        GeneratedField::Error => {
                            if error__.is_some() {
                                return Err(serde::de::Error::duplicate_field("error"));
                            }
                            error__ = map_.next_value()?;
                        }
                        GeneratedField::CreatedAt => {
                            if created_at__.is_some() {
                                return Err(serde::de::Error::duplicate_field("createdAt"));
                            }
                            created_at__ = map_.next_value()?;
                        }
                        GeneratedField::UpdatedAt => {
                            if updated_at__.is_some() {
                                return Err(serde::de::Error::duplicate_field("updatedAt"));
                            }
                            updated_at__ = map_.next_value()?;
                        }
                        GeneratedField::FinishedAt => {
                            if finished_at__.is_some() {
                                return Err(serde::de::Error::duplicate_field("finishedAt"));
                            }
                            finished_at__ = map_.next_value()?;
                        }
                        GeneratedField::__SkipField__ => {
                            let _ = map_.next_value::<serde::de::IgnoredAny>()?;
                        }
                    }
                }
                Ok(Operation {
                    id: id__.unwrap_or_default(),
                    kind: kind__.unwrap_or_default(),
                    resource: resource__.unwrap_or_default(),
                    status: status__.unwrap_or_default(),
                    progress: progress__.unwrap_or_default(),
                    result: result__,
                    error: error__,
                    created_at: created_at__,
                    updated_at: updated_at__,
                    finished_at: finished_at__,
                })
            }
        }
        deserializer.deserialize_struct("hypervisor.v1.Operation", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for OperationError {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.code.is_empty() {
            len += 1;
        }
        if !self.message.is_empty() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("hypervisor.v1.OperationError", len)?;
        if !self.code.is_empty() {
            struct_ser.serialize_field("code", &self.code)?;
        }
        if !self.message.is_empty() {
            struct_ser.serialize_field("message", &self.message)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for OperationError {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "code",
            "message",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Code,
            Message,
            __SkipField__,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "code" => Ok(GeneratedField::Code),
                            "message" => Ok(GeneratedField::Message),
                            _ => Ok(GeneratedField::__SkipField__),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = OperationError;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct hypervisor.v1.OperationError")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<OperationError, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut code__ = None;
                let mut message__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Code => {
                            if code__.is_some() {
                                return Err(serde::de::Error::duplicate_field("code"));
                            }
                            code__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Message => {
                            if message__.is_some() {
                                return Err(serde::de::Error::duplicate_field("message"));
                            }
                            message__ = Some(map_.next_value()?);
                        }
                        GeneratedField::__SkipField__ => {
                            let _ = map_.next_value::<serde::de::IgnoredAny>()?;
                        }
                    }
                }
                Ok(OperationError {
                    code: code__.unwrap_or_default(),
                    message: message__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("hypervisor.v1.OperationError", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for PoolFilesystem {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if self.total_bytes != 0 {
            len += 1;
        }
        if self.used_bytes != 0 {
            len += 1;
        }
        if self.free_bytes != 0 {
            len += 1;
        }
        if !self.free.is_empty() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("hypervisor.v1.PoolFilesystem", len)?;
        if self.total_bytes != 0 {
            #[allow(clippy::needless_borrow)]
            #[allow(clippy::needless_borrows_for_generic_args)]
            struct_ser.serialize_field("total_bytes", ToString::to_string(&self.total_bytes).as_str())?;
        }
        if self.used_bytes != 0 {
            #[allow(clippy::needless_borrow)]
            #[allow(clippy::needless_borrows_for_generic_args)]
            struct_ser.serialize_field("used_bytes", ToString::to_string(&self.used_bytes).as_str())?;
        }
        if self.free_bytes != 0 {
            #[allow(clippy::needless_borrow)]
            #[allow(clippy::needless_borrows_for_generic_args)]
            struct_ser.serialize_field("free_bytes", ToString::to_string(&self.free_bytes).as_str())?;
        }
        if !self.free.is_empty() {
            struct_ser.serialize_field("free", &self.free)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for PoolFilesystem {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "total_bytes",
            "totalBytes",
            "used_bytes",
            "usedBytes",
            "free_bytes",
            "freeBytes",
            "free",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            TotalBytes,
            UsedBytes,
            FreeBytes,
            Free,
            __SkipField__,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "totalBytes" | "total_bytes" => Ok(GeneratedField::TotalBytes),
                            "usedBytes" | "used_bytes" => Ok(GeneratedField::UsedBytes),
                            "freeBytes" | "free_bytes" => Ok(GeneratedField::FreeBytes),
                            "free" => Ok(GeneratedField::Free),
                            _ => Ok(GeneratedField::__SkipField__),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = PoolFilesystem;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct hypervisor.v1.PoolFilesystem")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<PoolFilesystem, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut total_bytes__ = None;
                let mut used_bytes__ = None;
                let mut free_bytes__ = None;
                let mut free__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::TotalBytes => {
                            if total_bytes__.is_some() {
                                return Err(serde::de::Error::duplicate_field("totalBytes"));
                            }
                            total_bytes__ = 
                                Some(map_.next_value::<::pbjson::private::NumberDeserialize<_>>()?.0)
                            ;
                        }
                        GeneratedField::UsedBytes => {
                            if used_bytes__.is_some() {
                                return Err(serde::de::Error::duplicate_field("usedBytes"));
                            }
                            used_bytes__ = 
                                Some(map_.next_value::<::pbjson::private::NumberDeserialize<_>>()?.0)
                            ;
                        }
                        GeneratedField::FreeBytes => {
                            if free_bytes__.is_some() {
                                return Err(serde::de::Error::duplicate_field("freeBytes"));
                            }
                            free_bytes__ = 
                                Some(map_.next_value::<::pbjson::private::NumberDeserialize<_>>()?.0)
                            ;
                        }
                        GeneratedField::Free => {
                            if free__.is_some() {
                                return Err(serde::de::Error::duplicate_field("free"));
                            }
                            free__ = Some(map_.next_value()?);
                        }
                        GeneratedField::__SkipField__ => {
                            let _ = map_.next_value::<serde::de::IgnoredAny>()?;
                        }
                    }
                }
                Ok(PoolFilesystem {
                    total_bytes: total_bytes__.unwrap_or_default(),
                    used_bytes: used_bytes__.unwrap_or_default(),
                    free_bytes: free_bytes__.unwrap_or_default(),
                    free: free__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("hypervisor.v1.PoolFilesystem", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for PortForward {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.id.is_empty() {
            len += 1;
        }
        if !self.network.is_empty() {
            len += 1;
        }
        if !self.protocol.is_empty() {
            len += 1;
        }
        if self.listen_address.is_some() {
            len += 1;
        }
        if self.listen_port != 0 {
            len += 1;
        }
        if !self.vm.is_empty() {
            len += 1;
        }
        if self.guest_port != 0 {
            len += 1;
        }
        if self.guest_address.is_some() {
            len += 1;
        }
        if self.created_at.is_some() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("hypervisor.v1.PortForward", len)?;
        if !self.id.is_empty() {
            struct_ser.serialize_field("id", &self.id)?;
        }
        if !self.network.is_empty() {
            struct_ser.serialize_field("network", &self.network)?;
        }
        if !self.protocol.is_empty() {
            struct_ser.serialize_field("protocol", &self.protocol)?;
        }
        if let Some(v) = self.listen_address.as_ref() {
            struct_ser.serialize_field("listen_address", v)?;
        }
        if self.listen_port != 0 {
            struct_ser.serialize_field("listen_port", &self.listen_port)?;
        }
        if !self.vm.is_empty() {
            struct_ser.serialize_field("vm", &self.vm)?;
        }
        if self.guest_port != 0 {
            struct_ser.serialize_field("guest_port", &self.guest_port)?;
        }
        if let Some(v) = self.guest_address.as_ref() {
            struct_ser.serialize_field("guest_address", v)?;
        }
        if let Some(v) = self.created_at.as_ref() {
            struct_ser.serialize_field("created_at", v)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for PortForward {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "id",
            "network",
            "protocol",
            "listen_address",
            "listenAddress",
            "listen_port",
            "listenPort",
            "vm",
            "guest_port",
            "guestPort",
            "guest_address",
            "guestAddress",
            "created_at",
            "createdAt",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Id,
            Network,
            Protocol,
            ListenAddress,
            ListenPort,
            Vm,
            GuestPort,
            GuestAddress,
            CreatedAt,
            __SkipField__,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "id" => Ok(GeneratedField::Id),
                            "network" => Ok(GeneratedField::Network),
                            "protocol" => Ok(GeneratedField::Protocol),
                            "listenAddress" | "listen_address" => Ok(GeneratedField::ListenAddress),
                            "listenPort" | "listen_port" => Ok(GeneratedField::ListenPort),
                            "vm" => Ok(GeneratedField::Vm),
                            "guestPort" | "guest_port" => Ok(GeneratedField::GuestPort),
                            "guestAddress" | "guest_address" => Ok(GeneratedField::GuestAddress),
                            "createdAt" | "created_at" => Ok(GeneratedField::CreatedAt),
                            _ => Ok(GeneratedField::__SkipField__),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = PortForward;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct hypervisor.v1.PortForward")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<PortForward, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut id__ = None;
                let mut network__ = None;
                let mut protocol__ = None;
                let mut listen_address__ = None;
                let mut listen_port__ = None;
                let mut vm__ = None;
                let mut guest_port__ = None;
                let mut guest_address__ = None;
                let mut created_at__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Id => {
                            if id__.is_some() {
                                return Err(serde::de::Error::duplicate_field("id"));
                            }
                            id__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Network => {
                            if network__.is_some() {
                                return Err(serde::de::Error::duplicate_field("network"));
                            }
                            network__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Protocol => {
                            if protocol__.is_some() {
                                return Err(serde::de::Error::duplicate_field("protocol"));
                            }
                            protocol__ = Some(map_.next_value()?);
                        }
                        GeneratedField::ListenAddress => {
                            if listen_address__.is_some() {
                                return Err(serde::de::Error::duplicate_field("listenAddress"));
                            }
                            listen_address__ = map_.next_value()?;
                        }
                        GeneratedField::ListenPort => {
                            if listen_port__.is_some() {
                                return Err(serde::de::Error::duplicate_field("listenPort"));
                            }
                            listen_port__ = 
                                Some(map_.next_value::<::pbjson::private::NumberDeserialize<_>>()?.0)
                            ;
                        }
                        GeneratedField::Vm => {
                            if vm__.is_some() {
                                return Err(serde::de::Error::duplicate_field("vm"));
                            }
                            vm__ = Some(map_.next_value()?);
                        }
                        GeneratedField::GuestPort => {
                            if guest_port__.is_some() {
                                return Err(serde::de::Error::duplicate_field("guestPort"));
                            }
                            guest_port__ = 
                                Some(map_.next_value::<::pbjson::private::NumberDeserialize<_>>()?.0)
                            ;
                        }
                        GeneratedField::GuestAddress => {
                            if guest_address__.is_some() {
                                return Err(serde::de::Error::duplicate_field("guestAddress"));
                            }
                            guest_address__ = map_.next_value()?;
                        }
                        GeneratedField::CreatedAt => {
                            if created_at__.is_some() {
                                return Err(serde::de::Error::duplicate_field("createdAt"));
                            }
                            created_at__ = map_.next_value()?;
                        }
                        GeneratedField::__SkipField__ => {
                            let _ = map_.next_value::<serde::de::IgnoredAny>()?;
                        }
                    }
                }
                Ok(PortForward {
                    id: id__.unwrap_or_default(),
                    network: network__.unwrap_or_default(),
                    protocol: protocol__.unwrap_or_default(),
                    listen_address: listen_address__,
                    listen_port: listen_port__.unwrap_or_default(),
                    vm: vm__.unwrap_or_default(),
                    guest_port: guest_port__.unwrap_or_default(),
                    guest_address: guest_address__,
                    created_at: created_at__,
                })
            }
        }
        deserializer.deserialize_struct("hypervisor.v1.PortForward", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for PqcAlgorithm {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.name.is_empty() {
            len += 1;
        }
        if !self.family.is_empty() {
            len += 1;
        }
        if !self.standard.is_empty() {
            len += 1;
        }
        if !self.kind.is_empty() {
            len += 1;
        }
        if !self.oid.is_empty() {
            len += 1;
        }
        if self.security_category != 0 {
            len += 1;
        }
        if self.known_answer_tests {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("hypervisor.v1.PqcAlgorithm", len)?;
        if !self.name.is_empty() {
            struct_ser.serialize_field("name", &self.name)?;
        }
        if !self.family.is_empty() {
            struct_ser.serialize_field("family", &self.family)?;
        }
        if !self.standard.is_empty() {
            struct_ser.serialize_field("standard", &self.standard)?;
        }
        if !self.kind.is_empty() {
            struct_ser.serialize_field("kind", &self.kind)?;
        }
        if !self.oid.is_empty() {
            struct_ser.serialize_field("oid", &self.oid)?;
        }
        if self.security_category != 0 {
            struct_ser.serialize_field("security_category", &self.security_category)?;
        }
        if self.known_answer_tests {
            struct_ser.serialize_field("known_answer_tests", &self.known_answer_tests)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for PqcAlgorithm {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "name",
            "family",
            "standard",
            "kind",
            "oid",
            "security_category",
            "securityCategory",
            "known_answer_tests",
            "knownAnswerTests",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Name,
            Family,
            Standard,
            Kind,
            Oid,
            SecurityCategory,
            KnownAnswerTests,
            __SkipField__,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "name" => Ok(GeneratedField::Name),
                            "family" => Ok(GeneratedField::Family),
                            "standard" => Ok(GeneratedField::Standard),
                            "kind" => Ok(GeneratedField::Kind),
                            "oid" => Ok(GeneratedField::Oid),
                            "securityCategory" | "security_category" => Ok(GeneratedField::SecurityCategory),
                            "knownAnswerTests" | "known_answer_tests" => Ok(GeneratedField::KnownAnswerTests),
                            _ => Ok(GeneratedField::__SkipField__),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = PqcAlgorithm;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct hypervisor.v1.PqcAlgorithm")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<PqcAlgorithm, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut name__ = None;
                let mut family__ = None;
                let mut standard__ = None;
                let mut kind__ = None;
                let mut oid__ = None;
                let mut security_category__ = None;
                let mut known_answer_tests__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Name => {
                            if name__.is_some() {
                                return Err(serde::de::Error::duplicate_field("name"));
                            }
                            name__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Family => {
                            if family__.is_some() {
                                return Err(serde::de::Error::duplicate_field("family"));
                            }
                            family__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Standard => {
                            if standard__.is_some() {
                                return Err(serde::de::Error::duplicate_field("standard"));
                            }
                            standard__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Kind => {
                            if kind__.is_some() {
                                return Err(serde::de::Error::duplicate_field("kind"));
                            }
                            kind__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Oid => {
                            if oid__.is_some() {
                                return Err(serde::de::Error::duplicate_field("oid"));
                            }
                            oid__ = Some(map_.next_value()?);
                        }
                        GeneratedField::SecurityCategory => {
                            if security_category__.is_some() {
                                return Err(serde::de::Error::duplicate_field("securityCategory"));
                            }
                            security_category__ = 
                                Some(map_.next_value::<::pbjson::private::NumberDeserialize<_>>()?.0)
                            ;
                        }
                        GeneratedField::KnownAnswerTests => {
                            if known_answer_tests__.is_some() {
                                return Err(serde::de::Error::duplicate_field("knownAnswerTests"));
                            }
                            known_answer_tests__ = Some(map_.next_value()?);
                        }
                        GeneratedField::__SkipField__ => {
                            let _ = map_.next_value::<serde::de::IgnoredAny>()?;
                        }
                    }
                }
                Ok(PqcAlgorithm {
                    name: name__.unwrap_or_default(),
                    family: family__.unwrap_or_default(),
                    standard: standard__.unwrap_or_default(),
                    kind: kind__.unwrap_or_default(),
                    oid: oid__.unwrap_or_default(),
                    security_category: security_category__.unwrap_or_default(),
                    known_answer_tests: known_answer_tests__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("hypervisor.v1.PqcAlgorithm", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for PqcBackend {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.r#type.is_empty() {
            len += 1;
        }
        if !self.library.is_empty() {
            len += 1;
        }
        if !self.version.is_empty() {
            len += 1;
        }
        if self.hardware_accelerator.is_some() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("hypervisor.v1.PqcBackend", len)?;
        if !self.r#type.is_empty() {
            struct_ser.serialize_field("type", &self.r#type)?;
        }
        if !self.library.is_empty() {
            struct_ser.serialize_field("library", &self.library)?;
        }
        if !self.version.is_empty() {
            struct_ser.serialize_field("version", &self.version)?;
        }
        if let Some(v) = self.hardware_accelerator.as_ref() {
            struct_ser.serialize_field("hardware_accelerator", v)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for PqcBackend {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "type",
            "library",
            "version",
            "hardware_accelerator",
            "hardwareAccelerator",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Type,
            Library,
            Version,
            HardwareAccelerator,
            __SkipField__,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "type" => Ok(GeneratedField::Type),
                            "library" => Ok(GeneratedField::Library),
                            "version" => Ok(GeneratedField::Version),
                            "hardwareAccelerator" | "hardware_accelerator" => Ok(GeneratedField::HardwareAccelerator),
                            _ => Ok(GeneratedField::__SkipField__),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = PqcBackend;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct hypervisor.v1.PqcBackend")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<PqcBackend, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut r#type__ = None;
                let mut library__ = None;
                let mut version__ = None;
                let mut hardware_accelerator__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Type => {
                            if r#type__.is_some() {
                                return Err(serde::de::Error::duplicate_field("type"));
                            }
                            r#type__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Library => {
                            if library__.is_some() {
                                return Err(serde::de::Error::duplicate_field("library"));
                            }
                            library__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Version => {
                            if version__.is_some() {
                                return Err(serde::de::Error::duplicate_field("version"));
                            }
                            version__ = Some(map_.next_value()?);
                        }
                        GeneratedField::HardwareAccelerator => {
                            if hardware_accelerator__.is_some() {
                                return Err(serde::de::Error::duplicate_field("hardwareAccelerator"));
                            }
                            hardware_accelerator__ = map_.next_value()?;
                        }
                        GeneratedField::__SkipField__ => {
                            let _ = map_.next_value::<serde::de::IgnoredAny>()?;
                        }
                    }
                }
                Ok(PqcBackend {
                    r#type: r#type__.unwrap_or_default(),
                    library: library__.unwrap_or_default(),
                    version: version__.unwrap_or_default(),
                    hardware_accelerator: hardware_accelerator__,
                })
            }
        }
        deserializer.deserialize_struct("hypervisor.v1.PqcBackend", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for PqcKeyVersion {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if self.version != 0 {
            len += 1;
        }
        if !self.fingerprint.is_empty() {
            len += 1;
        }
        if self.created_at.is_some() {
            len += 1;
        }
        if self.revoked_at.is_some() {
            len += 1;
        }
        if self.current {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("hypervisor.v1.PqcKeyVersion", len)?;
        if self.version != 0 {
            struct_ser.serialize_field("version", &self.version)?;
        }
        if !self.fingerprint.is_empty() {
            struct_ser.serialize_field("fingerprint", &self.fingerprint)?;
        }
        if let Some(v) = self.created_at.as_ref() {
            struct_ser.serialize_field("created_at", v)?;
        }
        if let Some(v) = self.revoked_at.as_ref() {
            struct_ser.serialize_field("revoked_at", v)?;
        }
        if self.current {
            struct_ser.serialize_field("current", &self.current)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for PqcKeyVersion {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "version",
            "fingerprint",
            "created_at",
            "createdAt",
            "revoked_at",
            "revokedAt",
            "current",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Version,
            Fingerprint,
            CreatedAt,
            RevokedAt,
            Current,
            __SkipField__,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "version" => Ok(GeneratedField::Version),
                            "fingerprint" => Ok(GeneratedField::Fingerprint),
                            "createdAt" | "created_at" => Ok(GeneratedField::CreatedAt),
                            "revokedAt" | "revoked_at" => Ok(GeneratedField::RevokedAt),
                            "current" => Ok(GeneratedField::Current),
                            _ => Ok(GeneratedField::__SkipField__),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = PqcKeyVersion;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct hypervisor.v1.PqcKeyVersion")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<PqcKeyVersion, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut version__ = None;
                let mut fingerprint__ = None;
                let mut created_at__ = None;
                let mut revoked_at__ = None;
                let mut current__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Version => {
                            if version__.is_some() {
                                return Err(serde::de::Error::duplicate_field("version"));
                            }
                            version__ = 
                                Some(map_.next_value::<::pbjson::private::NumberDeserialize<_>>()?.0)
                            ;
                        }
                        GeneratedField::Fingerprint => {
                            if fingerprint__.is_some() {
                                return Err(serde::de::Error::duplicate_field("fingerprint"));
                            }
                            fingerprint__ = Some(map_.next_value()?);
                        }
                        GeneratedField::CreatedAt => {
                            if created_at__.is_some() {
                                return Err(serde::de::Error::duplicate_field("createdAt"));
                            }
                            created_at__ = map_.next_value()?;
                        }
                        GeneratedField::RevokedAt => {
                            if revoked_at__.is_some() {
                                return Err(serde::de::Error::duplicate_field("revokedAt"));
                            }
                            revoked_at__ = map_.next_value()?;
                        }
                        GeneratedField::Current => {
                            if current__.is_some() {
                                return Err(serde::de::Error::duplicate_field("current"));
                            }
                            current__ = Some(map_.next_value()?);
                        }
                        GeneratedField::__SkipField__ => {
                            let _ = map_.next_value::<serde::de::IgnoredAny>()?;
                        }
                    }
                }
                Ok(PqcKeyVersion {
                    version: version__.unwrap_or_default(),
                    fingerprint: fingerprint__.unwrap_or_default(),
                    created_at: created_at__,
                    revoked_at: revoked_at__,
                    current: current__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("hypervisor.v1.PqcKeyVersion", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for PqcStatus {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if self.available {
            len += 1;
        }
        if self.workers.is_some() {
            len += 1;
        }
        if self.backend.is_some() {
            len += 1;
        }
        if !self.algorithms.is_empty() {
            len += 1;
        }
        if self.self_test.is_some() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("hypervisor.v1.PqcStatus", len)?;
        if self.available {
            struct_ser.serialize_field("available", &self.available)?;
        }
        if let Some(v) = self.workers.as_ref() {
            struct_ser.serialize_field("workers", v)?;
        }
        if let Some(v) = self.backend.as_ref() {
            struct_ser.serialize_field("backend", v)?;
        }
        if !self.algorithms.is_empty() {
            struct_ser.serialize_field("algorithms", &self.algorithms)?;
        }
        if let Some(v) = self.self_test.as_ref() {
            struct_ser.serialize_field("self_test", v)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for PqcStatus {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "available",
            "workers",
            "backend",
            "algorithms",
            "self_test",
            "selfTest",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Available,
            Workers,
            Backend,
            Algorithms,
            SelfTest,
            __SkipField__,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "available" => Ok(GeneratedField::Available),
                            "workers" => Ok(GeneratedField::Workers),
                            "backend" => Ok(GeneratedField::Backend),
                            "algorithms" => Ok(GeneratedField::Algorithms),
                            "selfTest" | "self_test" => Ok(GeneratedField::SelfTest),
                            _ => Ok(GeneratedField::__SkipField__),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = PqcStatus;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct hypervisor.v1.PqcStatus")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<PqcStatus, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut available__ = None;
                let mut workers__ = None;
                let mut backend__ = None;
                let mut algorithms__ = None;
                let mut self_test__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Available => {
                            if available__.is_some() {
                                return Err(serde::de::Error::duplicate_field("available"));
                            }
                            available__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Workers => {
                            if workers__.is_some() {
                                return Err(serde::de::Error::duplicate_field("workers"));
                            }
                            workers__ = map_.next_value()?;
                        }
                        GeneratedField::Backend => {
                            if backend__.is_some() {
                                return Err(serde::de::Error::duplicate_field("backend"));
                            }
                            backend__ = map_.next_value()?;
                        }
                        GeneratedField::Algorithms => {
                            if algorithms__.is_some() {
                                return Err(serde::de::Error::duplicate_field("algorithms"));
                            }
                            algorithms__ = Some(map_.next_value()?);
                        }
                        GeneratedField::SelfTest => {
                            if self_test__.is_some() {
                                return Err(serde::de::Error::duplicate_field("selfTest"));
                            }
                            self_test__ = map_.next_value()?;
                        }
                        GeneratedField::__SkipField__ => {
                            let _ = map_.next_value::<serde::de::IgnoredAny>()?;
                        }
                    }
                }
                Ok(PqcStatus {
                    available: available__.unwrap_or_default(),
                    workers: workers__,
                    backend: backend__,
                    algorithms: algorithms__.unwrap_or_default(),
                    self_test: self_test__,
                })
            }
        }
        deserializer.deserialize_struct("hypervisor.v1.PqcStatus", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for PqcWorkers {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if self.size != 0 {
            len += 1;
        }
        if self.queue_limit != 0 {
            len += 1;
        }
        if self.running != 0 {
            len += 1;
        }
        if self.queued != 0 {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("hypervisor.v1.PqcWorkers", len)?;
        if self.size != 0 {
            struct_ser.serialize_field("size", &self.size)?;
        }
        if self.queue_limit != 0 {
            struct_ser.serialize_field("queue_limit", &self.queue_limit)?;
        }
        if self.running != 0 {
            struct_ser.serialize_field("running", &self.running)?;
        }
        if self.queued != 0 {
            struct_ser.serialize_field("queued", &self.queued)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for PqcWorkers {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "size",
            "queue_limit",
            "queueLimit",
            "running",
            "queued",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Size,
            QueueLimit,
            Running,
            Queued,
            __SkipField__,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "size" => Ok(GeneratedField::Size),
                            "queueLimit" | "queue_limit" => Ok(GeneratedField::QueueLimit),
                            "running" => Ok(GeneratedField::Running),
                            "queued" => Ok(GeneratedField::Queued),
                            _ => Ok(GeneratedField::__SkipField__),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = PqcWorkers;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct hypervisor.v1.PqcWorkers")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<PqcWorkers, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut size__ = None;
                let mut queue_limit__ = None;
                let mut running__ = None;
                let mut queued__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Size => {
                            if size__.is_some() {
                                return Err(serde::de::Error::duplicate_field("size"));
                            }
                            size__ = 
                                Some(map_.next_value::<::pbjson::private::NumberDeserialize<_>>()?.0)
                            ;
                        }
                        GeneratedField::QueueLimit => {
                            if queue_limit__.is_some() {
                                return Err(serde::de::Error::duplicate_field("queueLimit"));
                            }
                            queue_limit__ = 
                                Some(map_.next_value::<::pbjson::private::NumberDeserialize<_>>()?.0)
                            ;
                        }
                        GeneratedField::Running => {
                            if running__.is_some() {
                                return Err(serde::de::Error::duplicate_field("running"));
                            }
                            running__ = 
                                Some(map_.next_value::<::pbjson::private::NumberDeserialize<_>>()?.0)
                            ;
                        }
                        GeneratedField::Queued => {
                            if queued__.is_some() {
                                return Err(serde::de::Error::duplicate_field("queued"));
                            }
                            queued__ = 
                                Some(map_.next_value::<::pbjson::private::NumberDeserialize<_>>()?.0)
                            ;
                        }
                        GeneratedField::__SkipField__ => {
                            let _ = map_.next_value::<serde::de::IgnoredAny>()?;
                        }
                    }
                }
                Ok(PqcWorkers {
                    size: size__.unwrap_or_default(),
                    queue_limit: queue_limit__.unwrap_or_default(),
                    running: running__.unwrap_or_default(),
                    queued: queued__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("hypervisor.v1.PqcWorkers", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for PrepareIncomingMigrationRequest {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.name.is_empty() {
            len += 1;
        }
        if !self.uuid.is_empty() {
            len += 1;
        }
        if self.definition.is_some() {
            len += 1;
        }
        if !self.images.is_empty() {
            len += 1;
        }
        if self.probe.is_some() {
            len += 1;
        }
        if self.tls.is_some() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("hypervisor.v1.PrepareIncomingMigrationRequest", len)?;
        if !self.name.is_empty() {
            struct_ser.serialize_field("name", &self.name)?;
        }
        if !self.uuid.is_empty() {
            struct_ser.serialize_field("uuid", &self.uuid)?;
        }
        if let Some(v) = self.definition.as_ref() {
            struct_ser.serialize_field("definition", v)?;
        }
        if !self.images.is_empty() {
            struct_ser.serialize_field("images", &self.images)?;
        }
        if let Some(v) = self.probe.as_ref() {
            struct_ser.serialize_field("probe", v)?;
        }
        if let Some(v) = self.tls.as_ref() {
            struct_ser.serialize_field("tls", v)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for PrepareIncomingMigrationRequest {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "name",
            "uuid",
            "definition",
            "images",
            "probe",
            "tls",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Name,
            Uuid,
            Definition,
            Images,
            Probe,
            Tls,
            __SkipField__,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "name" => Ok(GeneratedField::Name),
                            "uuid" => Ok(GeneratedField::Uuid),
                            "definition" => Ok(GeneratedField::Definition),
                            "images" => Ok(GeneratedField::Images),
                            "probe" => Ok(GeneratedField::Probe),
                            "tls" => Ok(GeneratedField::Tls),
                            _ => Ok(GeneratedField::__SkipField__),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = PrepareIncomingMigrationRequest;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct hypervisor.v1.PrepareIncomingMigrationRequest")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<PrepareIncomingMigrationRequest, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut name__ = None;
                let mut uuid__ = None;
                let mut definition__ = None;
                let mut images__ = None;
                let mut probe__ = None;
                let mut tls__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Name => {
                            if name__.is_some() {
                                return Err(serde::de::Error::duplicate_field("name"));
                            }
                            name__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Uuid => {
                            if uuid__.is_some() {
                                return Err(serde::de::Error::duplicate_field("uuid"));
                            }
                            uuid__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Definition => {
                            if definition__.is_some() {
                                return Err(serde::de::Error::duplicate_field("definition"));
                            }
                            definition__ = map_.next_value()?;
                        }
                        GeneratedField::Images => {
                            if images__.is_some() {
                                return Err(serde::de::Error::duplicate_field("images"));
                            }
                            images__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Probe => {
                            if probe__.is_some() {
                                return Err(serde::de::Error::duplicate_field("probe"));
                            }
                            probe__ = map_.next_value()?;
                        }
                        GeneratedField::Tls => {
                            if tls__.is_some() {
                                return Err(serde::de::Error::duplicate_field("tls"));
                            }
                            tls__ = map_.next_value()?;
                        }
                        GeneratedField::__SkipField__ => {
                            let _ = map_.next_value::<serde::de::IgnoredAny>()?;
                        }
                    }
                }
                Ok(PrepareIncomingMigrationRequest {
                    name: name__.unwrap_or_default(),
                    uuid: uuid__.unwrap_or_default(),
                    definition: definition__,
                    images: images__.unwrap_or_default(),
                    probe: probe__,
                    tls: tls__,
                })
            }
        }
        deserializer.deserialize_struct("hypervisor.v1.PrepareIncomingMigrationRequest", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for PrepareIncomingMigrationResponse {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if self.vm.is_some() {
            len += 1;
        }
        if !self.uri.is_empty() {
            len += 1;
        }
        if self.port != 0 {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("hypervisor.v1.PrepareIncomingMigrationResponse", len)?;
        if let Some(v) = self.vm.as_ref() {
            struct_ser.serialize_field("vm", v)?;
        }
        if !self.uri.is_empty() {
            struct_ser.serialize_field("uri", &self.uri)?;
        }
        if self.port != 0 {
            struct_ser.serialize_field("port", &self.port)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for PrepareIncomingMigrationResponse {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "vm",
            "uri",
            "port",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Vm,
            Uri,
            Port,
            __SkipField__,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "vm" => Ok(GeneratedField::Vm),
                            "uri" => Ok(GeneratedField::Uri),
                            "port" => Ok(GeneratedField::Port),
                            _ => Ok(GeneratedField::__SkipField__),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = PrepareIncomingMigrationResponse;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct hypervisor.v1.PrepareIncomingMigrationResponse")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<PrepareIncomingMigrationResponse, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut vm__ = None;
                let mut uri__ = None;
                let mut port__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Vm => {
                            if vm__.is_some() {
                                return Err(serde::de::Error::duplicate_field("vm"));
                            }
                            vm__ = map_.next_value()?;
                        }
                        GeneratedField::Uri => {
                            if uri__.is_some() {
                                return Err(serde::de::Error::duplicate_field("uri"));
                            }
                            uri__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Port => {
                            if port__.is_some() {
                                return Err(serde::de::Error::duplicate_field("port"));
                            }
                            port__ = 
                                Some(map_.next_value::<::pbjson::private::NumberDeserialize<_>>()?.0)
                            ;
                        }
                        GeneratedField::__SkipField__ => {
                            let _ = map_.next_value::<serde::de::IgnoredAny>()?;
                        }
                    }
                }
                Ok(PrepareIncomingMigrationResponse {
                    vm: vm__,
                    uri: uri__.unwrap_or_default(),
                    port: port__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("hypervisor.v1.PrepareIncomingMigrationResponse", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for RekeyDiskRequest {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.name.is_empty() {
            len += 1;
        }
        if !self.old_secret.is_empty() {
            len += 1;
        }
        if !self.new_secret.is_empty() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("hypervisor.v1.RekeyDiskRequest", len)?;
        if !self.name.is_empty() {
            struct_ser.serialize_field("name", &self.name)?;
        }
        if !self.old_secret.is_empty() {
            struct_ser.serialize_field("old_secret", &self.old_secret)?;
        }
        if !self.new_secret.is_empty() {
            struct_ser.serialize_field("new_secret", &self.new_secret)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for RekeyDiskRequest {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "name",
            "old_secret",
            "oldSecret",
            "new_secret",
            "newSecret",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Name,
            OldSecret,
            NewSecret,
            __SkipField__,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "name" => Ok(GeneratedField::Name),
                            "oldSecret" | "old_secret" => Ok(GeneratedField::OldSecret),
                            "newSecret" | "new_secret" => Ok(GeneratedField::NewSecret),
                            _ => Ok(GeneratedField::__SkipField__),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = RekeyDiskRequest;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct hypervisor.v1.RekeyDiskRequest")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<RekeyDiskRequest, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut name__ = None;
                let mut old_secret__ = None;
                let mut new_secret__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Name => {
                            if name__.is_some() {
                                return Err(serde::de::Error::duplicate_field("name"));
                            }
                            name__ = Some(map_.next_value()?);
                        }
                        GeneratedField::OldSecret => {
                            if old_secret__.is_some() {
                                return Err(serde::de::Error::duplicate_field("oldSecret"));
                            }
                            old_secret__ = Some(map_.next_value()?);
                        }
                        GeneratedField::NewSecret => {
                            if new_secret__.is_some() {
                                return Err(serde::de::Error::duplicate_field("newSecret"));
                            }
                            new_secret__ = Some(map_.next_value()?);
                        }
                        GeneratedField::__SkipField__ => {
                            let _ = map_.next_value::<serde::de::IgnoredAny>()?;
                        }
                    }
                }
                Ok(RekeyDiskRequest {
                    name: name__.unwrap_or_default(),
                    old_secret: old_secret__.unwrap_or_default(),
                    new_secret: new_secret__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("hypervisor.v1.RekeyDiskRequest", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for ResizeDiskRequest {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.name.is_empty() {
            len += 1;
        }
        if !self.size.is_empty() {
            len += 1;
        }
        if self.shrink.is_some() {
            len += 1;
        }
        if self.secret.is_some() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("hypervisor.v1.ResizeDiskRequest", len)?;
        if !self.name.is_empty() {
            struct_ser.serialize_field("name", &self.name)?;
        }
        if !self.size.is_empty() {
            struct_ser.serialize_field("size", &self.size)?;
        }
        if let Some(v) = self.shrink.as_ref() {
            struct_ser.serialize_field("shrink", v)?;
        }
        if let Some(v) = self.secret.as_ref() {
            struct_ser.serialize_field("secret", v)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for ResizeDiskRequest {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "name",
            "size",
            "shrink",
            "secret",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Name,
            Size,
            Shrink,
            Secret,
            __SkipField__,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "name" => Ok(GeneratedField::Name),
                            "size" => Ok(GeneratedField::Size),
                            "shrink" => Ok(GeneratedField::Shrink),
                            "secret" => Ok(GeneratedField::Secret),
                            _ => Ok(GeneratedField::__SkipField__),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = ResizeDiskRequest;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct hypervisor.v1.ResizeDiskRequest")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<ResizeDiskRequest, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut name__ = None;
                let mut size__ = None;
                let mut shrink__ = None;
                let mut secret__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Name => {
                            if name__.is_some() {
                                return Err(serde::de::Error::duplicate_field("name"));
                            }
                            name__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Size => {
                            if size__.is_some() {
                                return Err(serde::de::Error::duplicate_field("size"));
                            }
                            size__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Shrink => {
                            if shrink__.is_some() {
                                return Err(serde::de::Error::duplicate_field("shrink"));
                            }
                            shrink__ = map_.next_value()?;
                        }
                        GeneratedField::Secret => {
                            if secret__.is_some() {
                                return Err(serde::de::Error::duplicate_field("secret"));
                            }
                            secret__ = map_.next_value()?;
                        }
                        GeneratedField::__SkipField__ => {
                            let _ = map_.next_value::<serde::de::IgnoredAny>()?;
                        }
                    }
                }
                Ok(ResizeDiskRequest {
                    name: name__.unwrap_or_default(),
                    size: size__.unwrap_or_default(),
                    shrink: shrink__,
                    secret: secret__,
                })
            }
        }
        deserializer.deserialize_struct("hypervisor.v1.ResizeDiskRequest", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for RestoreSnapshotRequest {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.name.is_empty() {
            len += 1;
        }
        if !self.snap.is_empty() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("hypervisor.v1.RestoreSnapshotRequest", len)?;
        if !self.name.is_empty() {
            struct_ser.serialize_field("name", &self.name)?;
        }
        if !self.snap.is_empty() {
            struct_ser.serialize_field("snap", &self.snap)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for RestoreSnapshotRequest {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "name",
            "snap",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Name,
            Snap,
            __SkipField__,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "name" => Ok(GeneratedField::Name),
                            "snap" => Ok(GeneratedField::Snap),
                            _ => Ok(GeneratedField::__SkipField__),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = RestoreSnapshotRequest;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct hypervisor.v1.RestoreSnapshotRequest")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<RestoreSnapshotRequest, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut name__ = None;
                let mut snap__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Name => {
                            if name__.is_some() {
                                return Err(serde::de::Error::duplicate_field("name"));
                            }
                            name__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Snap => {
                            if snap__.is_some() {
                                return Err(serde::de::Error::duplicate_field("snap"));
                            }
                            snap__ = Some(map_.next_value()?);
                        }
                        GeneratedField::__SkipField__ => {
                            let _ = map_.next_value::<serde::de::IgnoredAny>()?;
                        }
                    }
                }
                Ok(RestoreSnapshotRequest {
                    name: name__.unwrap_or_default(),
                    snap: snap__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("hypervisor.v1.RestoreSnapshotRequest", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for RestoreSnapshotResponse {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if self.result.is_some() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("hypervisor.v1.RestoreSnapshotResponse", len)?;
        if let Some(v) = self.result.as_ref() {
            match v {
                restore_snapshot_response::Result::Restored(v) => {
                    struct_ser.serialize_field("restored", v)?;
                }
                restore_snapshot_response::Result::Operation(v) => {
                    struct_ser.serialize_field("operation", v)?;
                }
            }
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for RestoreSnapshotResponse {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "restored",
            "operation",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Restored,
            Operation,
            __SkipField__,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "restored" => Ok(GeneratedField::Restored),
                            "operation" => Ok(GeneratedField::Operation),
                            _ => Ok(GeneratedField::__SkipField__),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = RestoreSnapshotResponse;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct hypervisor.v1.RestoreSnapshotResponse")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<RestoreSnapshotResponse, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut result__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Restored => {
                            if result__.is_some() {
                                return Err(serde::de::Error::duplicate_field("restored"));
                            }
                            result__ = map_.next_value::<::std::option::Option<_>>()?.map(restore_snapshot_response::Result::Restored)
;
                        }
                        GeneratedField::Operation => {
                            if result__.is_some() {
                                return Err(serde::de::Error::duplicate_field("operation"));
                            }
                            result__ = map_.next_value::<::std::option::Option<_>>()?.map(restore_snapshot_response::Result::Operation)
;
                        }
                        GeneratedField::__SkipField__ => {
                            let _ = map_.next_value::<serde::de::IgnoredAny>()?;
                        }
                    }
                }
                Ok(RestoreSnapshotResponse {
                    result: result__,
                })
            }
        }
        deserializer.deserialize_struct("hypervisor.v1.RestoreSnapshotResponse", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for RestoredSnapshot {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if self.snapshot.is_some() {
            len += 1;
        }
        if self.vm.is_some() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("hypervisor.v1.RestoredSnapshot", len)?;
        if let Some(v) = self.snapshot.as_ref() {
            struct_ser.serialize_field("snapshot", v)?;
        }
        if let Some(v) = self.vm.as_ref() {
            struct_ser.serialize_field("vm", v)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for RestoredSnapshot {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "snapshot",
            "vm",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Snapshot,
            Vm,
            __SkipField__,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "snapshot" => Ok(GeneratedField::Snapshot),
                            "vm" => Ok(GeneratedField::Vm),
                            _ => Ok(GeneratedField::__SkipField__),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = RestoredSnapshot;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct hypervisor.v1.RestoredSnapshot")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<RestoredSnapshot, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut snapshot__ = None;
                let mut vm__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Snapshot => {
                            if snapshot__.is_some() {
                                return Err(serde::de::Error::duplicate_field("snapshot"));
                            }
                            snapshot__ = map_.next_value()?;
                        }
                        GeneratedField::Vm => {
                            if vm__.is_some() {
                                return Err(serde::de::Error::duplicate_field("vm"));
                            }
                            vm__ = map_.next_value()?;
                        }
                        GeneratedField::__SkipField__ => {
                            let _ = map_.next_value::<serde::de::IgnoredAny>()?;
                        }
                    }
                }
                Ok(RestoredSnapshot {
                    snapshot: snapshot__,
                    vm: vm__,
                })
            }
        }
        deserializer.deserialize_struct("hypervisor.v1.RestoredSnapshot", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for RotateKeyRequest {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.name.is_empty() {
            len += 1;
        }
        if self.revoke_previous.is_some() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("hypervisor.v1.RotateKeyRequest", len)?;
        if !self.name.is_empty() {
            struct_ser.serialize_field("name", &self.name)?;
        }
        if let Some(v) = self.revoke_previous.as_ref() {
            struct_ser.serialize_field("revoke_previous", v)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for RotateKeyRequest {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "name",
            "revoke_previous",
            "revokePrevious",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Name,
            RevokePrevious,
            __SkipField__,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "name" => Ok(GeneratedField::Name),
                            "revokePrevious" | "revoke_previous" => Ok(GeneratedField::RevokePrevious),
                            _ => Ok(GeneratedField::__SkipField__),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = RotateKeyRequest;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct hypervisor.v1.RotateKeyRequest")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<RotateKeyRequest, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut name__ = None;
                let mut revoke_previous__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Name => {
                            if name__.is_some() {
                                return Err(serde::de::Error::duplicate_field("name"));
                            }
                            name__ = Some(map_.next_value()?);
                        }
                        GeneratedField::RevokePrevious => {
                            if revoke_previous__.is_some() {
                                return Err(serde::de::Error::duplicate_field("revokePrevious"));
                            }
                            revoke_previous__ = map_.next_value()?;
                        }
                        GeneratedField::__SkipField__ => {
                            let _ = map_.next_value::<serde::de::IgnoredAny>()?;
                        }
                    }
                }
                Ok(RotateKeyRequest {
                    name: name__.unwrap_or_default(),
                    revoke_previous: revoke_previous__,
                })
            }
        }
        deserializer.deserialize_struct("hypervisor.v1.RotateKeyRequest", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for RunBenchmarkRequest {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.algorithms.is_empty() {
            len += 1;
        }
        if self.iterations.is_some() {
            len += 1;
        }
        if self.seconds.is_some() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("hypervisor.v1.RunBenchmarkRequest", len)?;
        if !self.algorithms.is_empty() {
            struct_ser.serialize_field("algorithms", &self.algorithms)?;
        }
        if let Some(v) = self.iterations.as_ref() {
            struct_ser.serialize_field("iterations", v)?;
        }
        if let Some(v) = self.seconds.as_ref() {
            struct_ser.serialize_field("seconds", v)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for RunBenchmarkRequest {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "algorithms",
            "iterations",
            "seconds",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Algorithms,
            Iterations,
            Seconds,
            __SkipField__,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "algorithms" => Ok(GeneratedField::Algorithms),
                            "iterations" => Ok(GeneratedField::Iterations),
                            "seconds" => Ok(GeneratedField::Seconds),
                            _ => Ok(GeneratedField::__SkipField__),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = RunBenchmarkRequest;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct hypervisor.v1.RunBenchmarkRequest")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<RunBenchmarkRequest, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut algorithms__ = None;
                let mut iterations__ = None;
                let mut seconds__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Algorithms => {
                            if algorithms__.is_some() {
                                return Err(serde::de::Error::duplicate_field("algorithms"));
                            }
                            algorithms__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Iterations => {
                            if iterations__.is_some() {
                                return Err(serde::de::Error::duplicate_field("iterations"));
                            }
                            iterations__ = 
                                map_.next_value::<::std::option::Option<::pbjson::private::NumberDeserialize<_>>>()?.map(|x| x.0)
                            ;
                        }
                        GeneratedField::Seconds => {
                            if seconds__.is_some() {
                                return Err(serde::de::Error::duplicate_field("seconds"));
                            }
                            seconds__ = 
                                map_.next_value::<::std::option::Option<::pbjson::private::NumberDeserialize<_>>>()?.map(|x| x.0)
                            ;
                        }
                        GeneratedField::__SkipField__ => {
                            let _ = map_.next_value::<serde::de::IgnoredAny>()?;
                        }
                    }
                }
                Ok(RunBenchmarkRequest {
                    algorithms: algorithms__.unwrap_or_default(),
                    iterations: iterations__,
                    seconds: seconds__,
                })
            }
        }
        deserializer.deserialize_struct("hypervisor.v1.RunBenchmarkRequest", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for RunSelfTestRequest {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.algorithms.is_empty() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("hypervisor.v1.RunSelfTestRequest", len)?;
        if !self.algorithms.is_empty() {
            struct_ser.serialize_field("algorithms", &self.algorithms)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for RunSelfTestRequest {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "algorithms",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Algorithms,
            __SkipField__,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "algorithms" => Ok(GeneratedField::Algorithms),
                            _ => Ok(GeneratedField::__SkipField__),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = RunSelfTestRequest;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct hypervisor.v1.RunSelfTestRequest")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<RunSelfTestRequest, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut algorithms__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Algorithms => {
                            if algorithms__.is_some() {
                                return Err(serde::de::Error::duplicate_field("algorithms"));
                            }
                            algorithms__ = Some(map_.next_value()?);
                        }
                        GeneratedField::__SkipField__ => {
                            let _ = map_.next_value::<serde::de::IgnoredAny>()?;
                        }
                    }
                }
                Ok(RunSelfTestRequest {
                    algorithms: algorithms__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("hypervisor.v1.RunSelfTestRequest", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for Runtime {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.driver.is_empty() {
            len += 1;
        }
        if !self.accelerator.is_empty() {
            len += 1;
        }
        if self.pid.is_some() {
            len += 1;
        }
        if !self.files.is_empty() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("hypervisor.v1.Runtime", len)?;
        if !self.driver.is_empty() {
            struct_ser.serialize_field("driver", &self.driver)?;
        }
        if !self.accelerator.is_empty() {
            struct_ser.serialize_field("accelerator", &self.accelerator)?;
        }
        if let Some(v) = self.pid.as_ref() {
            struct_ser.serialize_field("pid", v)?;
        }
        if !self.files.is_empty() {
            struct_ser.serialize_field("files", &self.files)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for Runtime {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "driver",
            "accelerator",
            "pid",
            "files",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Driver,
            Accelerator,
            Pid,
            Files,
            __SkipField__,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "driver" => Ok(GeneratedField::Driver),
                            "accelerator" => Ok(GeneratedField::Accelerator),
                            "pid" => Ok(GeneratedField::Pid),
                            "files" => Ok(GeneratedField::Files),
                            _ => Ok(GeneratedField::__SkipField__),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = Runtime;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct hypervisor.v1.Runtime")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<Runtime, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut driver__ = None;
                let mut accelerator__ = None;
                let mut pid__ = None;
                let mut files__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Driver => {
                            if driver__.is_some() {
                                return Err(serde::de::Error::duplicate_field("driver"));
                            }
                            driver__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Accelerator => {
                            if accelerator__.is_some() {
                                return Err(serde::de::Error::duplicate_field("accelerator"));
                            }
                            accelerator__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Pid => {
                            if pid__.is_some() {
                                return Err(serde::de::Error::duplicate_field("pid"));
                            }
                            pid__ = 
                                map_.next_value::<::std::option::Option<::pbjson::private::NumberDeserialize<_>>>()?.map(|x| x.0)
                            ;
                        }
                        GeneratedField::Files => {
                            if files__.is_some() {
                                return Err(serde::de::Error::duplicate_field("files"));
                            }
                            files__ = Some(
                                map_.next_value::<std::collections::HashMap<_, _>>()?
                            );
                        }
                        GeneratedField::__SkipField__ => {
                            let _ = map_.next_value::<serde::de::IgnoredAny>()?;
                        }
                    }
                }
                Ok(Runtime {
                    driver: driver__.unwrap_or_default(),
                    accelerator: accelerator__.unwrap_or_default(),
                    pid: pid__,
                    files: files__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("hypervisor.v1.Runtime", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for SelfTestSummary {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if self.passed {
            len += 1;
        }
        if self.started_at.is_some() {
            len += 1;
        }
        if self.duration_ms != 0 {
            len += 1;
        }
        if self.total != 0 {
            len += 1;
        }
        if self.failed != 0 {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("hypervisor.v1.SelfTestSummary", len)?;
        if self.passed {
            struct_ser.serialize_field("passed", &self.passed)?;
        }
        if let Some(v) = self.started_at.as_ref() {
            struct_ser.serialize_field("started_at", v)?;
        }
        if self.duration_ms != 0 {
            struct_ser.serialize_field("duration_ms", &self.duration_ms)?;
        }
        if self.total != 0 {
            struct_ser.serialize_field("total", &self.total)?;
        }
        if self.failed != 0 {
            struct_ser.serialize_field("failed", &self.failed)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for SelfTestSummary {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "passed",
            "started_at",
            "startedAt",
            "duration_ms",
            "durationMs",
            "total",
            "failed",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Passed,
            StartedAt,
            DurationMs,
            Total,
            Failed,
            __SkipField__,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "passed" => Ok(GeneratedField::Passed),
                            "startedAt" | "started_at" => Ok(GeneratedField::StartedAt),
                            "durationMs" | "duration_ms" => Ok(GeneratedField::DurationMs),
                            "total" => Ok(GeneratedField::Total),
                            "failed" => Ok(GeneratedField::Failed),
                            _ => Ok(GeneratedField::__SkipField__),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = SelfTestSummary;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct hypervisor.v1.SelfTestSummary")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<SelfTestSummary, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut passed__ = None;
                let mut started_at__ = None;
                let mut duration_ms__ = None;
                let mut total__ = None;
                let mut failed__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Passed => {
                            if passed__.is_some() {
                                return Err(serde::de::Error::duplicate_field("passed"));
                            }
                            passed__ = Some(map_.next_value()?);
                        }
                        GeneratedField::StartedAt => {
                            if started_at__.is_some() {
                                return Err(serde::de::Error::duplicate_field("startedAt"));
                            }
                            started_at__ = map_.next_value()?;
                        }
                        GeneratedField::DurationMs => {
                            if duration_ms__.is_some() {
                                return Err(serde::de::Error::duplicate_field("durationMs"));
                            }
                            duration_ms__ = 
                                Some(map_.next_value::<::pbjson::private::NumberDeserialize<_>>()?.0)
                            ;
                        }
                        GeneratedField::Total => {
                            if total__.is_some() {
                                return Err(serde::de::Error::duplicate_field("total"));
                            }
                            total__ = 
                                Some(map_.next_value::<::pbjson::private::NumberDeserialize<_>>()?.0)
                            ;
                        }
                        GeneratedField::Failed => {
                            if failed__.is_some() {
                                return Err(serde::de::Error::duplicate_field("failed"));
                            }
                            failed__ = 
                                Some(map_.next_value::<::pbjson::private::NumberDeserialize<_>>()?.0)
                            ;
                        }
                        GeneratedField::__SkipField__ => {
                            let _ = map_.next_value::<serde::de::IgnoredAny>()?;
                        }
                    }
                }
                Ok(SelfTestSummary {
                    passed: passed__.unwrap_or_default(),
                    started_at: started_at__,
                    duration_ms: duration_ms__.unwrap_or_default(),
                    total: total__.unwrap_or_default(),
                    failed: failed__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("hypervisor.v1.SelfTestSummary", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for Snapshot {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.vm.is_empty() {
            len += 1;
        }
        if !self.name.is_empty() {
            len += 1;
        }
        if self.description.is_some() {
            len += 1;
        }
        if self.include_memory {
            len += 1;
        }
        if !self.vm_state.is_empty() {
            len += 1;
        }
        if self.cpu.is_some() {
            len += 1;
        }
        if self.memory.is_some() {
            len += 1;
        }
        if self.devices.is_some() {
            len += 1;
        }
        if self.boot.is_some() {
            len += 1;
        }
        if self.created_at.is_some() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("hypervisor.v1.Snapshot", len)?;
        if !self.vm.is_empty() {
            struct_ser.serialize_field("vm", &self.vm)?;
        }
        if !self.name.is_empty() {
            struct_ser.serialize_field("name", &self.name)?;
        }
        if let Some(v) = self.description.as_ref() {
            struct_ser.serialize_field("description", v)?;
        }
        if self.include_memory {
            struct_ser.serialize_field("include_memory", &self.include_memory)?;
        }
        if !self.vm_state.is_empty() {
            struct_ser.serialize_field("vm_state", &self.vm_state)?;
        }
        if let Some(v) = self.cpu.as_ref() {
            struct_ser.serialize_field("cpu", v)?;
        }
        if let Some(v) = self.memory.as_ref() {
            struct_ser.serialize_field("memory", v)?;
        }
        if let Some(v) = self.devices.as_ref() {
            struct_ser.serialize_field("devices", v)?;
        }
        if let Some(v) = self.boot.as_ref() {
            struct_ser.serialize_field("boot", v)?;
        }
        if let Some(v) = self.created_at.as_ref() {
            struct_ser.serialize_field("created_at", v)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for Snapshot {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "vm",
            "name",
            "description",
            "include_memory",
            "includeMemory",
            "vm_state",
            "vmState",
            "cpu",
            "memory",
            "devices",
            "boot",
            "created_at",
            "createdAt",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Vm,
            Name,
            Description,
            IncludeMemory,
            VmState,
            Cpu,
            Memory,
            Devices,
            Boot,
            CreatedAt,
            __SkipField__,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "vm" => Ok(GeneratedField::Vm),
                            "name" => Ok(GeneratedField::Name),
                            "description" => Ok(GeneratedField::Description),
                            "includeMemory" | "include_memory" => Ok(GeneratedField::IncludeMemory),
                            "vmState" | "vm_state" => Ok(GeneratedField::VmState),
                            "cpu" => Ok(GeneratedField::Cpu),
                            "memory" => Ok(GeneratedField::Memory),
                            "devices" => Ok(GeneratedField::Devices),
                            "boot" => Ok(GeneratedField::Boot),
                            "createdAt" | "created_at" => Ok(GeneratedField::CreatedAt),
                            _ => Ok(GeneratedField::__SkipField__),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = Snapshot;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct hypervisor.v1.Snapshot")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<Snapshot, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut vm__ = None;
                let mut name__ = None;
                let mut description__ = None;
                let mut include_memory__ = None;
                let mut vm_state__ = None;
                let mut cpu__ = None;
                let mut memory__ = None;
                let mut devices__ = None;
                let mut boot__ = None;
                let mut created_at__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Vm => {
                            if vm__.is_some() {
                                return Err(serde::de::Error::duplicate_field("vm"));
                            }
                            vm__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Name => {
                            if name__.is_some() {
                                return Err(serde::de::Error::duplicate_field("name"));
                            }
                            name__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Description => {
                            if description__.is_some() {
                                return Err(serde::de::Error::duplicate_field("description"));
                            }
                            description__ = map_.next_value()?;
                        }
                        GeneratedField::IncludeMemory => {
                            if include_memory__.is_some() {
                                return Err(serde::de::Error::duplicate_field("includeMemory"));
                            }
                            include_memory__ = Some(map_.next_value()?);
                        }
                        GeneratedField::VmState => {
                            if vm_state__.is_some() {
                                return Err(serde::de::Error::duplicate_field("vmState"));
                            }
                            vm_state__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Cpu => {
                            if cpu__.is_some() {
                                return Err(serde::de::Error::duplicate_field("cpu"));
                            }
                            cpu__ = map_.next_value()?;
                        }
                        GeneratedField::Memory => {
                            if memory__.is_some() {
                                return Err(serde::de::Error::duplicate_field("memory"));
                            }
                            memory__ = map_.next_value()?;
                        }
                        GeneratedField::Devices => {
                            if devices__.is_some() {
                                return Err(serde::de::Error::duplicate_field("devices"));
                            }
                            devices__ = map_.next_value()?;
                        }
                        GeneratedField::Boot => {
                            if boot__.is_some() {
                                return Err(serde::de::Error::duplicate_field("boot"));
                            }
                            boot__ = map_.next_value()?;
                        }
                        GeneratedField::CreatedAt => {
                            if created_at__.is_some() {
                                return Err(serde::de::Error::duplicate_field("createdAt"));
                            }
                            created_at__ = map_.next_value()?;
                        }
                        GeneratedField::__SkipField__ => {
                            let _ = map_.next_value::<serde::de::IgnoredAny>()?;
                        }
                    }
                }
                Ok(Snapshot {
                    vm: vm__.unwrap_or_default(),
                    name: name__.unwrap_or_default(),
                    description: description__,
                    include_memory: include_memory__.unwrap_or_default(),
                    vm_state: vm_state__.unwrap_or_default(),
                    cpu: cpu__,
                    memory: memory__,
                    devices: devices__,
                    boot: boot__,
                    created_at: created_at__,
                })
            }
        }
        deserializer.deserialize_struct("hypervisor.v1.Snapshot", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for SnapshotSpec {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.name.is_empty() {
            len += 1;
        }
        if self.description.is_some() {
            len += 1;
        }
        if self.include_memory {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("hypervisor.v1.SnapshotSpec", len)?;
        if !self.name.is_empty() {
            struct_ser.serialize_field("name", &self.name)?;
        }
        if let Some(v) = self.description.as_ref() {
            struct_ser.serialize_field("description", v)?;
        }
        if self.include_memory {
            struct_ser.serialize_field("include_memory", &self.include_memory)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for SnapshotSpec {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "name",
            "description",
            "include_memory",
            "includeMemory",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Name,
            Description,
            IncludeMemory,
            __SkipField__,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "name" => Ok(GeneratedField::Name),
                            "description" => Ok(GeneratedField::Description),
                            "includeMemory" | "include_memory" => Ok(GeneratedField::IncludeMemory),
                            _ => Ok(GeneratedField::__SkipField__),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = SnapshotSpec;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct hypervisor.v1.SnapshotSpec")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<SnapshotSpec, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut name__ = None;
                let mut description__ = None;
                let mut include_memory__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Name => {
                            if name__.is_some() {
                                return Err(serde::de::Error::duplicate_field("name"));
                            }
                            name__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Description => {
                            if description__.is_some() {
                                return Err(serde::de::Error::duplicate_field("description"));
                            }
                            description__ = map_.next_value()?;
                        }
                        GeneratedField::IncludeMemory => {
                            if include_memory__.is_some() {
                                return Err(serde::de::Error::duplicate_field("includeMemory"));
                            }
                            include_memory__ = Some(map_.next_value()?);
                        }
                        GeneratedField::__SkipField__ => {
                            let _ = map_.next_value::<serde::de::IgnoredAny>()?;
                        }
                    }
                }
                Ok(SnapshotSpec {
                    name: name__.unwrap_or_default(),
                    description: description__,
                    include_memory: include_memory__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("hypervisor.v1.SnapshotSpec", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for StopVmRequest {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.name.is_empty() {
            len += 1;
        }
        if self.force {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("hypervisor.v1.StopVmRequest", len)?;
        if !self.name.is_empty() {
            struct_ser.serialize_field("name", &self.name)?;
        }
        if self.force {
            struct_ser.serialize_field("force", &self.force)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for StopVmRequest {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "name",
            "force",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Name,
            Force,
            __SkipField__,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "name" => Ok(GeneratedField::Name),
                            "force" => Ok(GeneratedField::Force),
                            _ => Ok(GeneratedField::__SkipField__),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = StopVmRequest;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct hypervisor.v1.StopVmRequest")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<StopVmRequest, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut name__ = None;
                let mut force__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Name => {
                            if name__.is_some() {
                                return Err(serde::de::Error::duplicate_field("name"));
                            }
                            name__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Force => {
                            if force__.is_some() {
                                return Err(serde::de::Error::duplicate_field("force"));
                            }
                            force__ = Some(map_.next_value()?);
                        }
                        GeneratedField::__SkipField__ => {
                            let _ = map_.next_value::<serde::de::IgnoredAny>()?;
                        }
                    }
                }
                Ok(StopVmRequest {
                    name: name__.unwrap_or_default(),
                    force: force__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("hypervisor.v1.StopVmRequest", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for StorageDevice {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.r#type.is_empty() {
            len += 1;
        }
        if !self.path.is_empty() {
            len += 1;
        }
        if self.format.is_some() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("hypervisor.v1.StorageDevice", len)?;
        if !self.r#type.is_empty() {
            struct_ser.serialize_field("type", &self.r#type)?;
        }
        if !self.path.is_empty() {
            struct_ser.serialize_field("path", &self.path)?;
        }
        if let Some(v) = self.format.as_ref() {
            struct_ser.serialize_field("format", v)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for StorageDevice {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "type",
            "path",
            "format",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Type,
            Path,
            Format,
            __SkipField__,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "type" => Ok(GeneratedField::Type),
                            "path" => Ok(GeneratedField::Path),
                            "format" => Ok(GeneratedField::Format),
                            _ => Ok(GeneratedField::__SkipField__),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = StorageDevice;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct hypervisor.v1.StorageDevice")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<StorageDevice, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut r#type__ = None;
                let mut path__ = None;
                let mut format__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Type => {
                            if r#type__.is_some() {
                                return Err(serde::de::Error::duplicate_field("type"));
                            }
                            r#type__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Path => {
                            if path__.is_some() {
                                return Err(serde::de::Error::duplicate_field("path"));
                            }
                            path__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Format => {
                            if format__.is_some() {
                                return Err(serde::de::Error::duplicate_field("format"));
                            }
                            format__ = map_.next_value()?;
                        }
                        GeneratedField::__SkipField__ => {
                            let _ = map_.next_value::<serde::de::IgnoredAny>()?;
                        }
                    }
                }
                Ok(StorageDevice {
                    r#type: r#type__.unwrap_or_default(),
                    path: path__.unwrap_or_default(),
                    format: format__,
                })
            }
        }
        deserializer.deserialize_struct("hypervisor.v1.StorageDevice", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for StoragePool {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.name.is_empty() {
            len += 1;
        }
        if !self.path.is_empty() {
            len += 1;
        }
        if self.capacity.is_some() {
            len += 1;
        }
        if self.capacity_bytes.is_some() {
            len += 1;
        }
        if self.images != 0 {
            len += 1;
        }
        if self.allocated_bytes != 0 {
            len += 1;
        }
        if self.filesystem.is_some() {
            len += 1;
        }
        if self.created_at.is_some() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("hypervisor.v1.StoragePool", len)?;
        if !self.name.is_empty() {
            struct_ser.serialize_field("name", &self.name)?;
        }
        if !self.path.is_empty() {
            struct_ser.serialize_field("path", &self.path)?;
        }
        if let Some(v) = self.capacity.as_ref() {
            struct_ser.serialize_field("capacity", v)?;
        }
        if let Some(v) = self.capacity_bytes.as_ref() {
            #[allow(clippy::needless_borrow)]
            #[allow(clippy::needless_borrows_for_generic_args)]
            struct_ser.serialize_field("capacity_bytes", ToString::to_string(&v).as_str())?;
        }
        if self.images != 0 {
            #[allow(clippy::needless_borrow)]
            #[allow(clippy::needless_borrows_for_generic_args)]
            struct_ser.serialize_field("images", ToString::to_string(&self.images).as_str())?;
        }
        if self.allocated_bytes != 0 {
            #[allow(clippy::needless_borrow)]
            #[allow(clippy::needless_borrows_for_generic_args)]
            struct_ser.serialize_field("allocated_bytes", ToString::to_string(&self.allocated_bytes).as_str())?;
        }
        if let Some(v) = self.filesystem.as_ref() {
            struct_ser.serialize_field("filesystem", v)?;
        }
        if let Some(v) = self.created_at.as_ref() {
            struct_ser.serialize_field("created_at", v)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for StoragePool {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "name",
            "path",
            "capacity",
            "capacity_bytes",
            "capacityBytes",
            "images",
            "allocated_bytes",
            "allocatedBytes",
            "filesystem",
            "created_at",
            "createdAt",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Name,
            Path,
            Capacity,
            CapacityBytes,
            Images,
            AllocatedBytes,
            Filesystem,
            CreatedAt,
            __SkipField__,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "name" => Ok(GeneratedField::Name),
                            "path" => Ok(GeneratedField::Path),
                            "capacity" => Ok(GeneratedField::Capacity),
                            "capacityBytes" | "capacity_bytes" => Ok(GeneratedField::CapacityBytes),
                            "images" => Ok(GeneratedField::Images),
                            "allocatedBytes" | "allocated_bytes" => Ok(GeneratedField::AllocatedBytes),
                            "filesystem" => Ok(GeneratedField::Filesystem),
                            "createdAt" | "created_at" => Ok(GeneratedField::CreatedAt),
                            _ => Ok(GeneratedField::__SkipField__),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = StoragePool;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct hypervisor.v1.StoragePool")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<StoragePool, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut name__ = None;
                let mut path__ = None;
                let mut capacity__ = None;
                let mut capacity_bytes__ = None;
                let mut images__ = None;
                let mut allocated_bytes__ = None;
                let mut filesystem__ = None;
                let mut created_at__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Name => {
                            if name__.is_some() {
                                return Err(serde::de::Error::duplicate_field("name"));
                            }
                            name__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Path => {
                            if path__.is_some() {
                                return Err(serde::de::Error::duplicate_field("path"));
                            }
                            path__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Capacity => {
                            if capacity__.is_some() {
                                return Err(serde::de::Error::duplicate_field("capacity"));
                            }
                            capacity__ = map_.next_value()?;
                        }
                        GeneratedField::CapacityBytes => {
                            if capacity_bytes__.is_some() {
                                return Err(serde::de::Error::duplicate_field("capacityBytes"));
                            }
                            capacity_bytes__ = 
                                map_.next_value::<::std::option::Option<::pbjson::private::NumberDeserialize<_>>>()?.map(|x| x.0)
                            ;
                        }
                        GeneratedField::Images => {
                            if images__.is_some() {
                                return Err(serde::de::Error::duplicate_field("images"));
                            }
                            images__ = 
                                Some(map_.next_value::<::pbjson::private::NumberDeserialize<_>>()?.0)
                            ;
                        }
                        GeneratedField::AllocatedBytes => {
                            if allocated_bytes__.is_some() {
                                return Err(serde::de::Error::duplicate_field("allocatedBytes"));
                            }
                            allocated_bytes__ = 
                                Some(map_.next_value::<::pbjson::private::NumberDeserialize<_>>()?.0)
                            ;
                        }
                        GeneratedField::Filesystem => {
                            if filesystem__.is_some() {
                                return Err(serde::de::Error::duplicate_field("filesystem"));
                            }
                            filesystem__ = map_.next_value()?;
                        }
                        GeneratedField::CreatedAt => {
                            if created_at__.is_some() {
                                return Err(serde::de::Error::duplicate_field("createdAt"));
                            }
                            created_at__ = map_.next_value()?;
                        }
                        GeneratedField::__SkipField__ => {
                            let _ = map_.next_value::<serde::de::IgnoredAny>()?;
                        }
                    }
                }
                Ok(StoragePool {
                    name: name__.unwrap_or_default(),
                    path: path__.unwrap_or_default(),
                    capacity: capacity__,
                    capacity_bytes: capacity_bytes__,
                    images: images__.unwrap_or_default(),
                    allocated_bytes: allocated_bytes__.unwrap_or_default(),
                    filesystem: filesystem__,
                    created_at: created_at__,
                })
            }
        }
        deserializer.deserialize_struct("hypervisor.v1.StoragePool", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for SystemInfo {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.hostname.is_empty() {
            len += 1;
        }
        if self.cpu.is_some() {
            len += 1;
        }
        if !self.memory_total.is_empty() {
            len += 1;
        }
        if self.memory_total_bytes != 0 {
            len += 1;
        }
        if !self.kernel.is_empty() {
            len += 1;
        }
        if self.qemu_version.is_some() {
            len += 1;
        }
        if self.kvm.is_some() {
            len += 1;
        }
        if !self.driver.is_empty() {
            len += 1;
        }
        if !self.accelerator.is_empty() {
            len += 1;
        }
        if self.accelerator_selection.is_some() {
            len += 1;
        }
        if !self.version.is_empty() {
            len += 1;
        }
        if self.tls.is_some() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("hypervisor.v1.SystemInfo", len)?;
        if !self.hostname.is_empty() {
            struct_ser.serialize_field("hostname", &self.hostname)?;
        }
        if let Some(v) = self.cpu.as_ref() {
            struct_ser.serialize_field("cpu", v)?;
        }
        if !self.memory_total.is_empty() {
            struct_ser.serialize_field("memory_total", &self.memory_total)?;
        }
        if self.memory_total_bytes != 0 {
            #[allow(clippy::needless_borrow)]
            #[allow(clippy::needless_borrows_for_generic_args)]
            struct_ser.serialize_field("memory_total_bytes", ToString::to_string(&self.memory_total_bytes).as_str())?;
        }
        if !self.kernel.is_empty() {
            struct_ser.serialize_field("kernel", &self.kernel)?;
        }
        if let Some(v) = self.qemu_version.as_ref() {
            struct_ser.serialize_field("qemu_version", v)?;
        }
        if let Some(v) = self.kvm.as_ref() {
            struct_ser.serialize_field("kvm", v)?;
        }
        if !self.driver.is_empty() {
            struct_ser.serialize_field("driver", &self.driver)?;
        }
        if !self.accelerator.is_empty() {
            struct_ser.serialize_field("accelerator", &self.accelerator)?;
        }
        if let Some(v) = self.accelerator_selection.as_ref() {
            struct_ser.serialize_field("accelerator_selection", v)?;
        }
        if !self.version.is_empty() {
            struct_ser.serialize_field("version", &self.version)?;
        }
        if let Some(v) = self.tls.as_ref() {
            struct_ser.serialize_field("tls", v)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for SystemInfo {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "hostname",
            "cpu",
            "memory_total",
            "memoryTotal",
            "memory_total_bytes",
            "memoryTotalBytes",
            "kernel",
            "qemu_version",
            "qemuVersion",
            "kvm",
            "driver",
            "accelerator",
            "accelerator_selection",
            "acceleratorSelection",
            "version",
            "tls",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Hostname,
            Cpu,
            MemoryTotal,
            MemoryTotalBytes,
            Kernel,
            QemuVersion,
            Kvm,
            Driver,
            Accelerator,
            AcceleratorSelection,
            Version,
            Tls,
            __SkipField__,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "hostname" => Ok(GeneratedField::Hostname),
                            "cpu" => Ok(GeneratedField::Cpu),
                            "memoryTotal" | "memory_total" => Ok(GeneratedField::MemoryTotal),
                            "memoryTotalBytes" | "memory_total_bytes" => Ok(GeneratedField::MemoryTotalBytes),
                            "kernel" => Ok(GeneratedField::Kernel),
                            "qemuVersion" | "qemu_version" => Ok(GeneratedField::QemuVersion),
                            "kvm" => Ok(GeneratedField::Kvm),
                            "driver" => Ok(GeneratedField::Driver),
                            "accelerator" => Ok(GeneratedField::Accelerator),
                            "acceleratorSelection" | "accelerator_selection" => Ok(GeneratedField::AcceleratorSelection),
                            "version" => Ok(GeneratedField::Version),
                            "tls" => Ok(GeneratedField::Tls),
                            _ => Ok(GeneratedField::__SkipField__),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = SystemInfo;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct hypervisor.v1.SystemInfo")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<SystemInfo, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut hostname__ = None;
                let mut cpu__ = None;
                let mut memory_total__ = None;
                let mut memory_total_bytes__ = None;
                let mut kernel__ = None;
                let mut qemu_version__ = None;
                let mut kvm__ = None;
                let mut driver__ = None;
                let mut accelerator__ = None;
                let mut accelerator_selection__ = None;
                let mut version__ = None;
                let mut tls__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Hostname => {
                            if hostname__.is_some() {
                                return Err(serde::de::Error::duplicate_field("hostname"));
                            }
                            hostname__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Cpu => {
                            if cpu__.is_some() {
                                return Err(serde::de::Error::duplicate_field("cpu"));
                            }
                            cpu__ = map_.next_value()?;
                        }
                        GeneratedField::MemoryTotal => {
                            if memory_total__.is_some() {
                                return Err(serde::de::Error::duplicate_field("memoryTotal"));
                            }
                            memory_total__ = Some(map_.next_value()?);
                        }
                        GeneratedField::MemoryTotalBytes => {
                            if memory_total_bytes__.is_some() {
                                return Err(serde::de::Error::duplicate_field("memoryTotalBytes"));
                            }
                            memory_total_bytes__ = 
                                Some(map_.next_value::<::pbjson::private::NumberDeserialize<_>>()?.0)
                            ;
                        }
                        GeneratedField::Kernel => {
                            if kernel__.is_some() {
                                return Err(serde::de::Error::duplicate_field("kernel"));
                            }
                            kernel__ = Some(map_.next_value()?);
                        }
                        GeneratedField::QemuVersion => {
                            if qemu_version__.is_some() {
                                return Err(serde::de::Error::duplicate_field("qemuVersion"));
                            }
                            qemu_version__ = map_.next_value()?;
                        }
                        GeneratedField::Kvm => {
                            if kvm__.is_some() {
                                return Err(serde::de::Error::duplicate_field("kvm"));
                            }
                            kvm__ = map_.next_value()?;
                        }
                        GeneratedField::Driver => {
                            if driver__.is_some() {
                                return Err(serde::de::Error::duplicate_field("driver"));
                            }
                            driver__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Accelerator => {
                            if accelerator__.is_some() {
                                return Err(serde::de::Error::duplicate_field("accelerator"));
                            }
                            accelerator__ = Some(map_.next_value()?);
                        }
                        GeneratedField::AcceleratorSelection => {
                            if accelerator_selection__.is_some() {
                                return Err(serde::de::Error::duplicate_field("acceleratorSelection"));
                            }
                            accelerator_selection__ = map_.next_value()?;
                        }
                        GeneratedField::Version => {
                            if version__.is_some() {
                                return Err(serde::de::Error::duplicate_field("version"));
                            }
                            version__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Tls => {
                            if tls__.is_some() {
                                return Err(serde::de::Error::duplicate_field("tls"));
                            }
                            tls__ = map_.next_value()?;
                        }
                        GeneratedField::__SkipField__ => {
                            let _ = map_.next_value::<serde::de::IgnoredAny>()?;
                        }
                    }
                }
                Ok(SystemInfo {
                    hostname: hostname__.unwrap_or_default(),
                    cpu: cpu__,
                    memory_total: memory_total__.unwrap_or_default(),
                    memory_total_bytes: memory_total_bytes__.unwrap_or_default(),
                    kernel: kernel__.unwrap_or_default(),
                    qemu_version: qemu_version__,
                    kvm: kvm__,
                    driver: driver__.unwrap_or_default(),
                    accelerator: accelerator__.unwrap_or_default(),
                    accelerator_selection: accelerator_selection__,
                    version: version__.unwrap_or_default(),
                    tls: tls__,
                })
            }
        }
        deserializer.deserialize_struct("hypervisor.v1.SystemInfo", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for SystemStats {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if self.cpu.is_some() {
            len += 1;
        }
        if self.memory.is_some() {
            len += 1;
        }
        if self.load_average.is_some() {
            len += 1;
        }
        if self.uptime_seconds != 0 {
            len += 1;
        }
        if !self.storage_pools.is_empty() {
            len += 1;
        }
        if self.running_vms != 0 {
            len += 1;
        }
        if self.sampled_at.is_some() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("hypervisor.v1.SystemStats", len)?;
        if let Some(v) = self.cpu.as_ref() {
            struct_ser.serialize_field("cpu", v)?;
        }
        if let Some(v) = self.memory.as_ref() {
            struct_ser.serialize_field("memory", v)?;
        }
        if let Some(v) = self.load_average.as_ref() {
            struct_ser.serialize_field("load_average", v)?;
        }
        if self.uptime_seconds != 0 {
            #[allow(clippy::needless_borrow)]
            #[allow(clippy::needless_borrows_for_generic_args)]
            struct_ser.serialize_field("uptime_seconds", ToString::to_string(&self.uptime_seconds).as_str())?;
        }
        if !self.storage_pools.is_empty() {
            struct_ser.serialize_field("storage_pools", &self.storage_pools)?;
        }
        if self.running_vms != 0 {
            struct_ser.serialize_field("running_vms", &self.running_vms)?;
        }
        if let Some(v) = self.sampled_at.as_ref() {
            struct_ser.serialize_field("sampled_at", v)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for SystemStats {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "cpu",
            "memory",
            "load_average",
            "loadAverage",
            "uptime_seconds",
            "uptimeSeconds",
            "storage_pools",
            "storagePools",
            "running_vms",
            "runningVms",
            "sampled_at",
            "sampledAt",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Cpu,
            Memory,
            LoadAverage,
            UptimeSeconds,
            StoragePools,
            RunningVms,
            SampledAt,
            __SkipField__,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "cpu" => Ok(GeneratedField::Cpu),
                            "memory" => Ok(GeneratedField::Memory),
                            "loadAverage" | "load_average" => Ok(GeneratedField::LoadAverage),
                            "uptimeSeconds" | "uptime_seconds" => Ok(GeneratedField::UptimeSeconds),
                            "storagePools" | "storage_pools" => Ok(GeneratedField::StoragePools),
                            "runningVms" | "running_vms" => Ok(GeneratedField::RunningVms),
                            "sampledAt" | "sampled_at" => Ok(GeneratedField::SampledAt),
                            _ => Ok(GeneratedField::__SkipField__),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = SystemStats;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct hypervisor.v1.SystemStats")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<SystemStats, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut cpu__ = None;
                let mut memory__ = None;
                let mut load_average__ = None;
                let mut uptime_seconds__ = None;
                let mut storage_pools__ = None;
                let mut running_vms__ = None;
                let mut sampled_at__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Cpu => {
                            if cpu__.is_some() {
                                return Err(serde::de::Error::duplicate_field("cpu"));
                            }
                            cpu__ = map_.next_value()?;
                        }
                        GeneratedField::Memory => {
                            if memory__.is_some() {
                                return Err(serde::de::Error::duplicate_field("memory"));
                            }
                            memory__ = map_.next_value()?;
                        }
                        GeneratedField::LoadAverage => {
                            if load_average__.is_some() {
                                return Err(serde::de::Error::duplicate_field("loadAverage"));
                            }
                            load_average__ = map_.next_value()?;
                        }
                        GeneratedField::UptimeSeconds => {
                            if uptime_seconds__.is_some() {
                                return Err(serde::de::Error::duplicate_field("uptimeSeconds"));
                            }
                            uptime_seconds__ = 
                                Some(map_.next_value::<::pbjson::private::NumberDeserialize<_>>()?.0)
                            ;
                        }
                        GeneratedField::StoragePools => {
                            if storage_pools__.is_some() {
                                return Err(serde::de::Error::duplicate_field("storagePools"));
                            }
                            storage_pools__ = Some(map_.next_value()?);
                        }
                        GeneratedField::RunningVms => {
                            if running_vms__.is_some() {
                                return Err(serde::de::Error::duplicate_field("runningVms"));
                            }
                            running_vms__ = 
                                Some(map_.next_value::<::pbjson::private::NumberDeserialize<_>>()?.0)
                            ;
                        }
                        GeneratedField::SampledAt => {
                            if sampled_at__.is_some() {
                                return Err(serde::de::Error::duplicate_field("sampledAt"));
                            }
                            sampled_at__ = map_.next_value()?;
                        }
                        GeneratedField::__SkipField__ => {
                            let _ = map_.next_value::<serde::de::IgnoredAny>()?;
                        }
                    }
                }
                Ok(SystemStats {
                    cpu: cpu__,
                    memory: memory__,
                    load_average: load_average__,
                    uptime_seconds: uptime_seconds__.unwrap_or_default(),
                    storage_pools: storage_pools__.unwrap_or_default(),
                    running_vms: running_vms__.unwrap_or_default(),
                    sampled_at: sampled_at__,
                })
            }
        }
        deserializer.deserialize_struct("hypervisor.v1.SystemStats", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for TlsInfo {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if self.enabled {
            len += 1;
        }
        if self.fingerprint.is_some() {
            len += 1;
        }
        if self.self_signed {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("hypervisor.v1.TlsInfo", len)?;
        if self.enabled {
            struct_ser.serialize_field("enabled", &self.enabled)?;
        }
        if let Some(v) = self.fingerprint.as_ref() {
            struct_ser.serialize_field("fingerprint", v)?;
        }
        if self.self_signed {
            struct_ser.serialize_field("self_signed", &self.self_signed)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for TlsInfo {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "enabled",
            "fingerprint",
            "self_signed",
            "selfSigned",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Enabled,
            Fingerprint,
            SelfSigned,
            __SkipField__,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "enabled" => Ok(GeneratedField::Enabled),
                            "fingerprint" => Ok(GeneratedField::Fingerprint),
                            "selfSigned" | "self_signed" => Ok(GeneratedField::SelfSigned),
                            _ => Ok(GeneratedField::__SkipField__),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = TlsInfo;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct hypervisor.v1.TlsInfo")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<TlsInfo, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut enabled__ = None;
                let mut fingerprint__ = None;
                let mut self_signed__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Enabled => {
                            if enabled__.is_some() {
                                return Err(serde::de::Error::duplicate_field("enabled"));
                            }
                            enabled__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Fingerprint => {
                            if fingerprint__.is_some() {
                                return Err(serde::de::Error::duplicate_field("fingerprint"));
                            }
                            fingerprint__ = map_.next_value()?;
                        }
                        GeneratedField::SelfSigned => {
                            if self_signed__.is_some() {
                                return Err(serde::de::Error::duplicate_field("selfSigned"));
                            }
                            self_signed__ = Some(map_.next_value()?);
                        }
                        GeneratedField::__SkipField__ => {
                            let _ = map_.next_value::<serde::de::IgnoredAny>()?;
                        }
                    }
                }
                Ok(TlsInfo {
                    enabled: enabled__.unwrap_or_default(),
                    fingerprint: fingerprint__,
                    self_signed: self_signed__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("hypervisor.v1.TlsInfo", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for TokenInfo {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.name.is_empty() {
            len += 1;
        }
        if !self.scopes.is_empty() {
            len += 1;
        }
        if self.created_at.is_some() {
            len += 1;
        }
        if self.last_used_at.is_some() {
            len += 1;
        }
        if self.expires_at.is_some() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("hypervisor.v1.TokenInfo", len)?;
        if !self.name.is_empty() {
            struct_ser.serialize_field("name", &self.name)?;
        }
        if !self.scopes.is_empty() {
            struct_ser.serialize_field("scopes", &self.scopes)?;
        }
        if let Some(v) = self.created_at.as_ref() {
            struct_ser.serialize_field("created_at", v)?;
        }
        if let Some(v) = self.last_used_at.as_ref() {
            struct_ser.serialize_field("last_used_at", v)?;
        }
        if let Some(v) = self.expires_at.as_ref() {
            struct_ser.serialize_field("expires_at", v)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for TokenInfo {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "name",
            "scopes",
            "created_at",
            "createdAt",
            "last_used_at",
            "lastUsedAt",
            "expires_at",
            "expiresAt",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Name,
            Scopes,
            CreatedAt,
            LastUsedAt,
            ExpiresAt,
            __SkipField__,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "name" => Ok(GeneratedField::Name),
                            "scopes" => Ok(GeneratedField::Scopes),
                            "createdAt" | "created_at" => Ok(GeneratedField::CreatedAt),
                            "lastUsedAt" | "last_used_at" => Ok(GeneratedField::LastUsedAt),
                            "expiresAt" | "expires_at" => Ok(GeneratedField::ExpiresAt),
                            _ => Ok(GeneratedField::__SkipField__),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = TokenInfo;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct hypervisor.v1.TokenInfo")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<TokenInfo, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut name__ = None;
                let mut scopes__ = None;
                let mut created_at__ = None;
                let mut last_used_at__ = None;
                let mut expires_at__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Name => {
                            if name__.is_some() {
                                return Err(serde::de::Error::duplicate_field("name"));
                            }
                            name__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Scopes => {
                            if scopes__.is_some() {
                                return Err(serde::de::Error::duplicate_field("scopes"));
                            }
                            scopes__ = Some(map_.next_value()?);
                        }
                        GeneratedField::CreatedAt => {
                            if created_at__.is_some() {
                                return Err(serde::de::Error::duplicate_field("createdAt"));
                            }
                            created_at__ = map_.next_value()?;
                        }
                        GeneratedField::LastUsedAt => {
                            if last_used_at__.is_some() {
                                return Err(serde::de::Error::duplicate_field("lastUsedAt"));
                            }
                            last_used_at__ = map_.next_value()?;
                        }
                        GeneratedField::ExpiresAt => {
                            if expires_at__.is_some() {
                                return Err(serde::de::Error::duplicate_field("expiresAt"));
                            }
                            expires_at__ = map_.next_value()?;
                        }
                        GeneratedField::__SkipField__ => {
                            let _ = map_.next_value::<serde::de::IgnoredAny>()?;
                        }
                    }
                }
                Ok(TokenInfo {
                    name: name__.unwrap_or_default(),
                    scopes: scopes__.unwrap_or_default(),
                    created_at: created_at__,
                    last_used_at: last_used_at__,
                    expires_at: expires_at__,
                })
            }
        }
        deserializer.deserialize_struct("hypervisor.v1.TokenInfo", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for TunnelConfig {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.peer_url.is_empty() {
            len += 1;
        }
        if !self.peer_token.is_empty() {
            len += 1;
        }
        if !self.peer_signing_key.is_empty() {
            len += 1;
        }
        if !self.signing_key.is_empty() {
            len += 1;
        }
        if self.listen_port != 0 {
            len += 1;
        }
        if !self.endpoint.is_empty() {
            len += 1;
        }
        if !self.remote_subnets.is_empty() {
            len += 1;
        }
        if self.rekey_seconds.is_some() {
            len += 1;
        }
        if self.peer_fingerprint.is_some() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("hypervisor.v1.TunnelConfig", len)?;
        if !self.peer_url.is_empty() {
            struct_ser.serialize_field("peer_url", &self.peer_url)?;
        }
        if !self.peer_token.is_empty() {
            struct_ser.serialize_field("peer_token", &self.peer_token)?;
        }
        if !self.peer_signing_key.is_empty() {
            struct_ser.serialize_field("peer_signing_key", &self.peer_signing_key)?;
        }
        if !self.signing_key.is_empty() {
            struct_ser.serialize_field("signing_key", &self.signing_key)?;
        }
        if self.listen_port != 0 {
            struct_ser.serialize_field("listen_port", &self.listen_port)?;
        }
        if !self.endpoint.is_empty() {
            struct_ser.serialize_field("endpoint", &self.endpoint)?;
        }
        if !self.remote_subnets.is_empty() {
            struct_ser.serialize_field("remote_subnets", &self.remote_subnets)?;
        }
        if let Some(v) = self.rekey_seconds.as_ref() {
            struct_ser.serialize_field("rekey_seconds", v)?;
        }
        if let Some(v) = self.peer_fingerprint.as_ref() {
            struct_ser.serialize_field("peer_fingerprint", v)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for TunnelConfig {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "peer_url",
            "peerUrl",
            "peer_token",
            "peerToken",
            "peer_signing_key",
            "peerSigningKey",
            "signing_key",
            "signingKey",
            "listen_port",
            "listenPort",
            "endpoint",
            "remote_subnets",
            "remoteSubnets",
            "rekey_seconds",
            "rekeySeconds",
            "peer_fingerprint",
            "peerFingerprint",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            PeerUrl,
            PeerToken,
            PeerSigningKey,
            SigningKey,
            ListenPort,
            Endpoint,
            RemoteSubnets,
            RekeySeconds,
            PeerFingerprint,
            __SkipField__,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "peerUrl" | "peer_url" => Ok(GeneratedField::PeerUrl),
                            "peerToken" | "peer_token" => Ok(GeneratedField::PeerToken),
                            "peerSigningKey" | "peer_signing_key" => Ok(GeneratedField::PeerSigningKey),
                            "signingKey" | "signing_key" => Ok(GeneratedField::SigningKey),
                            "listenPort" | "listen_port" => Ok(GeneratedField::ListenPort),
                            "endpoint" => Ok(GeneratedField::Endpoint),
                            "remoteSubnets" | "remote_subnets" => Ok(GeneratedField::RemoteSubnets),
                            "rekeySeconds" | "rekey_seconds" => Ok(GeneratedField::RekeySeconds),
                            "peerFingerprint" | "peer_fingerprint" => Ok(GeneratedField::PeerFingerprint),
                            _ => Ok(GeneratedField::__SkipField__),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = TunnelConfig;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct hypervisor.v1.TunnelConfig")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<TunnelConfig, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut peer_url__ = None;
                let mut peer_token__ = None;
                let mut peer_signing_key__ = None;
                let mut signing_key__ = None;
                let mut listen_port__ = None;
                let mut endpoint__ = None;
                let mut remote_subnets__ = None;
                let mut rekey_seconds__ = None;
                let mut peer_fingerprint__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::PeerUrl => {
                            if peer_url__.is_some() {
                                return Err(serde::de::Error::duplicate_field("peerUrl"));
                            }
                            peer_url__ = Some(map_.next_value()?);
                        }
                        GeneratedField::PeerToken => {
                            if peer_token__.is_some() {
                                return Err(serde::de::Error::duplicate_field("peerToken"));
                            }
                            peer_token__ = Some(map_.next_value()?);
                        }
                        GeneratedField::PeerSigningKey => {
                            if peer_signing_key__.is_some() {
                                return Err(serde::de::Error::duplicate_field("peerSigningKey"));
                            }
                            peer_signing_key__ = Some(map_.next_value()?);
                        }
                        GeneratedField::SigningKey => {
                            if signing_key__.is_some() {
                                return Err(serde::de::Error::duplicate_field("signingKey"));
                            }
                            signing_key__ = Some(map_.next_value()?);
                        }
                        GeneratedField::ListenPort => {
                            if listen_port__.is_some() {
                                return Err(serde::de::Error::duplicate_field("listenPort"));
                            }
                            listen_port__ = 
                                Some(map_.next_value::<::pbjson::private::NumberDeserialize<_>>()?.0)
                            ;
                        }
                        GeneratedField::Endpoint => {
                            if endpoint__.is_some() {
                                return Err(serde::de::Error::duplicate_field("endpoint"));
                            }
                            endpoint__ = Some(map_.next_value()?);
                        }
                        GeneratedField::RemoteSubnets => {
                            if remote_subnets__.is_some() {
                                return Err(serde::de::Error::duplicate_field("remoteSubnets"));
                            }
                            remote_subnets__ = Some(map_.next_value()?);
                        }
                        GeneratedField::RekeySeconds => {
                            if rekey_seconds__.is_some() {
                                return Err(serde::de::Error::duplicate_field("rekeySeconds"));
                            }
                            rekey_seconds__ = 
                                map_.next_value::<::std::option::Option<::pbjson::private::NumberDeserialize<_>>>()?.map(|x| x.0)
                            ;
                        }
                        GeneratedField::PeerFingerprint => {
                            if peer_fingerprint__.is_some() {
                                return Err(serde::de::Error::duplicate_field("peerFingerprint"));
                            }
                            peer_fingerprint__ = map_.next_value()?;
                        }
                        GeneratedField::__SkipField__ => {
                            let _ = map_.next_value::<serde::de::IgnoredAny>()?;
                        }
                    }
                }
                Ok(TunnelConfig {
                    peer_url: peer_url__.unwrap_or_default(),
                    peer_token: peer_token__.unwrap_or_default(),
                    peer_signing_key: peer_signing_key__.unwrap_or_default(),
                    signing_key: signing_key__.unwrap_or_default(),
                    listen_port: listen_port__.unwrap_or_default(),
                    endpoint: endpoint__.unwrap_or_default(),
                    remote_subnets: remote_subnets__.unwrap_or_default(),
                    rekey_seconds: rekey_seconds__,
                    peer_fingerprint: peer_fingerprint__,
                })
            }
        }
        deserializer.deserialize_struct("hypervisor.v1.TunnelConfig", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for TunnelPeer {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.url.is_empty() {
            len += 1;
        }
        if !self.endpoint.is_empty() {
            len += 1;
        }
        if self.public_key.is_some() {
            len += 1;
        }
        if !self.signing_key_fingerprint.is_empty() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("hypervisor.v1.TunnelPeer", len)?;
        if !self.url.is_empty() {
            struct_ser.serialize_field("url", &self.url)?;
        }
        if !self.endpoint.is_empty() {
            struct_ser.serialize_field("endpoint", &self.endpoint)?;
        }
        if let Some(v) = self.public_key.as_ref() {
            struct_ser.serialize_field("public_key", v)?;
        }
        if !self.signing_key_fingerprint.is_empty() {
            struct_ser.serialize_field("signing_key_fingerprint", &self.signing_key_fingerprint)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for TunnelPeer {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "url",
            "endpoint",
            "public_key",
            "publicKey",
            "signing_key_fingerprint",
            "signingKeyFingerprint",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Url,
            Endpoint,
            PublicKey,
            SigningKeyFingerprint,
            __SkipField__,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "url" => Ok(GeneratedField::Url),
                            "endpoint" => Ok(GeneratedField::Endpoint),
                            "publicKey" | "public_key" => Ok(GeneratedField::PublicKey),
                            "signingKeyFingerprint" | "signing_key_fingerprint" => Ok(GeneratedField::SigningKeyFingerprint),
                            _ => Ok(GeneratedField::__SkipField__),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = TunnelPeer;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct hypervisor.v1.TunnelPeer")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<TunnelPeer, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut url__ = None;
                let mut endpoint__ = None;
                let mut public_key__ = None;
                let mut signing_key_fingerprint__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Url => {
                            if url__.is_some() {
                                return Err(serde::de::Error::duplicate_field("url"));
                            }
                            url__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Endpoint => {
                            if endpoint__.is_some() {
                                return Err(serde::de::Error::duplicate_field("endpoint"));
                            }
                            endpoint__ = Some(map_.next_value()?);
                        }
                        GeneratedField::PublicKey => {
                            if public_key__.is_some() {
                                return Err(serde::de::Error::duplicate_field("publicKey"));
                            }
                            public_key__ = map_.next_value()?;
                        }
                        GeneratedField::SigningKeyFingerprint => {
                            if signing_key_fingerprint__.is_some() {
                                return Err(serde::de::Error::duplicate_field("signingKeyFingerprint"));
                            }
                            signing_key_fingerprint__ = Some(map_.next_value()?);
                        }
                        GeneratedField::__SkipField__ => {
                            let _ = map_.next_value::<serde::de::IgnoredAny>()?;
                        }
                    }
                }
                Ok(TunnelPeer {
                    url: url__.unwrap_or_default(),
                    endpoint: endpoint__.unwrap_or_default(),
                    public_key: public_key__,
                    signing_key_fingerprint: signing_key_fingerprint__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("hypervisor.v1.TunnelPeer", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for UpdateNetworkRequest {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.name.is_empty() {
            len += 1;
        }
        if self.mode.is_some() {
            len += 1;
        }
        if self.subnet.is_some() {
            len += 1;
        }
        if self.gateway.is_some() {
            len += 1;
        }
        if self.mtu.is_some() {
            len += 1;
        }
        if self.dhcp.is_some() {
            len += 1;
        }
        if self.dns.is_some() {
            len += 1;
        }
        if self.default_inbound.is_some() {
            len += 1;
        }
        if self.tunnel.is_some() {
            len += 1;
        }
        if self.clear_tunnel {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("hypervisor.v1.UpdateNetworkRequest", len)?;
        if !self.name.is_empty() {
            struct_ser.serialize_field("name", &self.name)?;
        }
        if let Some(v) = self.mode.as_ref() {
            struct_ser.serialize_field("mode", v)?;
        }
        if let Some(v) = self.subnet.as_ref() {
            struct_ser.serialize_field("subnet", v)?;
        }
        if let Some(v) = self.gateway.as_ref() {
            struct_ser.serialize_field("gateway", v)?;
        }
        if let Some(v) = self.mtu.as_ref() {
            struct_ser.serialize_field("mtu", v)?;
        }
        if let Some(v) = self.dhcp.as_ref() {
            struct_ser.serialize_field("dhcp", v)?;
        }
        if let Some(v) = self.dns.as_ref() {
            struct_ser.serialize_field("dns", v)?;
        }
        if let Some(v) = self.default_inbound.as_ref() {
            struct_ser.serialize_field("default_inbound", v)?;
        }
        if let Some(v) = self.tunnel.as_ref() {
            struct_ser.serialize_field("tunnel", v)?;
        }
        if self.clear_tunnel {
            struct_ser.serialize_field("clear_tunnel", &self.clear_tunnel)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for UpdateNetworkRequest {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "name",
            "mode",
            "subnet",
            "gateway",
            "mtu",
            "dhcp",
            "dns",
            "default_inbound",
            "defaultInbound",
            "tunnel",
            "clear_tunnel",
            "clearTunnel",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Name,
            Mode,
            Subnet,
            Gateway,
            Mtu,
            Dhcp,
            Dns,
            DefaultInbound,
            Tunnel,
            ClearTunnel,
            __SkipField__,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "name" => Ok(GeneratedField::Name),
                            "mode" => Ok(GeneratedField::Mode),
                            "subnet" => Ok(GeneratedField::Subnet),
                            "gateway" => Ok(GeneratedField::Gateway),
                            "mtu" => Ok(GeneratedField::Mtu),
                            "dhcp" => Ok(GeneratedField::Dhcp),
                            "dns" => Ok(GeneratedField::Dns),
                            "defaultInbound" | "default_inbound" => Ok(GeneratedField::DefaultInbound),
                            "tunnel" => Ok(GeneratedField::Tunnel),
                            "clearTunnel" | "clear_tunnel" => Ok(GeneratedField::ClearTunnel),
                            _ => Ok(GeneratedField::__SkipField__),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = UpdateNetworkRequest;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct hypervisor.v1.UpdateNetworkRequest")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<UpdateNetworkRequest, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut name__ = None;
                let mut mode__ = None;
                let mut subnet__ = None;
                let mut gateway__ = None;
                let mut mtu__ = None;
                let mut dhcp__ = None;
                let mut dns__ = None;
                let mut default_inbound__ = None;
                let mut tunnel__ = None;
                let mut clear_tunnel__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Name => {
                            if name__.is_some() {
                                return Err(serde::de::Error::duplicate_field("name"));
                            }
                            name__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Mode => {
                            if mode__.is_some() {
                                return Err(serde::de::Error::duplicate_field("mode"));
                            }
                            mode__ = map_.next_value()?;
                        }
                        GeneratedField::Subnet => {
                            if subnet__.is_some() {
                                return Err(serde::de::Error::duplicate_field("subnet"));
                            }
                            subnet__ = map_.next_value()?;
                        }
                        GeneratedField::Gateway => {
                            if gateway__.is_some() {
                                return Err(serde::de::Error::duplicate_field("gateway"));
                            }
                            gateway__ = map_.next_value()?;
                        }
                        GeneratedField::Mtu => {
                            if mtu__.is_some() {
                                return Err(serde::de::Error::duplicate_field("mtu"));
                            }
                            mtu__ = 
                                map_.next_value::<::std::option::Option<::pbjson::private::NumberDeserialize<_>>>()?.map(|x| x.0)
                            ;
                        }
                        GeneratedField::Dhcp => {
                            if dhcp__.is_some() {
                                return Err(serde::de::Error::duplicate_field("dhcp"));
                            }
                            dhcp__ = map_.next_value()?;
                        }
                        GeneratedField::Dns => {
                            if dns__.is_some() {
                                return Err(serde::de::Error::duplicate_field("dns"));
                            }
                            dns__ = map_.next_value()?;
                        }
                        GeneratedField::DefaultInbound => {
                            if default_inbound__.is_some() {
                                return Err(serde::de::Error::duplicate_field("defaultInbound"));
                            }
                            default_inbound__ = map_.next_value()?;
                        }
                        GeneratedField::Tunnel => {
                            if tunnel__.is_some() {
                                return Err(serde::de::Error::duplicate_field("tunnel"));
                            }
                            tunnel__ = map_.next_value()?;
                        }
                        GeneratedField::ClearTunnel => {
                            if clear_tunnel__.is_some() {
                                return Err(serde::de::Error::duplicate_field("clearTunnel"));
                            }
                            clear_tunnel__ = Some(map_.next_value()?);
                        }
                        GeneratedField::__SkipField__ => {
                            let _ = map_.next_value::<serde::de::IgnoredAny>()?;
                        }
                    }
                }
                Ok(UpdateNetworkRequest {
                    name: name__.unwrap_or_default(),
                    mode: mode__,
                    subnet: subnet__,
                    gateway: gateway__,
                    mtu: mtu__,
                    dhcp: dhcp__,
                    dns: dns__,
                    default_inbound: default_inbound__,
                    tunnel: tunnel__,
                    clear_tunnel: clear_tunnel__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("hypervisor.v1.UpdateNetworkRequest", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for UpdateRuleRequest {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.name.is_empty() {
            len += 1;
        }
        if !self.id.is_empty() {
            len += 1;
        }
        if self.direction.is_some() {
            len += 1;
        }
        if self.action.is_some() {
            len += 1;
        }
        if self.protocol.is_some() {
            len += 1;
        }
        if self.ports.is_some() {
            len += 1;
        }
        if self.source.is_some() {
            len += 1;
        }
        if self.destination.is_some() {
            len += 1;
        }
        if self.vm.is_some() {
            len += 1;
        }
        if self.position.is_some() {
            len += 1;
        }
        if self.comment.is_some() {
            len += 1;
        }
        if self.clear_ports {
            len += 1;
        }
        if self.clear_source {
            len += 1;
        }
        if self.clear_destination {
            len += 1;
        }
        if self.clear_vm {
            len += 1;
        }
        if self.clear_comment {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("hypervisor.v1.UpdateRuleRequest", len)?;
        if !self.name.is_empty() {
            struct_ser.serialize_field("name", &self.name)?;
        }
        if !self.id.is_empty() {
            struct_ser.serialize_field("id", &self.id)?;
        }
        if let Some(v) = self.direction.as_ref() {
            struct_ser.serialize_field("direction", v)?;
        }
        if let Some(v) = self.action.as_ref() {
            struct_ser.serialize_field("action", v)?;
        }
        if let Some(v) = self.protocol.as_ref() {
            struct_ser.serialize_field("protocol", v)?;
        }
        if let Some(v) = self.ports.as_ref() {
            struct_ser.serialize_field("ports", v)?;
        }
        if let Some(v) = self.source.as_ref() {
            struct_ser.serialize_field("source", v)?;
        }
        if let Some(v) = self.destination.as_ref() {
            struct_ser.serialize_field("destination", v)?;
        }
        if let Some(v) = self.vm.as_ref() {
            struct_ser.serialize_field("vm", v)?;
        }
        if let Some(v) = self.position.as_ref() {
            struct_ser.serialize_field("position", v)?;
        }
        if let Some(v) = self.comment.as_ref() {
            struct_ser.serialize_field("comment", v)?;
        }
        if self.clear_ports {
            struct_ser.serialize_field("clear_ports", &self.clear_ports)?;
        }
        if self.clear_source {
            struct_ser.serialize_field("clear_source", &self.clear_source)?;
        }
        if self.clear_destination {
            struct_ser.serialize_field("clear_destination", &self.clear_destination)?;
        }
        if self.clear_vm {
            struct_ser.serialize_field("clear_vm", &self.clear_vm)?;
        }
        if self.clear_comment {
            struct_ser.serialize_field("clear_comment", &self.clear_comment)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for UpdateRuleRequest {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "name",
            "id",
            "direction",
            "action",
            "protocol",
            "ports",
            "source",
            "destination",
            "vm",
            "position",
            "comment",
            "clear_ports",
            "clearPorts",
            "clear_source",
            "clearSource",
            "clear_destination",
            "clearDestination",
            "clear_vm",
            "clearVm",
            "clear_comment",
            "clearComment",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Name,
            Id,
            Direction,
            Action,
            Protocol,
            Ports,
            Source,
            Destination,
            Vm,
            Position,
            Comment,
            ClearPorts,
            ClearSource,
            ClearDestination,
            ClearVm,
            ClearComment,
            __SkipField__,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "name" => Ok(GeneratedField::Name),
                            "id" => Ok(GeneratedField::Id),
                            "direction" => Ok(GeneratedField::Direction),
                            "action" => Ok(GeneratedField::Action),
                            "protocol" => Ok(GeneratedField::Protocol),
                            "ports" => Ok(GeneratedField::Ports),
                            "source" => Ok(GeneratedField::Source),
                            "destination" => Ok(GeneratedField::Destination),
                            "vm" => Ok(GeneratedField::Vm),
                            "position" => Ok(GeneratedField::Position),
                            "comment" => Ok(GeneratedField::Comment),
                            "clearPorts" | "clear_ports" => Ok(GeneratedField::ClearPorts),
                            "clearSource" | "clear_source" => Ok(GeneratedField::ClearSource),
                            "clearDestination" | "clear_destination" => Ok(GeneratedField::ClearDestination),
                            "clearVm" | "clear_vm" => Ok(GeneratedField::ClearVm),
                            "clearComment" | "clear_comment" => Ok(GeneratedField::ClearComment),
                            _ => Ok(GeneratedField::__SkipField__),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = UpdateRuleRequest;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct hypervisor.v1.UpdateRuleRequest")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<UpdateRuleRequest, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut name__ = None;
                let mut id__ = None;
                let mut direction__ = None;
                let mut action__ = None;
                let mut protocol__ = None;
                let mut ports__ = None;
                let mut source__ = None;
                let mut destination__ = None;
                let mut vm__ = None;
                let mut position__ = None;
                let mut comment__ = None;
                let mut clear_ports__ = None;
                let mut clear_source__ = None;
                let mut clear_destination__ = None;
                let mut clear_vm__ = None;
                let mut clear_comment__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Name => {
                            if name__.is_some() {
                                return Err(serde::de::Error::duplicate_field("name"));
                            }
                            name__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Id => {
                            if id__.is_some() {
                                return Err(serde::de::Error::duplicate_field("id"));
                            }
                            id__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Direction => {
                            if direction__.is_some() {
                                return Err(serde::de::Error::duplicate_field("direction"));
                            }
                            direction__ = map_.next_value()?;
                        }
                        GeneratedField::Action => {
                            if action__.is_some() {
                                return Err(serde::de::Error::duplicate_field("action"));
                            }
                            action__ = map_.next_value()?;
                        }
                        GeneratedField::Protocol => {
                            if protocol__.is_some() {
                                return Err(serde::de::Error::duplicate_field("protocol"));
                            }
                            protocol__ = map_.next_value()?;
                        }
                        GeneratedField::Ports => {
                            if ports__.is_some() {
                                return Err(serde::de::Error::duplicate_field("ports"));
                            }
                            ports__ = map_.next_value()?;
                        }
                        GeneratedField::Source => {
                            if source__.is_some() {
                                return Err(serde::de::Error::duplicate_field("source"));
                            }
                            source__ = map_.next_value()?;
                        }
                        GeneratedField::Destination => {
                            if destination__.is_some() {
                                return Err(serde::de::Error::duplicate_field("destination"));
                            }
                            destination__ = map_.next_value()?;
                        }
                        GeneratedField::Vm => {
                            if vm__.is_some() {
                                return Err(serde::de::Error::duplicate_field("vm"));
                            }
                            vm__ = map_.next_value()?;
                        }
                        GeneratedField::Position => {
                            if position__.is_some() {
                                return Err(serde::de::Error::duplicate_field("position"));
                            }
                            position__ = 
                                map_.next_value::<::std::option::Option<::pbjson::private::NumberDeserialize<_>>>()?.map(|x| x.0)
                            ;
                        }
                        GeneratedField::Comment => {
                            if comment__.is_some() {
                                return Err(serde::de::Error::duplicate_field("comment"));
                            }
                            comment__ = map_.next_value()?;
                        }
                        GeneratedField::ClearPorts => {
                            if clear_ports__.is_some() {
                                return Err(serde::de::Error::duplicate_field("clearPorts"));
                            }
                            clear_ports__ = Some(map_.next_value()?);
                        }
                        GeneratedField::ClearSource => {
                            if clear_source__.is_some() {
                                return Err(serde::de::Error::duplicate_field("clearSource"));
                            }
                            clear_source__ = Some(map_.next_value()?);
                        }
                        GeneratedField::ClearDestination => {
                            if clear_destination__.is_some() {
                                return Err(serde::de::Error::duplicate_field("clearDestination"));
                            }
                            clear_destination__ = Some(map_.next_value()?);
                        }
                        GeneratedField::ClearVm => {
                            if clear_vm__.is_some() {
                                return Err(serde::de::Error::duplicate_field("clearVm"));
                            }
                            clear_vm__ = Some(map_.next_value()?);
                        }
                        GeneratedField::ClearComment => {
                            if clear_comment__.is_some() {
                                return Err(serde::de::Error::duplicate_field("clearComment"));
                            }
                            clear_comment__ = Some(map_.next_value()?);
                        }
                        GeneratedField::__SkipField__ => {
                            let _ = map_.next_value::<serde::de::IgnoredAny>()?;
                        }
                    }
                }
                Ok(UpdateRuleRequest {
                    name: name__.unwrap_or_default(),
                    id: id__.unwrap_or_default(),
                    direction: direction__,
                    action: action__,
                    protocol: protocol__,
                    ports: ports__,
                    source: source__,
                    destination: destination__,
                    vm: vm__,
                    position: position__,
                    comment: comment__,
                    clear_ports: clear_ports__.unwrap_or_default(),
                    clear_source: clear_source__.unwrap_or_default(),
                    clear_destination: clear_destination__.unwrap_or_default(),
                    clear_vm: clear_vm__.unwrap_or_default(),
                    clear_comment: clear_comment__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("hypervisor.v1.UpdateRuleRequest", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for UpdateVmRequest {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.name.is_empty() {
            len += 1;
        }
        if self.cpu.is_some() {
            len += 1;
        }
        if self.memory.is_some() {
            len += 1;
        }
        if self.devices.is_some() {
            len += 1;
        }
        if self.boot.is_some() {
            len += 1;
        }
        if self.clear_boot {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("hypervisor.v1.UpdateVmRequest", len)?;
        if !self.name.is_empty() {
            struct_ser.serialize_field("name", &self.name)?;
        }
        if let Some(v) = self.cpu.as_ref() {
            struct_ser.serialize_field("cpu", v)?;
        }
        if let Some(v) = self.memory.as_ref() {
            struct_ser.serialize_field("memory", v)?;
        }
        if let Some(v) = self.devices.as_ref() {
            struct_ser.serialize_field("devices", v)?;
        }
        if let Some(v) = self.boot.as_ref() {
            struct_ser.serialize_field("boot", v)?;
        }
        if self.clear_boot {
            struct_ser.serialize_field("clear_boot", &self.clear_boot)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for UpdateVmRequest {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "name",
            "cpu",
            "memory",
            "devices",
            "boot",
            "clear_boot",
            "clearBoot",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Name,
            Cpu,
            Memory,
            Devices,
            Boot,
            ClearBoot,
            __SkipField__,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "name" => Ok(GeneratedField::Name),
                            "cpu" => Ok(GeneratedField::Cpu),
                            "memory" => Ok(GeneratedField::Memory),
                            "devices" => Ok(GeneratedField::Devices),
                            "boot" => Ok(GeneratedField::Boot),
                            "clearBoot" | "clear_boot" => Ok(GeneratedField::ClearBoot),
                            _ => Ok(GeneratedField::__SkipField__),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = UpdateVmRequest;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct hypervisor.v1.UpdateVmRequest")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<UpdateVmRequest, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut name__ = None;
                let mut cpu__ = None;
                let mut memory__ = None;
                let mut devices__ = None;
                let mut boot__ = None;
                let mut clear_boot__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Name => {
                            if name__.is_some() {
                                return Err(serde::de::Error::duplicate_field("name"));
                            }
                            name__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Cpu => {
                            if cpu__.is_some() {
                                return Err(serde::de::Error::duplicate_field("cpu"));
                            }
                            cpu__ = map_.next_value()?;
                        }
                        GeneratedField::Memory => {
                            if memory__.is_some() {
                                return Err(serde::de::Error::duplicate_field("memory"));
                            }
                            memory__ = map_.next_value()?;
                        }
                        GeneratedField::Devices => {
                            if devices__.is_some() {
                                return Err(serde::de::Error::duplicate_field("devices"));
                            }
                            devices__ = map_.next_value()?;
                        }
                        GeneratedField::Boot => {
                            if boot__.is_some() {
                                return Err(serde::de::Error::duplicate_field("boot"));
                            }
                            boot__ = map_.next_value()?;
                        }
                        GeneratedField::ClearBoot => {
                            if clear_boot__.is_some() {
                                return Err(serde::de::Error::duplicate_field("clearBoot"));
                            }
                            clear_boot__ = Some(map_.next_value()?);
                        }
                        GeneratedField::__SkipField__ => {
                            let _ = map_.next_value::<serde::de::IgnoredAny>()?;
                        }
                    }
                }
                Ok(UpdateVmRequest {
                    name: name__.unwrap_or_default(),
                    cpu: cpu__,
                    memory: memory__,
                    devices: devices__,
                    boot: boot__,
                    clear_boot: clear_boot__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("hypervisor.v1.UpdateVmRequest", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for VerificationCheck {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.name.is_empty() {
            len += 1;
        }
        if !self.status.is_empty() {
            len += 1;
        }
        if !self.detail.is_empty() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("hypervisor.v1.VerificationCheck", len)?;
        if !self.name.is_empty() {
            struct_ser.serialize_field("name", &self.name)?;
        }
        if !self.status.is_empty() {
            struct_ser.serialize_field("status", &self.status)?;
        }
        if !self.detail.is_empty() {
            struct_ser.serialize_field("detail", &self.detail)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for VerificationCheck {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "name",
            "status",
            "detail",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Name,
            Status,
            Detail,
            __SkipField__,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "name" => Ok(GeneratedField::Name),
                            "status" => Ok(GeneratedField::Status),
                            "detail" => Ok(GeneratedField::Detail),
                            _ => Ok(GeneratedField::__SkipField__),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = VerificationCheck;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct hypervisor.v1.VerificationCheck")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<VerificationCheck, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut name__ = None;
                let mut status__ = None;
                let mut detail__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Name => {
                            if name__.is_some() {
                                return Err(serde::de::Error::duplicate_field("name"));
                            }
                            name__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Status => {
                            if status__.is_some() {
                                return Err(serde::de::Error::duplicate_field("status"));
                            }
                            status__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Detail => {
                            if detail__.is_some() {
                                return Err(serde::de::Error::duplicate_field("detail"));
                            }
                            detail__ = Some(map_.next_value()?);
                        }
                        GeneratedField::__SkipField__ => {
                            let _ = map_.next_value::<serde::de::IgnoredAny>()?;
                        }
                    }
                }
                Ok(VerificationCheck {
                    name: name__.unwrap_or_default(),
                    status: status__.unwrap_or_default(),
                    detail: detail__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("hypervisor.v1.VerificationCheck", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for VerifyAttestationRequest {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if self.report.is_some() {
            len += 1;
        }
        if self.nonce.is_some() {
            len += 1;
        }
        if self.expected_measurement.is_some() {
            len += 1;
        }
        if self.max_age_seconds.is_some() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("hypervisor.v1.VerifyAttestationRequest", len)?;
        if let Some(v) = self.report.as_ref() {
            struct_ser.serialize_field("report", v)?;
        }
        if let Some(v) = self.nonce.as_ref() {
            struct_ser.serialize_field("nonce", v)?;
        }
        if let Some(v) = self.expected_measurement.as_ref() {
            struct_ser.serialize_field("expected_measurement", v)?;
        }
        if let Some(v) = self.max_age_seconds.as_ref() {
            struct_ser.serialize_field("max_age_seconds", v)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for VerifyAttestationRequest {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "report",
            "nonce",
            "expected_measurement",
            "expectedMeasurement",
            "max_age_seconds",
            "maxAgeSeconds",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Report,
            Nonce,
            ExpectedMeasurement,
            MaxAgeSeconds,
            __SkipField__,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "report" => Ok(GeneratedField::Report),
                            "nonce" => Ok(GeneratedField::Nonce),
                            "expectedMeasurement" | "expected_measurement" => Ok(GeneratedField::ExpectedMeasurement),
                            "maxAgeSeconds" | "max_age_seconds" => Ok(GeneratedField::MaxAgeSeconds),
                            _ => Ok(GeneratedField::__SkipField__),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = VerifyAttestationRequest;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct hypervisor.v1.VerifyAttestationRequest")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<VerifyAttestationRequest, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut report__ = None;
                let mut nonce__ = None;
                let mut expected_measurement__ = None;
                let mut max_age_seconds__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Report => {
                            if report__.is_some() {
                                return Err(serde::de::Error::duplicate_field("report"));
                            }
                            report__ = map_.next_value()?;
                        }
                        GeneratedField::Nonce => {
                            if nonce__.is_some() {
                                return Err(serde::de::Error::duplicate_field("nonce"));
                            }
                            nonce__ = map_.next_value()?;
                        }
                        GeneratedField::ExpectedMeasurement => {
                            if expected_measurement__.is_some() {
                                return Err(serde::de::Error::duplicate_field("expectedMeasurement"));
                            }
                            expected_measurement__ = map_.next_value()?;
                        }
                        GeneratedField::MaxAgeSeconds => {
                            if max_age_seconds__.is_some() {
                                return Err(serde::de::Error::duplicate_field("maxAgeSeconds"));
                            }
                            max_age_seconds__ = 
                                map_.next_value::<::std::option::Option<::pbjson::private::NumberDeserialize<_>>>()?.map(|x| x.0)
                            ;
                        }
                        GeneratedField::__SkipField__ => {
                            let _ = map_.next_value::<serde::de::IgnoredAny>()?;
                        }
                    }
                }
                Ok(VerifyAttestationRequest {
                    report: report__,
                    nonce: nonce__,
                    expected_measurement: expected_measurement__,
                    max_age_seconds: max_age_seconds__,
                })
            }
        }
        deserializer.deserialize_struct("hypervisor.v1.VerifyAttestationRequest", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for VerifyAttestationResponse {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if self.valid {
            len += 1;
        }
        if !self.checks.is_empty() {
            len += 1;
        }
        if !self.reasons.is_empty() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("hypervisor.v1.VerifyAttestationResponse", len)?;
        if self.valid {
            struct_ser.serialize_field("valid", &self.valid)?;
        }
        if !self.checks.is_empty() {
            struct_ser.serialize_field("checks", &self.checks)?;
        }
        if !self.reasons.is_empty() {
            struct_ser.serialize_field("reasons", &self.reasons)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for VerifyAttestationResponse {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "valid",
            "checks",
            "reasons",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Valid,
            Checks,
            Reasons,
            __SkipField__,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "valid" => Ok(GeneratedField::Valid),
                            "checks" => Ok(GeneratedField::Checks),
                            "reasons" => Ok(GeneratedField::Reasons),
                            _ => Ok(GeneratedField::__SkipField__),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = VerifyAttestationResponse;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct hypervisor.v1.VerifyAttestationResponse")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<VerifyAttestationResponse, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut valid__ = None;
                let mut checks__ = None;
                let mut reasons__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Valid => {
                            if valid__.is_some() {
                                return Err(serde::de::Error::duplicate_field("valid"));
                            }
                            valid__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Checks => {
                            if checks__.is_some() {
                                return Err(serde::de::Error::duplicate_field("checks"));
                            }
                            checks__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Reasons => {
                            if reasons__.is_some() {
                                return Err(serde::de::Error::duplicate_field("reasons"));
                            }
                            reasons__ = Some(map_.next_value()?);
                        }
                        GeneratedField::__SkipField__ => {
                            let _ = map_.next_value::<serde::de::IgnoredAny>()?;
                        }
                    }
                }
                Ok(VerifyAttestationResponse {
                    valid: valid__.unwrap_or_default(),
                    checks: checks__.unwrap_or_default(),
                    reasons: reasons__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("hypervisor.v1.VerifyAttestationResponse", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for VmActionRequest {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.name.is_empty() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("hypervisor.v1.VmActionRequest", len)?;
        if !self.name.is_empty() {
            struct_ser.serialize_field("name", &self.name)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for VmActionRequest {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "name",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Name,
            __SkipField__,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "name" => Ok(GeneratedField::Name),
                            _ => Ok(GeneratedField::__SkipField__),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = VmActionRequest;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct hypervisor.v1.VmActionRequest")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<VmActionRequest, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut name__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Name => {
                            if name__.is_some() {
                                return Err(serde::de::Error::duplicate_field("name"));
                            }
                            name__ = Some(map_.next_value()?);
                        }
                        GeneratedField::__SkipField__ => {
                            let _ = map_.next_value::<serde::de::IgnoredAny>()?;
                        }
                    }
                }
                Ok(VmActionRequest {
                    name: name__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("hypervisor.v1.VmActionRequest", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for VmEvent {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.id.is_empty() {
            len += 1;
        }
        if !self.kind.is_empty() {
            len += 1;
        }
        if self.data.is_some() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("hypervisor.v1.VmEvent", len)?;
        if !self.id.is_empty() {
            struct_ser.serialize_field("id", &self.id)?;
        }
        if !self.kind.is_empty() {
            struct_ser.serialize_field("kind", &self.kind)?;
        }
        if let Some(v) = self.data.as_ref() {
            struct_ser.serialize_field("data", v)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for VmEvent {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "id",
            "kind",
            "data",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Id,
            Kind,
            Data,
            __SkipField__,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "id" => Ok(GeneratedField::Id),
                            "kind" => Ok(GeneratedField::Kind),
                            "data" => Ok(GeneratedField::Data),
                            _ => Ok(GeneratedField::__SkipField__),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = VmEvent;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct hypervisor.v1.VmEvent")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<VmEvent, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut id__ = None;
                let mut kind__ = None;
                let mut data__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Id => {
                            if id__.is_some() {
                                return Err(serde::de::Error::duplicate_field("id"));
                            }
                            id__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Kind => {
                            if kind__.is_some() {
                                return Err(serde::de::Error::duplicate_field("kind"));
                            }
                            kind__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Data => {
                            if data__.is_some() {
                                return Err(serde::de::Error::duplicate_field("data"));
                            }
                            data__ = map_.next_value()?;
                        }
                        GeneratedField::__SkipField__ => {
                            let _ = map_.next_value::<serde::de::IgnoredAny>()?;
                        }
                    }
                }
                Ok(VmEvent {
                    id: id__.unwrap_or_default(),
                    kind: kind__.unwrap_or_default(),
                    data: data__,
                })
            }
        }
        deserializer.deserialize_struct("hypervisor.v1.VmEvent", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for VmInfo {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.name.is_empty() {
            len += 1;
        }
        if !self.uuid.is_empty() {
            len += 1;
        }
        if !self.state.is_empty() {
            len += 1;
        }
        if self.cpu.is_some() {
            len += 1;
        }
        if self.memory.is_some() {
            len += 1;
        }
        if self.devices.is_some() {
            len += 1;
        }
        if self.boot.is_some() {
            len += 1;
        }
        if self.created_at.is_some() {
            len += 1;
        }
        if self.updated_at.is_some() {
            len += 1;
        }
        if self.state_changed_at.is_some() {
            len += 1;
        }
        if self.runtime.is_some() {
            len += 1;
        }
        if self.last_error.is_some() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("hypervisor.v1.VmInfo", len)?;
        if !self.name.is_empty() {
            struct_ser.serialize_field("name", &self.name)?;
        }
        if !self.uuid.is_empty() {
            struct_ser.serialize_field("uuid", &self.uuid)?;
        }
        if !self.state.is_empty() {
            struct_ser.serialize_field("state", &self.state)?;
        }
        if let Some(v) = self.cpu.as_ref() {
            struct_ser.serialize_field("cpu", v)?;
        }
        if let Some(v) = self.memory.as_ref() {
            struct_ser.serialize_field("memory", v)?;
        }
        if let Some(v) = self.devices.as_ref() {
            struct_ser.serialize_field("devices", v)?;
        }
        if let Some(v) = self.boot.as_ref() {
            struct_ser.serialize_field("boot", v)?;
        }
        if let Some(v) = self.created_at.as_ref() {
            struct_ser.serialize_field("created_at", v)?;
        }
        if let Some(v) = self.updated_at.as_ref() {
            struct_ser.serialize_field("updated_at", v)?;
        }
        if let Some(v) = self.state_changed_at.as_ref() {
            struct_ser.serialize_field("state_changed_at", v)?;
        }
        if let Some(v) = self.runtime.as_ref() {
            struct_ser.serialize_field("runtime", v)?;
        }
        if let Some(v) = self.last_error.as_ref() {
            struct_ser.serialize_field("last_error", v)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for VmInfo {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "name",
            "uuid",
            "state",
            "cpu",
            "memory",
            "devices",
            "boot",
            "created_at",
            "createdAt",
            "updated_at",
            "updatedAt",
            "state_changed_at",
            "stateChangedAt",
            "runtime",
            "last_error",
            "lastError",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Name,
            Uuid,
            State,
            Cpu,
            Memory,
            Devices,
            Boot,
            CreatedAt,
            UpdatedAt,
            StateChangedAt,
            Runtime,
            LastError,
            __SkipField__,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "name" => Ok(GeneratedField::Name),
                            "uuid" => Ok(GeneratedField::Uuid),
                            "state" => Ok(GeneratedField::State),
                            "cpu" => Ok(GeneratedField::Cpu),
                            "memory" => Ok(GeneratedField::Memory),
                            "devices" => Ok(GeneratedField::Devices),
                            "boot" => Ok(GeneratedField::Boot),
                            "createdAt" | "created_at" => Ok(GeneratedField::CreatedAt),
                            "updatedAt" | "updated_at" => Ok(GeneratedField::UpdatedAt),
                            "stateChangedAt" | "state_changed_at" => Ok(GeneratedField::StateChangedAt),
                            "runtime" => Ok(GeneratedField::Runtime),
                            "lastError" | "last_error" => Ok(GeneratedField::LastError),
                            _ => Ok(GeneratedField::__SkipField__),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = VmInfo;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct hypervisor.v1.VmInfo")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<VmInfo, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut name__ = None;
                let mut uuid__ = None;
                let mut state__ = None;
                let mut cpu__ = None;
                let mut memory__ = None;
                let mut devices__ = None;
                let mut boot__ = None;
                let mut created_at__ = None;
                let mut updated_at__ = None;
                let mut state_changed_at__ = None;
                let mut runtime__ = None;
                let mut last_error__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Name => {
                            if name__.is_some() {
                                return Err(serde::de::Error::duplicate_field("name"));
                            }
                            name__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Uuid => {
                            if uuid__.is_some() {
                                return Err(serde::de::Error::duplicate_field("uuid"));
                            }
                            uuid__ = Some(map_.next_value()?);
                        }
                        GeneratedField::State => {
                            if state__.is_some() {
                                return Err(serde::de::Error::duplicate_field("state"));
                            }
                            state__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Cpu => {
                            if cpu__.is_some() {
                                return Err(serde::de::Error::duplicate_field("cpu"));
                            }
                            cpu__ = map_.next_value()?;
                        }
                        GeneratedField::Memory => {
                            if memory__.is_some() {
                                return Err(serde::de::Error::duplicate_field("memory"));
                            }
                            memory__ = map_.next_value()?;
                        }
                        GeneratedField::Devices => {
                            if devices__.is_some() {
                                return Err(serde::de::Error::duplicate_field("devices"));
                            }
                            devices__ = map_.next_value()?;
                        }
                        GeneratedField::Boot => {
                            if boot__.is_some() {
                                return Err(serde::de::Error::duplicate_field("boot"));
                            }
                            boot__ = map_.next_value()?;
                        }
                        GeneratedField::CreatedAt => {
                            if created_at__.is_some() {
                                return Err(serde::de::Error::duplicate_field("createdAt"));
                            }
                            created_at__ = map_.next_value()?;
                        }
                        GeneratedField::UpdatedAt => {
                            if updated_at__.is_some() {
                                return Err(serde::de::Error::duplicate_field("updatedAt"));
                            }
                            updated_at__ = map_.next_value()?;
                        }
                        GeneratedField::StateChangedAt => {
                            if state_changed_at__.is_some() {
                                return Err(serde::de::Error::duplicate_field("stateChangedAt"));
                            }
                            state_changed_at__ = map_.next_value()?;
                        }
                        GeneratedField::Runtime => {
                            if runtime__.is_some() {
                                return Err(serde::de::Error::duplicate_field("runtime"));
                            }
                            runtime__ = map_.next_value()?;
                        }
                        GeneratedField::LastError => {
                            if last_error__.is_some() {
                                return Err(serde::de::Error::duplicate_field("lastError"));
                            }
                            last_error__ = map_.next_value()?;
                        }
                        GeneratedField::__SkipField__ => {
                            let _ = map_.next_value::<serde::de::IgnoredAny>()?;
                        }
                    }
                }
                Ok(VmInfo {
                    name: name__.unwrap_or_default(),
                    uuid: uuid__.unwrap_or_default(),
                    state: state__.unwrap_or_default(),
                    cpu: cpu__,
                    memory: memory__,
                    devices: devices__,
                    boot: boot__,
                    created_at: created_at__,
                    updated_at: updated_at__,
                    state_changed_at: state_changed_at__,
                    runtime: runtime__,
                    last_error: last_error__,
                })
            }
        }
        deserializer.deserialize_struct("hypervisor.v1.VmInfo", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for VmStats {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.vm.is_empty() {
            len += 1;
        }
        if self.cpu_percent != 0. {
            len += 1;
        }
        if !self.memory_used.is_empty() {
            len += 1;
        }
        if self.memory_used_bytes != 0 {
            len += 1;
        }
        if self.disk_read_iops != 0 {
            len += 1;
        }
        if self.disk_write_iops != 0 {
            len += 1;
        }
        if self.disk_read_bytes_per_sec != 0 {
            len += 1;
        }
        if self.disk_write_bytes_per_sec != 0 {
            len += 1;
        }
        if self.disk_read_ops != 0 {
            len += 1;
        }
        if self.disk_write_ops != 0 {
            len += 1;
        }
        if self.disk_read_bytes != 0 {
            len += 1;
        }
        if self.disk_write_bytes != 0 {
            len += 1;
        }
        if self.interval_ms != 0 {
            len += 1;
        }
        if self.sampled_at.is_some() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("hypervisor.v1.VmStats", len)?;
        if !self.vm.is_empty() {
            struct_ser.serialize_field("vm", &self.vm)?;
        }
        if self.cpu_percent != 0. {
            struct_ser.serialize_field("cpu_percent", &self.cpu_percent)?;
        }
        if !self.memory_used.is_empty() {
            struct_ser.serialize_field("memory_used", &self.memory_used)?;
        }
        if self.memory_used_bytes != 0 {
            #[allow(clippy::needless_borrow)]
            #[allow(clippy::needless_borrows_for_generic_args)]
            struct_ser.serialize_field("memory_used_bytes", ToString::to_string(&self.memory_used_bytes).as_str())?;
        }
        if self.disk_read_iops != 0 {
            #[allow(clippy::needless_borrow)]
            #[allow(clippy::needless_borrows_for_generic_args)]
            struct_ser.serialize_field("disk_read_iops", ToString::to_string(&self.disk_read_iops).as_str())?;
        }
        if self.disk_write_iops != 0 {
            #[allow(clippy::needless_borrow)]
            #[allow(clippy::needless_borrows_for_generic_args)]
            struct_ser.serialize_field("disk_write_iops", ToString::to_string(&self.disk_write_iops).as_str())?;
        }
        if self.disk_read_bytes_per_sec != 0 {
            #[allow(clippy::needless_borrow)]
            #[allow(clippy::needless_borrows_for_generic_args)]
            struct_ser.serialize_field("disk_read_bytes_per_sec", ToString::to_string(&self.disk_read_bytes_per_sec).as_str())?;
        }
        if self.disk_write_bytes_per_sec != 0 {
            #[allow(clippy::needless_borrow)]
            #[allow(clippy::needless_borrows_for_generic_args)]
            struct_ser.serialize_field("disk_write_bytes_per_sec", ToString::to_string(&self.disk_write_bytes_per_sec).as_str())?;
        }
        if self.disk_read_ops != 0 {
            #[allow(clippy::needless_borrow)]
            #[allow(clippy::needless_borrows_for_generic_args)]
            struct_ser.serialize_field("disk_read_ops", ToString::to_string(&self.disk_read_ops).as_str())?;
        }
        if self.disk_write_ops != 0 {
            #[allow(clippy::needless_borrow)]
            #[allow(clippy::needless_borrows_for_generic_args)]
            struct_ser.serialize_field("disk_write_ops", ToString::to_string(&self.disk_write_ops).as_str())?;
        }
        if self.disk_read_bytes != 0 {
            #[allow(clippy::needless_borrow)]
            #[allow(clippy::needless_borrows_for_generic_args)]
            struct_ser.serialize_field("disk_read_bytes", ToString::to_string(&self.disk_read_bytes).as_str())?;
        }
        if self.disk_write_bytes != 0 {
            #[allow(clippy::needless_borrow)]
            #[allow(clippy::needless_borrows_for_generic_args)]
            struct_ser.serialize_field("disk_write_bytes", ToString::to_string(&self.disk_write_bytes).as_str())?;
        }
        if self.interval_ms != 0 {
            #[allow(clippy::needless_borrow)]
            #[allow(clippy::needless_borrows_for_generic_args)]
            struct_ser.serialize_field("interval_ms", ToString::to_string(&self.interval_ms).as_str())?;
        }
        if let Some(v) = self.sampled_at.as_ref() {
            struct_ser.serialize_field("sampled_at", v)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for VmStats {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "vm",
            "cpu_percent",
            "cpuPercent",
            "memory_used",
            "memoryUsed",
            "memory_used_bytes",
            "memoryUsedBytes",
            "disk_read_iops",
            "diskReadIops",
            "disk_write_iops",
            "diskWriteIops",
            "disk_read_bytes_per_sec",
            "diskReadBytesPerSec",
            "disk_write_bytes_per_sec",
            "diskWriteBytesPerSec",
            "disk_read_ops",
            "diskReadOps",
            "disk_write_ops",
            "diskWriteOps",
            "disk_read_bytes",
            "diskReadBytes",
            "disk_write_bytes",
            "diskWriteBytes",
            "interval_ms",
            "intervalMs",
            "sampled_at",
            "sampledAt",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Vm,
            CpuPercent,
            MemoryUsed,
            MemoryUsedBytes,
            DiskReadIops,
            DiskWriteIops,
            DiskReadBytesPerSec,
            DiskWriteBytesPerSec,
            DiskReadOps,
            DiskWriteOps,
            DiskReadBytes,
            DiskWriteBytes,
            IntervalMs,
            SampledAt,
            __SkipField__,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "vm" => Ok(GeneratedField::Vm),
                            "cpuPercent" | "cpu_percent" => Ok(GeneratedField::CpuPercent),
                            "memoryUsed" | "memory_used" => Ok(GeneratedField::MemoryUsed),
                            "memoryUsedBytes" | "memory_used_bytes" => Ok(GeneratedField::MemoryUsedBytes),
                            "diskReadIops" | "disk_read_iops" => Ok(GeneratedField::DiskReadIops),
                            "diskWriteIops" | "disk_write_iops" => Ok(GeneratedField::DiskWriteIops),
                            "diskReadBytesPerSec" | "disk_read_bytes_per_sec" => Ok(GeneratedField::DiskReadBytesPerSec),
                            "diskWriteBytesPerSec" | "disk_write_bytes_per_sec" => Ok(GeneratedField::DiskWriteBytesPerSec),
                            "diskReadOps" | "disk_read_ops" => Ok(GeneratedField::DiskReadOps),
                            "diskWriteOps" | "disk_write_ops" => Ok(GeneratedField::DiskWriteOps),
                            "diskReadBytes" | "disk_read_bytes" => Ok(GeneratedField::DiskReadBytes),
                            "diskWriteBytes" | "disk_write_bytes" => Ok(GeneratedField::DiskWriteBytes),
                            "intervalMs" | "interval_ms" => Ok(GeneratedField::IntervalMs),
                            "sampledAt" | "sampled_at" => Ok(GeneratedField::SampledAt),
                            _ => Ok(GeneratedField::__SkipField__),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = VmStats;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct hypervisor.v1.VmStats")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<VmStats, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut vm__ = None;
                let mut cpu_percent__ = None;
                let mut memory_used__ = None;
                let mut memory_used_bytes__ = None;
                let mut disk_read_iops__ = None;
                let mut disk_write_iops__ = None;
                let mut disk_read_bytes_per_sec__ = None;
                let mut disk_write_bytes_per_sec__ = None;
                let mut disk_read_ops__ = None;
                let mut disk_write_ops__ = None;
                let mut disk_read_bytes__ = None;
                let mut disk_write_bytes__ = None;
                let mut interval_ms__ = None;
                let mut sampled_at__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Vm => {
                            if vm__.is_some() {
                                return Err(serde::de::Error::duplicate_field("vm"));
                            }
                            vm__ = Some(map_.next_value()?);
                        }
                        GeneratedField::CpuPercent => {
                            if cpu_percent__.is_some() {
                                return Err(serde::de::Error::duplicate_field("cpuPercent"));
                            }
                            cpu_percent__ = 
                                Some(map_.next_value::<::pbjson::private::NumberDeserialize<_>>()?.0)
                            ;
                        }
                        GeneratedField::MemoryUsed => {
                            if memory_used__.is_some() {
                                return Err(serde::de::Error::duplicate_field("memoryUsed"));
                            }
                            memory_used__ = Some(map_.next_value()?);
                        }
                        GeneratedField::MemoryUsedBytes => {
                            if memory_used_bytes__.is_some() {
                                return Err(serde::de::Error::duplicate_field("memoryUsedBytes"));
                            }
                            memory_used_bytes__ = 
                                Some(map_.next_value::<::pbjson::private::NumberDeserialize<_>>()?.0)
                            ;
                        }
                        GeneratedField::DiskReadIops => {
                            if disk_read_iops__.is_some() {
                                return Err(serde::de::Error::duplicate_field("diskReadIops"));
                            }
                            disk_read_iops__ = 
                                Some(map_.next_value::<::pbjson::private::NumberDeserialize<_>>()?.0)
                            ;
                        }
                        GeneratedField::DiskWriteIops => {
                            if disk_write_iops__.is_some() {
                                return Err(serde::de::Error::duplicate_field("diskWriteIops"));
                            }
                            disk_write_iops__ = 
                                Some(map_.next_value::<::pbjson::private::NumberDeserialize<_>>()?.0)
                            ;
                        }
                        GeneratedField::DiskReadBytesPerSec => {
                            if disk_read_bytes_per_sec__.is_some() {
                                return Err(serde::de::Error::duplicate_field("diskReadBytesPerSec"));
                            }
                            disk_read_bytes_per_sec__ = 
                                Some(map_.next_value::<::pbjson::private::NumberDeserialize<_>>()?.0)
                            ;
                        }
                        GeneratedField::DiskWriteBytesPerSec => {
                            if disk_write_bytes_per_sec__.is_some() {
                                return Err(serde::de::Error::duplicate_field("diskWriteBytesPerSec"));
                            }
                            disk_write_bytes_per_sec__ = 
                                Some(map_.next_value::<::pbjson::private::NumberDeserialize<_>>()?.0)
                            ;
                        }
                        GeneratedField::DiskReadOps => {
                            if disk_read_ops__.is_some() {
                                return Err(serde::de::Error::duplicate_field("diskReadOps"));
                            }
                            disk_read_ops__ = 
                                Some(map_.next_value::<::pbjson::private::NumberDeserialize<_>>()?.0)
                            ;
                        }
                        GeneratedField::DiskWriteOps => {
                            if disk_write_ops__.is_some() {
                                return Err(serde::de::Error::duplicate_field("diskWriteOps"));
                            }
                            disk_write_ops__ = 
                                Some(map_.next_value::<::pbjson::private::NumberDeserialize<_>>()?.0)
                            ;
                        }
                        GeneratedField::DiskReadBytes => {
                            if disk_read_bytes__.is_some() {
                                return Err(serde::de::Error::duplicate_field("diskReadBytes"));
                            }
                            disk_read_bytes__ = 
                                Some(map_.next_value::<::pbjson::private::NumberDeserialize<_>>()?.0)
                            ;
                        }
                        GeneratedField::DiskWriteBytes => {
                            if disk_write_bytes__.is_some() {
                                return Err(serde::de::Error::duplicate_field("diskWriteBytes"));
                            }
                            disk_write_bytes__ = 
                                Some(map_.next_value::<::pbjson::private::NumberDeserialize<_>>()?.0)
                            ;
                        }
                        GeneratedField::IntervalMs => {
                            if interval_ms__.is_some() {
                                return Err(serde::de::Error::duplicate_field("intervalMs"));
                            }
                            interval_ms__ = 
                                Some(map_.next_value::<::pbjson::private::NumberDeserialize<_>>()?.0)
                            ;
                        }
                        GeneratedField::SampledAt => {
                            if sampled_at__.is_some() {
                                return Err(serde::de::Error::duplicate_field("sampledAt"));
                            }
                            sampled_at__ = map_.next_value()?;
                        }
                        GeneratedField::__SkipField__ => {
                            let _ = map_.next_value::<serde::de::IgnoredAny>()?;
                        }
                    }
                }
                Ok(VmStats {
                    vm: vm__.unwrap_or_default(),
                    cpu_percent: cpu_percent__.unwrap_or_default(),
                    memory_used: memory_used__.unwrap_or_default(),
                    memory_used_bytes: memory_used_bytes__.unwrap_or_default(),
                    disk_read_iops: disk_read_iops__.unwrap_or_default(),
                    disk_write_iops: disk_write_iops__.unwrap_or_default(),
                    disk_read_bytes_per_sec: disk_read_bytes_per_sec__.unwrap_or_default(),
                    disk_write_bytes_per_sec: disk_write_bytes_per_sec__.unwrap_or_default(),
                    disk_read_ops: disk_read_ops__.unwrap_or_default(),
                    disk_write_ops: disk_write_ops__.unwrap_or_default(),
                    disk_read_bytes: disk_read_bytes__.unwrap_or_default(),
                    disk_write_bytes: disk_write_bytes__.unwrap_or_default(),
                    interval_ms: interval_ms__.unwrap_or_default(),
                    sampled_at: sampled_at__,
                })
            }
        }
        deserializer.deserialize_struct("hypervisor.v1.VmStats", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for WatchRequest {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.kinds.is_empty() {
            len += 1;
        }
        if !self.vm.is_empty() {
            len += 1;
        }
        if self.after_id.is_some() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("hypervisor.v1.WatchRequest", len)?;
        if !self.kinds.is_empty() {
            struct_ser.serialize_field("kinds", &self.kinds)?;
        }
        if !self.vm.is_empty() {
            struct_ser.serialize_field("vm", &self.vm)?;
        }
        if let Some(v) = self.after_id.as_ref() {
            struct_ser.serialize_field("after_id", v)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for WatchRequest {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "kinds",
            "vm",
            "after_id",
            "afterId",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Kinds,
            Vm,
            AfterId,
            __SkipField__,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "kinds" => Ok(GeneratedField::Kinds),
                            "vm" => Ok(GeneratedField::Vm),
                            "afterId" | "after_id" => Ok(GeneratedField::AfterId),
                            _ => Ok(GeneratedField::__SkipField__),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = WatchRequest;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct hypervisor.v1.WatchRequest")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<WatchRequest, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut kinds__ = None;
                let mut vm__ = None;
                let mut after_id__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Kinds => {
                            if kinds__.is_some() {
                                return Err(serde::de::Error::duplicate_field("kinds"));
                            }
                            kinds__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Vm => {
                            if vm__.is_some() {
                                return Err(serde::de::Error::duplicate_field("vm"));
                            }
                            vm__ = Some(map_.next_value()?);
                        }
                        GeneratedField::AfterId => {
                            if after_id__.is_some() {
                                return Err(serde::de::Error::duplicate_field("afterId"));
                            }
                            after_id__ = map_.next_value()?;
                        }
                        GeneratedField::__SkipField__ => {
                            let _ = map_.next_value::<serde::de::IgnoredAny>()?;
                        }
                    }
                }
                Ok(WatchRequest {
                    kinds: kinds__.unwrap_or_default(),
                    vm: vm__.unwrap_or_default(),
                    after_id: after_id__,
                })
            }
        }
        deserializer.deserialize_struct("hypervisor.v1.WatchRequest", FIELDS, GeneratedVisitor)
    }
}
