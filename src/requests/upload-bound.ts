import type { FastifyRequest } from 'fastify';
import { CONFIG_LIMITS } from '../fields/parse-config.ts';

/** Room for multipart boundaries, part headers and small form fields on top of the parts' own sizes. */
export const ENVELOPE_BYTES = 64 * 1024;

/** The most an upload may weigh in memory: its declared length, within the plan's limit and the envelope. */
export function uploadBound(request: FastifyRequest, maxFileBytes: number): number {
  const most = maxFileBytes + CONFIG_LIMITS.maxBytes + ENVELOPE_BYTES;
  const declared = Number(request.headers['content-length']);
  return Number.isFinite(declared) && declared >= 0 ? Math.min(declared, most) : most;
}
