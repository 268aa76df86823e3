/**
 * Worker-thread entry of the preparation pool (prepare-pool.ts): runs prepareForOcr on the bytes it
 * is sent and hands the PPM back in a shared buffer, so the main thread neither decodes, scales,
 * clears margins nor copies pixels. One job at a time.
 */
import { parentPort } from 'node:worker_threads';
import { AppError } from '../../errors.ts';
import { lowerThisThread } from './background-priority.ts';
import { prepareForOcr } from './image-preprocess.ts';
import type { PrepareReply, PrepareRequest } from './prepare-pool.ts';

const port = parentPort;
if (!port) throw new Error('prepare-worker.ts runs only as a worker thread');
lowerThisThread();

port.on('message', async ({ id, bytes, header, options }: PrepareRequest) => {
  let reply: PrepareReply;
  try {
    const prepared = await prepareForOcr(bytes, header, options);
    reply = {
      id,
      image: prepared.image,
      scale: prepared.scale,
      ...(prepared.edges ? { edges: prepared.edges } : {}),
    };
  } catch (error) {
    reply =
      error instanceof AppError
        ? { id, error: { code: error.code, details: error.details } }
        : { id, error: { message: error instanceof Error ? error.message : String(error) } };
  }
  // A shared PPM (ppm.ts) crosses as it is; any other buffer is handed over, not copied.
  const buffer = 'image' in reply ? reply.image.buffer : undefined;
  port.postMessage(reply, buffer instanceof ArrayBuffer ? [buffer] : []);
});
