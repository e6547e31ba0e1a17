/** Why FSM coverage could not be computed: reported as `percent: null` with the reason, never thrown further. */
export class FsmCoverageUnavailable extends Error {
  override name = 'FsmCoverageUnavailable';
}

/** Thrown once a cancelled run's processes are gone. */
export function abortError(): Error {
  const error = new Error('the FSM coverage analysis was cancelled');
  error.name = 'AbortError';
  return error;
}
