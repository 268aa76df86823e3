import type { Multipart } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { AppError, isAppError } from '../errors.ts';
import { CONFIG_LIMITS } from '../fields/parse-config.ts';
import {
  DEFAULT_UPLOAD_DEADLINE,
  type UploadDeadline,
  withinUploadDeadline,
} from '../requests/upload-deadline.ts';

export interface PlaygroundForm {
  csrf: string;
  yaml: string;
  evidence: boolean;
  /** The engine chosen, as sent (checked by the page, like the API's `engine=`); undefined: the default. */
  engine: string | undefined;
  document: { bytes: Uint8Array; fileName: string | undefined } | null;
  /** The form's one-time id (post/redirect/get): a reload that sends it again changes nothing. */
  submission: string;
  /** A part refused (a file over the plan's limit): the rest of the form was still read, the YAML kept. */
  refused?: AppError;
}

/**
 * The playground's multipart form, read into memory only (never to disk), with the same limits as the
 * API: the plan's file size, and the configuration's own size limit for the YAML text.
 */
export async function readPlaygroundForm(
  request: FastifyRequest,
  maxFileBytes: number,
  deadline: UploadDeadline = DEFAULT_UPLOAD_DEADLINE,
): Promise<PlaygroundForm> {
  if (!request.isMultipart()) throw new AppError('malformed_request', { expected: 'multipart/form-data' });
  return withinUploadDeadline(request, deadline, () => readForm(request, maxFileBytes));
}

async function readForm(request: FastifyRequest, maxFileBytes: number): Promise<PlaygroundForm> {
  const form: PlaygroundForm = {
    csrf: '',
    yaml: '',
    evidence: false,
    engine: undefined,
    document: null,
    submission: '',
  };
  const options = {
    throwFileSizeLimit: false,
    limits: {
      parts: 7,
      files: 1,
      fields: 6,
      fileSize: maxFileBytes + 1,
      fieldSize: CONFIG_LIMITS.maxBytes + 1,
    },
  };
  try {
    for await (const part of request.parts(options as Parameters<FastifyRequest['parts']>[0])) {
      await collect(part, form, maxFileBytes);
    }
  } catch (error) {
    if (isAppError(error)) throw error;
    throw new AppError('malformed_request', { reason: 'the form is incomplete or damaged' });
  }
  return form;
}

async function collect(part: Multipart, form: PlaygroundForm, maxFileBytes: number): Promise<void> {
  if (part.type === 'file') {
    const chunks: Buffer[] = [];
    let size = 0;
    // Past the limit the stream ends one byte on (fileSize): drained, so that the form's other
    // fields are still read and the YAML kept; the answer is the refusal.
    for await (const chunk of part.file) {
      size += chunk.length;
      if (size <= maxFileBytes) chunks.push(chunk);
    }
    if (size > maxFileBytes) {
      form.refused = new AppError('file_too_large', { limit_bytes: maxFileBytes, received_bytes: size });
      return;
    }
    if (part.fieldname === 'document') {
      form.document = { bytes: Buffer.concat(chunks, size), fileName: part.filename || undefined };
    }
    return;
  }
  const value = String(part.value ?? '');
  if (part.fieldname === 'yaml') {
    if (part.valueTruncated || Buffer.byteLength(value) > CONFIG_LIMITS.maxBytes) {
      throw new AppError('invalid_config', {
        limit_bytes: CONFIG_LIMITS.maxBytes,
        errors: [
          { path: 'yaml', message: `the configuration is larger than ${CONFIG_LIMITS.maxBytes} bytes` },
        ],
      });
    }
    form.yaml = value;
  } else if (part.fieldname === 'csrf') {
    form.csrf = value;
  } else if (part.fieldname === 'evidence') {
    form.evidence = value === 'on';
  } else if (part.fieldname === 'engine') {
    form.engine = value;
  } else if (part.fieldname === 'submission') {
    form.submission = value;
  }
}
