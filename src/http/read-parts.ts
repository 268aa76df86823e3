import type { Multipart } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { AppError, isAppError } from '../errors.ts';
import { CONFIG_LIMITS } from '../fields/parse-config.ts';
import { ENVELOPE_BYTES } from '../requests/upload-bound.ts';
import {
  DEFAULT_UPLOAD_DEADLINE,
  type UploadDeadline,
  withinUploadDeadline,
} from '../requests/upload-deadline.ts';

export interface UploadedParts {
  file: { bytes: Uint8Array; fileName: string | undefined };
  yaml: Uint8Array;
}

type Found = Map<string, { bytes: Uint8Array; fileName: string | undefined }>;

/**
 * Reads `file` and `yaml_file` into memory, never to disk, counting bytes as they stream so that
 * an upload over the plan's limit is refused as soon as it passes it, without being buffered; within
 * the upload deadline, and at once refused when the client has left.
 */
export async function readParts(
  request: FastifyRequest,
  maxFileBytes: number,
  deadline: UploadDeadline = DEFAULT_UPLOAD_DEADLINE,
): Promise<UploadedParts> {
  if (!request.isMultipart()) throw new AppError('malformed_request', { expected: 'multipart/form-data' });
  const declared = Number(request.headers['content-length']);
  if (declared > maxFileBytes + CONFIG_LIMITS.maxBytes + ENVELOPE_BYTES) {
    throw new AppError('file_too_large', { limit_bytes: maxFileBytes, received_bytes: declared });
  }
  return withinUploadDeadline(request, deadline, () => readAll(request, maxFileBytes));
}

async function readAll(request: FastifyRequest, maxFileBytes: number): Promise<UploadedParts> {
  // The plugin reads throwFileSizeLimit per call (its README) though its types omit it; the size is
  // counted here instead, so busboy only has to stop one byte past the limit.
  const options = {
    throwFileSizeLimit: false,
    limits: { parts: 8, files: 4, fields: 4, fileSize: maxFileBytes + 1, fieldSize: maxFileBytes + 1 },
  };
  const found: Found = new Map();
  try {
    for await (const part of request.parts(options as Parameters<FastifyRequest['parts']>[0])) {
      await collect(part, found, maxFileBytes);
    }
  } catch (error) {
    // Anything else the multipart parser throws is the body's fault: truncated, bad boundary or header.
    if (isAppError(error)) throw error;
    throw new AppError('malformed_request', { reason: 'the multipart body is incomplete or damaged' });
  }
  const file = found.get('file');
  const yaml = found.get('yaml_file');
  if (!file || !yaml) {
    const missing = [!file && 'file', !yaml && 'yaml_file'].filter((p): p is string => Boolean(p));
    throw new AppError('missing_part', {
      errors: missing.map((path) => ({ path, message: `the "${path}" part is required` })),
    });
  }
  return { file, yaml: yaml.bytes };
}

async function collect(part: Multipart, found: Found, maxFileBytes: number): Promise<void> {
  const name = part.fieldname;
  if (name !== 'file' && name !== 'yaml_file') {
    throw new AppError('unexpected_part', {
      errors: [{ path: 'body', message: 'only "file" and "yaml_file" are accepted' }],
    });
  }
  if (found.has(name)) {
    throw new AppError('unexpected_part', {
      errors: [{ path: name, message: `"${name}" is sent more than once` }],
    });
  }
  const limit = name === 'file' ? maxFileBytes : CONFIG_LIMITS.maxBytes;
  const tooLarge = (received: number) =>
    name === 'file'
      ? new AppError('file_too_large', { limit_bytes: maxFileBytes, received_bytes: received })
      : new AppError('invalid_config', {
          limit_bytes: limit,
          received_bytes: received,
          errors: [{ path: 'yaml_file', message: `the configuration is larger than ${limit} bytes` }],
        });
  found.set(name, {
    bytes: await readPart(part, limit, tooLarge),
    fileName: part.type === 'file' ? part.filename : undefined,
  });
}

async function readPart(
  part: Multipart,
  limit: number,
  tooLarge: (received: number) => AppError,
): Promise<Uint8Array> {
  if (part.type === 'field') {
    const bytes = Buffer.from(String(part.value ?? ''), 'utf8');
    if (part.valueTruncated || bytes.length > limit) throw tooLarge(bytes.length);
    return bytes;
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of part.file) {
    size += chunk.length;
    if (size > limit) {
      part.file.resume();
      throw tooLarge(size);
    }
    chunks.push(chunk);
  }
  if (part.file.truncated) throw tooLarge(size);
  return Buffer.concat(chunks, size);
}
