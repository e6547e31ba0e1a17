/**
 * A network's post-quantum tunnel as clients write and read it, and the messages of the key
 * exchange the two services send each other (protocol.ts). The limits are the documented ones
 * (README "Networks > Tunnel").
 */
import { Nullable } from '@lab/server-kit';
import { Type, type Static } from 'typebox';

export const REKEY_SECONDS_MIN = 2;
export const REKEY_SECONDS_MAX = 3_600;
export const DEFAULT_REKEY_SECONDS = 120;
/** A key renewed every `rekey_seconds` lives twice that: past it without a renewal, no peer. */
export const KEY_LIFETIME_FACTOR = 2;
export const MAX_REMOTE_SUBNETS = 16;
export const PEER_TOKEN_MAX = 256;
export const PEM_MAX = 8_192;
export const KEEPALIVE_SECONDS = 25;

export const TunnelInputSchema = Type.Object(
  {
    peer_url: Type.String({
      maxLength: 2_048,
      pattern: '^https?://',
      description:
        "the URL of the peer's network resource: `http(s)://host:port/api/v1/networks/<peer network>`; " +
        'the key exchange is POSTed to `<peer_url>/tunnel/exchange`; `http://` only to loopback ' +
        '(the token would cross the network in clear) unless this service runs with --insecure-tcp',
    }),
    peer_fingerprint: Type.Optional(
      Type.String({
        pattern: '^(?:[0-9A-Fa-f]{64}|[0-9A-Fa-f]{2}(?::[0-9A-Fa-f]{2}){31})$',
        description:
          "SHA-256 fingerprint of the peer service's TLS certificate (its `/system/info` `tls.fingerprint`; " +
          'colons allowed), pinned for the exchange over https, as a self-signed certificate needs; ' +
          'without it an https peer needs a certificate valid for the system CAs',
      }),
    ),
    peer_token: Type.String({
      minLength: 1,
      maxLength: PEER_TOKEN_MAX,
      description: 'a token the peer issued with `network:write`; sealed at rest, never shown again',
    }),
    peer_signing_key: Type.String({
      maxLength: PEM_MAX,
      description:
        "the peer's ML-DSA-65 public key as PEM (`GET /pqc/keys/{name}/public?format=pem` there): pinned",
    }),
    signing_key: Type.String({
      minLength: 1,
      maxLength: 128,
      description: "the name of this host's ML-DSA-65 key of purpose `signing` in the key store",
    }),
    listen_port: Type.Integer({ minimum: 1, maximum: 65_535, description: "this side's WireGuard UDP port" }),
    endpoint: Type.String({
      maxLength: 260,
      description: "`host:port` of the peer's WireGuard listener (IPv4 address or host name)",
    }),
    remote_subnets: Type.Array(Type.String({ maxLength: 18 }), {
      minItems: 1,
      maxItems: MAX_REMOTE_SUBNETS,
      description:
        "the peer network's IPv4 subnets (CIDR), routed through the tunnel; they may overlap neither " +
        "this host's networks nor another tunnel's remote subnets",
    }),
    rekey_seconds: Type.Optional(
      Type.Integer({
        minimum: REKEY_SECONDS_MIN,
        maximum: REKEY_SECONDS_MAX,
        description:
          `seconds between key renewals, default ${DEFAULT_REKEY_SECONDS}; a key lives ` +
          `${KEY_LIFETIME_FACTOR} × this, after which the tunnel carries nothing until a renewal succeeds`,
      }),
    ),
  },
  { additionalProperties: false },
);
export type TunnelInput = Static<typeof TunnelInputSchema>;

export const TunnelStatusSchema = Type.Object(
  {
    network: Type.String(),
    state: Type.Enum(['up', 'down', 'degraded', 'not_configured']),
    reason: Nullable(Type.String()),
    interface: Nullable(Type.String()),
    listen_port: Nullable(Type.Integer()),
    public_key: Nullable(Type.String({ description: "this side's WireGuard public key" })),
    remote_subnets: Type.Array(Type.String()),
    peer: Nullable(
      Type.Object({
        url: Type.String(),
        endpoint: Type.String(),
        public_key: Nullable(Type.String({ description: "the peer's WireGuard public key, once learnt" })),
        signing_key_fingerprint: Type.String({ description: 'of the pinned ML-DSA-65 key' }),
      }),
    ),
    role: Type.Union([Type.Enum(['initiator', 'responder']), Type.Null()]),
    algorithms: Type.Array(Type.String()),
    epoch: Type.Integer(),
    rekey_seconds: Nullable(Type.Integer()),
    key_lifetime_seconds: Nullable(Type.Integer()),
    last_rekey_at: Nullable(Type.String({ format: 'date-time' })),
    next_rekey_at: Nullable(Type.String({ format: 'date-time' })),
    last_handshake_at: Nullable(Type.String({ format: 'date-time' })),
    rx_bytes: Type.Integer(),
    tx_bytes: Type.Integer(),
    failed_exchanges: Type.Integer(),
    last_error: Nullable(Type.String()),
  },
  { $id: 'NetworkTunnel', description: "A network's post-quantum tunnel: no key material" },
);
export type TunnelStatus = Static<typeof TunnelStatusSchema>;

const B64 = (description: string, maxLength = 8_192) =>
  Type.String({ maxLength, pattern: '^[A-Za-z0-9+/]*={0,2}$', description });

export const InitMessageSchema = Type.Object(
  {
    type: Type.Literal('init'),
    epoch: Type.Integer({ minimum: 1 }),
    nonce: B64('32 random bytes', 64),
    wg_public_key: B64("the initiator's WireGuard public key", 64),
    ephemeral_key: B64('a fresh ML-KEM-768 public key'),
    signature: B64('ML-DSA-65 over the init transcript'),
  },
  { additionalProperties: false },
);
export type InitMessage = Static<typeof InitMessageSchema>;

export const ConfirmMessageSchema = Type.Object(
  {
    type: Type.Literal('confirm'),
    session: Type.String({ pattern: '^[0-9a-f]{32}$' }),
    ciphertext: B64("ML-KEM-768 ciphertext to the responder's static key"),
    signature: B64('ML-DSA-65 over the whole transcript'),
  },
  { additionalProperties: false },
);
export type ConfirmMessage = Static<typeof ConfirmMessageSchema>;

export const ReplyMessageSchema = Type.Object({
  type: Type.Literal('reply'),
  session: Type.String(),
  nonce: Type.String(),
  wg_public_key: Type.String(),
  static_key: Type.String({ description: "the responder's static ML-KEM-768 public key" }),
  ciphertext: Type.String({ description: "ML-KEM-768 ciphertext to the initiator's ephemeral key" }),
  signature: Type.String(),
});
export type ReplyMessage = Static<typeof ReplyMessageSchema>;

export const DoneMessageSchema = Type.Object({
  type: Type.Literal('done'),
  epoch: Type.Integer(),
  confirmation: Type.String({ description: 'a key confirmation derived beside the PSK, not the PSK' }),
});
export type DoneMessage = Static<typeof DoneMessageSchema>;

export const ExchangeRequestSchema = Type.Union([InitMessageSchema, ConfirmMessageSchema]);
export const ExchangeReplySchema = Type.Union([ReplyMessageSchema, DoneMessageSchema]);

export const TUNNEL_SCHEMAS = [TunnelStatusSchema];
