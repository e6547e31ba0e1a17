/** A JSON request to a service over TCP with a bearer token, as the integration tests make them. */
export async function apiCall(
  baseUrl: string,
  token: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: any }> {
  const response = await fetch(baseUrl + path, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: await response.json() };
}

/**
 * A request that answers 202 with an operation, and the operation followed to its end (polled
 * every 100 ms, for at most `timeoutMs`): the ended operation, whatever its status.
 */
export async function apiOperation(
  baseUrl: string,
  token: string,
  path: string,
  body?: unknown,
  timeoutMs = 120_000,
): Promise<{ status: number; operation: any }> {
  const started = await apiCall(baseUrl, token, 'POST', path, body);
  if (started.status !== 202) return { status: started.status, operation: started.body };
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const op = (await apiCall(baseUrl, token, 'GET', `/operations/${started.body.id}`)).body;
    if (!['running', 'cancelling'].includes(op.status)) return { status: 202, operation: op };
    if (performance.now() > deadline) throw new Error(`operation ${started.body.id} still ${op.status}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
