import type { ServerResponse } from 'node:http';
import { AppError } from '../errors.ts';

/** The client hung up before its answer: 499, never logged as a fault, never charged. */
export function clientGone(): AppError {
  return new AppError('client_closed', { reason: 'the client closed the connection before the answer' });
}

/**
 * Work for a client that hung up is wasted: a queued request leaves the line, readers and engines
 * stop at their next check, and nothing is charged (the charge checks the signal first).
 */
export function abortWhenClientLeaves(response: ServerResponse): AbortSignal {
  const controller = new AbortController();
  response.once('close', () => {
    if (!response.writableFinished) controller.abort(clientGone());
  });
  return controller.signal;
}
