// Shared by the examples: a client from the environment, `HV_GRPC_ADDR` (gRPC) or else
// `HV_REST_URL` (REST), with `HV_TOKEN`.
use hypervisor_client::Client;

pub fn client_from_env() -> hypervisor_client::Result<Client> {
    let token = std::env::var("HV_TOKEN").unwrap_or_default();
    let builder = match (std::env::var("HV_GRPC_ADDR"), std::env::var("HV_REST_URL")) {
        (Ok(addr), _) => Client::grpc(&addr),
        (_, Ok(url)) => Client::rest(&url),
        _ => panic!("set HV_GRPC_ADDR or HV_REST_URL (and HV_TOKEN)"),
    };
    builder.token(token).build()
}
