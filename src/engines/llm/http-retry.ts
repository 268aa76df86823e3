import { ModelFailure } from './model-failure.ts';

export interface RetryOptions {
  /** The whole exchange, retries included, ends with this signal (LLM_TIMEOUT_MS and the client). */
  signal: AbortSignal;
  /** One try's time (LLM_CALL_TIMEOUT_MS): a try that hangs is abandoned and tried again. */
  callTimeoutMs?: number;
  /** When the whole exchange's time runs out (ms since the epoch): a longer Retry-After is not waited. */
  deadline?: number;
  /** Tries in all. */
  tries?: number;
  /** Waits between tries; tests pass one that records the delays instead of waiting. */
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  /** First backoff delay, doubled on each retry when the server names none. */
  baseDelayMs?: number;
}

export interface JsonResponse {
  status: number;
  body: unknown;
}

const MAX_TRIES = 3;

/**
 * POSTs JSON and reads a JSON answer. Retries on 429, 5xx, connection errors and a try that
 * outlived its own timeout, at most 3 tries, waiting what Retry-After asks (else an exponential
 * backoff), unless that wait outlasts the whole exchange's deadline: then it fails at once, with
 * the provider's Retry-After for the client. 401/403 (the key) and 404 (the model) are final and
 * named; any other status is final.
 */
export async function postJson(
  url: string,
  headers: Record<string, string>,
  body: unknown,
  options: RetryOptions,
): Promise<JsonResponse> {
  const tries = options.tries ?? MAX_TRIES;
  const sleep = options.sleep ?? abortableSleep;
  const payload = JSON.stringify(body);
  let last: ModelFailure = new ModelFailure('unreachable');
  for (let attempt = 1; attempt <= tries; attempt++) {
    let delayMs = (options.baseDelayMs ?? 500) * 2 ** (attempt - 1);
    const signal = options.callTimeoutMs
      ? AbortSignal.any([options.signal, AbortSignal.timeout(options.callTimeoutMs)])
      : options.signal;
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
        body: payload,
        signal,
      });
      if (response.ok) return { status: response.status, body: await readJson(response) };
      await response.body?.cancel();
      const asked = retryAfterMs(response.headers.get('retry-after'));
      last = failureOf(response.status, asked ?? undefined);
      if (!retryable(response.status)) throw last;
      delayMs = asked ?? delayMs;
      // A wait past the deadline would only end in a timeout: the client is told the provider's wait.
      if (asked !== null && options.deadline !== undefined && Date.now() + asked > options.deadline)
        throw last;
    } catch (error) {
      if (options.signal.aborted) throw new ModelFailure('timeout', { cause: error });
      if (error instanceof ModelFailure) throw error;
      last = signal.aborted
        ? new ModelFailure('timeout', { cause: error })
        : new ModelFailure('unreachable', { cause: error });
    }
    if (attempt < tries) {
      try {
        await sleep(delayMs, options.signal);
      } catch (error) {
        throw new ModelFailure('timeout', { cause: error });
      }
    }
  }
  throw last;
}

function failureOf(status: number, retryAfter: number | undefined): ModelFailure {
  if (status === 401 || status === 403) return new ModelFailure('auth', { status });
  if (status === 404) return new ModelFailure('model_not_found', { status });
  return new ModelFailure('status', {
    status,
    ...(retryAfter !== undefined ? { retryAfterMs: retryAfter } : {}),
  });
}

function retryable(status: number): boolean {
  return status === 429 || status === 408 || status >= 500;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new ModelFailure('malformed', { status: response.status, cause: error });
  }
}

/** Retry-After in seconds or as an HTTP date; null when absent or unreadable. */
export function retryAfterMs(header: string | null, now: number = Date.now()): number | null {
  if (!header) return null;
  if (/^\d+(\.\d+)?$/.test(header.trim())) return Math.round(Number(header) * 1000);
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

function abortableSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
