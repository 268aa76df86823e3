import { ModelFailure } from './model-failure.ts';

export interface RetryOptions {
  /** The whole exchange, retries included, ends with this signal (LLM_TIMEOUT_MS and the client). */
  signal: AbortSignal;
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
 * POSTs JSON and reads a JSON answer. Retries on 429, 5xx and connection errors, at most 3 tries,
 * waiting what Retry-After asks (else an exponential backoff); any other status is final.
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
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
        body: payload,
        signal: options.signal,
      });
      if (response.ok) return { status: response.status, body: await readJson(response) };
      await response.body?.cancel();
      last = new ModelFailure('status', { status: response.status });
      if (!retryable(response.status)) throw last;
      delayMs = retryAfterMs(response.headers.get('retry-after')) ?? delayMs;
    } catch (error) {
      if (options.signal.aborted) throw new ModelFailure('timeout', { cause: error });
      if (error instanceof ModelFailure) throw error;
      last = new ModelFailure('unreachable', { cause: error });
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
