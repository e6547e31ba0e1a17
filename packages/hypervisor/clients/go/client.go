// Package hvclient is the Go client of the hypervisor's gRPC API (API revision 1.0).
//
// It is a thin layer over the generated stubs in [hypervisorv1]: [Dial] opens one connection and
// the accessors ([Client.VMs], [Client.Storage], ...) hand out the generated service clients with
// the token, the default deadline and the error conversion applied to every call, so every RPC
// of the API is there with its generated request and response messages. A few helpers add what
// a bare stub lacks: [Client.WatchEvents] resumes a dropped event stream from the last event id,
// [Client.Migrate] and [Client.WaitOperation] follow long work with a progress callback. Every
// failure is an [*Error] (use errors.As), whose kind matches sentinels such as [ErrNotFound]
// (use errors.Is).
//
//	c, err := hvclient.Dial(ctx, "127.0.0.1:9401", hvclient.WithToken(token))
//	vms, err := c.VMs().ListVms(ctx, &hypervisorv1.ListVmsRequest{})
package hvclient

import (
	"context"
	"crypto/tls"
	"net"
	"strings"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials"
	"google.golang.org/grpc/credentials/insecure"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"

	pb "lab.dev/hypervisor/client-go/hypervisorv1"
)

// Version is this library's version; it speaks revision 1.0 of the API.
const Version = "1.0.0"

// APIRevision is the revision of the hypervisor API this library was generated from.
const APIRevision = "1.0"

// DefaultTimeout is the deadline a unary call gets when its context has none and no
// [WithTimeout] is given. Streams get none: they last until their context ends.
const DefaultTimeout = 30 * time.Second

// Client is a connection to one hypervisor host. It is safe for concurrent use; Close it when done.
type Client struct {
	conn *grpc.ClientConn
}

type config struct {
	token       string
	tlsConfig   *tls.Config
	unix        bool
	timeout     time.Duration
	dialOptions []grpc.DialOption
}

// Option configures [Dial].
type Option func(*config)

// WithToken sends `authorization: Bearer <token>` with every call. Not needed on the Unix socket.
func WithToken(token string) Option { return func(c *config) { c.token = token } }

// WithTLS connects over TLS with the given configuration (a CA pool, a client certificate); nil
// trusts the system's CAs.
func WithTLS(cfg *tls.Config) Option {
	if cfg == nil {
		cfg = &tls.Config{MinVersion: tls.VersionTLS12}
	}
	return func(c *config) { c.tlsConfig = cfg }
}

// WithTLSFingerprint connects over TLS and trusts exactly the server certificate whose DER has
// this SHA-256 (hex, colons and case ignored): the self-signed certificate a host makes itself.
func WithTLSFingerprint(fingerprint string) Option {
	return func(c *config) { c.tlsConfig = PinnedTLSConfig(fingerprint) }
}

// WithUnixSocket treats the address as the path of the host's gRPC Unix socket
// (`{run_dir}/grpc.sock`), where no token is needed.
func WithUnixSocket() Option { return func(c *config) { c.unix = true } }

// WithTimeout sets the deadline of unary calls whose context has none (default [DefaultTimeout]);
// 0 leaves them without one.
func WithTimeout(d time.Duration) Option { return func(c *config) { c.timeout = d } }

// WithDialOptions passes further options to grpc.NewClient (keepalive, a custom dialer).
func WithDialOptions(opts ...grpc.DialOption) Option {
	return func(c *config) { c.dialOptions = append(c.dialOptions, opts...) }
}

