/**
 * What the fault drills share: a list of expectations that prints as it goes, one HTTP call with its
 * headers and timing, and raw uploads that a client abandons or trickles (node:net, so that the drill
 * decides every byte).
 */
import { connect, type Socket } from 'node:net';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { INVOICE_FORM_YAML } from '../../test/helpers/invoice-forms.ts';
import { upload } from '../../test/helpers/multipart.ts';
import type { Upload } from '../cluster.ts';

export const log = (line: string) => process.stdout.write(`${line}\n`);
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
export const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

export class Checks {
  readonly failures: string[] = [];
  expect(ok: boolean, what: string): void {
    log(`  ${ok ? 'ok  ' : 'FAIL'} ${what}`);
    if (!ok) this.failures.push(what);
  }
}

export interface Reply {
  /** 0: no answer (connection error or timeout). */
  status: number;
  code?: string;
  ms: number;
  headers: Headers;
  body: Record<string, unknown>;
}

/** One POST /api/v1/generate; never throws. */
export async function send(
  base: string,
  key: string,
  body: Upload,
  options: { headers?: Record<string, string>; timeoutMs?: number } = {},
): Promise<Reply> {
  const t0 = performance.now();
  try {
    const res = await fetch(`${base}/api/v1/generate`, {
      method: 'POST',
      headers: { 'x-api-key': key, ...body.headers, ...options.headers },
      body: body.payload,
      signal: AbortSignal.timeout(options.timeoutMs ?? 60_000),
    });
    const text = await res.text();
    let json: Record<string, unknown> = {};
    try {
      json = JSON.parse(text);
    } catch {
      json = { code: 'non-json' };
    }
    const code = res.status === 200 ? undefined : String(json.code);
    return {
      status: res.status,
      ...(code ? { code } : {}),
      ms: performance.now() - t0,
      headers: res.headers,
      body: json,
    };
  } catch (error) {
    const name = (error as Error).name === 'TimeoutError' ? 'timeout' : (error as Error).name;
    return { status: 0, code: name, ms: performance.now() - t0, headers: new Headers(), body: {} };
  }
}

/** GET with its time; never throws. */
export async function get(
  url: string,
  headers: Record<string, string> = {},
  timeoutMs = 15_000,
): Promise<{ status: number; ms: number; text: string }> {
  const t0 = performance.now();
  try {
    const res = await fetch(url, { headers, signal: AbortSignal.timeout(timeoutMs) });
    return { status: res.status, ms: performance.now() - t0, text: await res.text() };
  } catch (error) {
    return { status: 0, ms: performance.now() - t0, text: (error as Error).name };
  }
}

/** "200: 3, 503 unavailable: 2" */
export function tally(statuses: string[]): string {
  const counts = new Map<string, number>();
  for (const s of statuses) counts.set(s, (counts.get(s) ?? 0) + 1);
  return (
    [...counts]
      .sort()
      .map(([k, v]) => `${k}: ${v}`)
      .join(', ') || 'none'
  );
}

export const statusOf = (r: { status: number; code?: string | undefined }) =>
  r.status === 200 ? '200' : `${r.status || 'no answer'} ${r.code ?? ''}`.trim();

/**
 * An upload on a socket of its own: its head and the first `bytes` of its body are sent at once;
 * then, with `trickleEveryMs`, one more byte at that pace until the body is whole. The socket is
 * returned so that the drill can vanish (destroy it) whenever it likes; `answer` is the raw response.
 */
export function rawUpload(
  base: string,
  key: string,
  body: Upload,
  options: { bytes: number; trickleEveryMs?: number; headers?: Record<string, string> },
): Promise<{ socket: Socket; answer: Promise<string> }> {
  const url = new URL(base);
  const extra = Object.entries(options.headers ?? {})
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join('');
  const head =
    `POST /api/v1/generate HTTP/1.1\r\nHost: ${url.host}\r\nx-api-key: ${key}\r\n` +
    `content-type: ${body.headers['content-type']}\r\ncontent-length: ${body.payload.length}\r\n${extra}\r\n`;
  return new Promise((resolve, reject) => {
    const socket = connect(Number(url.port), url.hostname, () => {
      let sent = Math.min(options.bytes, body.payload.length);
      socket.write(head);
      socket.write(body.payload.subarray(0, sent));
      if (options.trickleEveryMs) {
        const timer = setInterval(() => {
          if (socket.destroyed || sent >= body.payload.length) return clearInterval(timer);
          socket.write(body.payload.subarray(sent, sent + 1));
          sent++;
        }, options.trickleEveryMs);
        socket.once('close', () => clearInterval(timer));
      }
      let text = '';
      const answer = new Promise<string>((done) => {
        socket.on('data', (chunk: Buffer) => {
          text += chunk.toString('utf8');
        });
        socket.once('close', () => done(text));
      });
      resolve({ socket, answer });
    });
    // After the connection, an error (the server closing first) is the drill's business, not a failure.
    socket.on('error', reject);
  });
}

/** A text PDF of `pages` pages of invoice lines: a call that takes seconds (and costs `pages` credits). */
export async function longPdf(pages: number): Promise<Upload> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (let p = 0; p < pages; p++) {
    const page = pdf.addPage([595, 842]);
    for (let l = 0; l < 40; l++) {
      page.drawText(`Page ${p + 1} line ${l + 1}: Invoice number INV-7731, total due 1,250.40 EUR`, {
        x: 40,
        y: 800 - l * 19,
        size: 10,
        font,
      });
    }
  }
  return { name: `pdf (${pages} pages)`, ...upload(await pdf.save(), INVOICE_FORM_YAML, 'long.pdf') };
}

/** Credits left, as the answer to a call says it. */
export const creditsLeft = (reply: Reply) => Number(reply.headers.get('x-credits-remaining') ?? Number.NaN);
