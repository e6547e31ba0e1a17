/** A JSON request over TCP, with a bearer token when given; the body of a 204 is undefined. */
export async function requestJson(
  url: string,
  method: string,
  bearer?: string,
  body?: unknown,
): Promise<{ status: number; headers: Headers; body: any }> {
  const response = await fetch(url, {
    method,
    headers: {
      ...(bearer === undefined ? {} : { authorization: `Bearer ${bearer}` }),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    body: text === '' ? undefined : JSON.parse(text),
  };
}

/** A JSON request to a service over TCP with a bearer token, as the integration tests make them. */
export async function apiCall(
  baseUrl: string,
  token: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: any }> {
  const { status, body: answer } = await requestJson(baseUrl + path, method, token, body);
  return { status, body: answer };
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
  const api = (method: string, at: string) => apiCall(baseUrl, token, method, at);
  return { status: 202, operation: await operationEnded(api, started.body.id, timeoutMs) };
}

/** Operation `id` polled through `api` every 100 ms until it ended (for at most `timeoutMs`). */
export async function operationEnded(
  api: (method: string, path: string) => Promise<{ body: any }>,
  id: string,
  timeoutMs = 120_000,
): Promise<any> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const op = (await api('GET', `/operations/${id}`)).body;
    if (!['running', 'cancelling'].includes(op.status)) return op;
    if (performance.now() > deadline) throw new Error(`operation ${id} still ${op.status}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
