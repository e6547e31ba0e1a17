//! TLS: the system's roots, or a pinned leaf certificate (the SHA-256 of its DER, as the service
//! prints it and as `GET /system/info` shows it).
use std::sync::Arc;

use rustls::client::danger::{HandshakeSignatureValid, ServerCertVerified, ServerCertVerifier};
use rustls::crypto::{verify_tls12_signature, verify_tls13_signature, CryptoProvider};
use rustls::pki_types::{CertificateDer, ServerName, UnixTime};
use rustls::{CertificateError, ClientConfig, DigitallySignedStruct, SignatureScheme};
use rustls_platform_verifier::BuilderVerifierExt;

use crate::{Error, Result};

/// Parses a fingerprint: 64 hex digits, colons allowed (`AB:CD:...`).
pub(crate) fn parse_fingerprint(hex: &str) -> Result<[u8; 32]> {
    let digits: Vec<u8> = hex.bytes().filter(|b| *b != b':').collect();
    let mut out = [0u8; 32];
    if digits.len() != 64 {
        return Err(Error::transport("a pin is the SHA-256 of the certificate: 64 hex digits"));
    }
    for (i, pair) in digits.chunks(2).enumerate() {
        let text = std::str::from_utf8(pair).map_err(Error::transport)?;
        out[i] = u8::from_str_radix(text, 16).map_err(|_| Error::transport("a pin holds hex digits only"))?;
    }
    Ok(out)
}

/// Accepts exactly the pinned leaf certificate, and still checks that the server holds its key
/// (the handshake's signature): a self-signed certificate needs no CA, a copied one is no use.
#[derive(Debug)]
struct PinVerifier {
    pin: [u8; 32],
    provider: Arc<CryptoProvider>,
}

impl ServerCertVerifier for PinVerifier {
    fn verify_server_cert(
        &self,
        end_entity: &CertificateDer<'_>,
        _intermediates: &[CertificateDer<'_>],
        _server_name: &ServerName<'_>,
        _ocsp_response: &[u8],
        _now: UnixTime,
    ) -> std::result::Result<ServerCertVerified, rustls::Error> {
        let digest = ring::digest::digest(&ring::digest::SHA256, end_entity.as_ref());
        if digest.as_ref() == self.pin {
            Ok(ServerCertVerified::assertion())
        } else {
            Err(rustls::Error::InvalidCertificate(CertificateError::ApplicationVerificationFailure))
        }
    }

    fn verify_tls12_signature(
        &self,
        message: &[u8],
        cert: &CertificateDer<'_>,
        dss: &DigitallySignedStruct,
    ) -> std::result::Result<HandshakeSignatureValid, rustls::Error> {
        verify_tls12_signature(message, cert, dss, &self.provider.signature_verification_algorithms)
    }

    fn verify_tls13_signature(
        &self,
        message: &[u8],
        cert: &CertificateDer<'_>,
        dss: &DigitallySignedStruct,
    ) -> std::result::Result<HandshakeSignatureValid, rustls::Error> {
        verify_tls13_signature(message, cert, dss, &self.provider.signature_verification_algorithms)
    }

    fn supported_verify_schemes(&self) -> Vec<SignatureScheme> {
        self.provider.signature_verification_algorithms.supported_schemes()
    }
}

/// A rustls configuration (ring) offering `alpn`, verifying by `pin` or else by the system's roots.
pub(crate) fn client_config(pin: Option<[u8; 32]>, alpn: &[&[u8]]) -> Result<ClientConfig> {
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let builder = ClientConfig::builder_with_provider(provider.clone())
        .with_safe_default_protocol_versions()
        .map_err(Error::transport)?;
    let mut config = match pin {
        Some(pin) => builder
            .dangerous()
            .with_custom_certificate_verifier(Arc::new(PinVerifier { pin, provider }))
            .with_no_client_auth(),
        None => builder.with_platform_verifier().map_err(Error::transport)?.with_no_client_auth(),
    };
    config.alpn_protocols = alpn.iter().map(|p| p.to_vec()).collect();
    Ok(config)
}