// Dial connects to the host at addr (`host:port`, or a socket path with [WithUnixSocket]) and
// checks that it answers (the public gRPC health check, as a client of Incus reads /1.0 first),
// so a refused connection or a certificate that fails its pin is reported here, before any call
// carries the token.
func Dial(ctx context.Context, addr string, opts ...Option) (*Client, error) {
	cfg := config{timeout: DefaultTimeout}
	for _, opt := range opts {
		opt(&cfg)
	}
	target := addr
	if cfg.unix {
		target = "unix://" + strings.TrimPrefix(strings.TrimPrefix(addr, "unix://"), "unix:")
	} else if _, _, err := net.SplitHostPort(addr); err == nil {
		target = "passthrough:///" + addr
	}
	transport := insecure.NewCredentials()
	if cfg.tlsConfig != nil {
		transport = credentials.NewTLS(cfg.tlsConfig)
	}
	interceptors := interceptors{token: cfg.token, timeout: cfg.timeout}
	dialOptions := append([]grpc.DialOption{
		grpc.WithTransportCredentials(transport),
		grpc.WithChainUnaryInterceptor(interceptors.unary),
		grpc.WithChainStreamInterceptor(interceptors.stream),
	}, cfg.dialOptions...)
	conn, err := grpc.NewClient(target, dialOptions...)
	if err != nil {
		return nil, &Error{Kind: KindTransport, Message: err.Error(), cause: err}
	}
	if _, err := healthpb.NewHealthClient(conn).Check(ctx, &healthpb.HealthCheckRequest{}); err != nil {
		conn.Close()
		return nil, err
	}
	return &Client{conn: conn}, nil
}

// DialUnix connects to the host's gRPC Unix socket at path (HV_GRPC_SOCKET; a `unix:` prefix is
// taken off): the principal `socket`, with every scope and no token.
func DialUnix(ctx context.Context, path string, opts ...Option) (*Client, error) {
	return Dial(ctx, path, append(opts, WithUnixSocket())...)
}

// Close closes the connection; calls still running end with a cancelled error.
func (c *Client) Close() error { return c.conn.Close() }

// Conn is the underlying connection, with this client's interceptors, for stubs of your own.
func (c *Client) Conn() *grpc.ClientConn { return c.conn }

// VMs is VmService: list, create, get, start, stop, pause, resume, MigrateVm, WatchVmEvents.
func (c *Client) VMs() pb.VmServiceClient { return pb.NewVmServiceClient(c.conn) }

// VMManagement is VmManagementService: update, delete, reset, stats, clone.
func (c *Client) VMManagement() pb.VmManagementServiceClient {
	return pb.NewVmManagementServiceClient(c.conn)
}

// Migrations is MigrationService: cancel, and the destination's incoming side.
func (c *Client) Migrations() pb.MigrationServiceClient { return pb.NewMigrationServiceClient(c.conn) }

// Snapshots is SnapshotService.
func (c *Client) Snapshots() pb.SnapshotServiceClient { return pb.NewSnapshotServiceClient(c.conn) }

// Storage is StorageService: disk images and their operations.
func (c *Client) Storage() pb.StorageServiceClient { return pb.NewStorageServiceClient(c.conn) }

// StoragePools is StoragePoolService.
func (c *Client) StoragePools() pb.StoragePoolServiceClient {
	return pb.NewStoragePoolServiceClient(c.conn)
}

// Networks is NetworkService: networks, rules, forwards, leases.
func (c *Client) Networks() pb.NetworkServiceClient { return pb.NewNetworkServiceClient(c.conn) }

// Tunnels is TunnelService: a network's post-quantum tunnel.
func (c *Client) Tunnels() pb.TunnelServiceClient { return pb.NewTunnelServiceClient(c.conn) }

// Operations is OperationService; see also [Client.WaitOperation].
func (c *Client) Operations() pb.OperationServiceClient { return pb.NewOperationServiceClient(c.conn) }

// PQC is PqcService: status, key generation, attestation.
func (c *Client) PQC() pb.PqcServiceClient { return pb.NewPqcServiceClient(c.conn) }

// PQCKeys is PqcKeyService: the other key routes, self-test, benchmark, verification.
func (c *Client) PQCKeys() pb.PqcKeyServiceClient { return pb.NewPqcKeyServiceClient(c.conn) }

// System is SystemService: host facts and settings.
func (c *Client) System() pb.SystemServiceClient { return pb.NewSystemServiceClient(c.conn) }

// Audit is AuditService.
func (c *Client) Audit() pb.AuditServiceClient { return pb.NewAuditServiceClient(c.conn) }

// Tokens is TokenService (scope admin).
func (c *Client) Tokens() pb.TokenServiceClient { return pb.NewTokenServiceClient(c.conn) }
