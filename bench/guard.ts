/**
 * The speed guard (npm run bench -- --guard [--quick]): the service's time beside the native tool's
 * on the same files, in one run, as ratios; each fails past its target by more than TOLERANCE. On a
 * shared machine both sides are slowed alike, and each side keeps the best of a few repeats, so that
 * a neighbour's burst on one side does not fail the build.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_OCR_PARAMETERS } from '../src/documents/ocr/tesseract-pool.ts';
import { postDocument, startBenchApp } from './bench-app.ts';
import { NDA_FIELDS, RECEIPT_FIELDS, SCAN_FIELDS } from './corpus-fields.ts';
import { imageOnlyPdfs, multiPageScan } from './http-scan.ts';

/** A ratio may exceed its target by this much before the guard fails. */
export const TOLERANCE = 1.25;

export interface GuardRatio {
  name: string;
  /** Milliseconds per unit (page or image), best of the repeats, for each side. */
  ours: number;
  native: number;
  unit: string;
  /** The goal for the ratio. */
  target: number;
  /**
   * The ratio CI holds until the target is met: the figure measured when the guard was set, so that
   * a regression fails the build while the work towards the target goes on (docs/speed.md).
   */
  held: number;
  /** What reproduces the figure. */
  command: string;
}

export const ratioOf = (r: GuardRatio) => r.ours / r.native;
/** The ratio past which the guard fails: the target, or the figure held while the target is not met. */
export const ceiling = (r: GuardRatio) => Math.max(r.target, r.held) * TOLERANCE;
export const fails = (r: GuardRatio) => ratioOf(r) > ceiling(r);

const filesOf = (dir: string, pattern: RegExp, limit: number) =>
  readdirSync(dir)
    .filter((f) => pattern.test(f))
    .sort()
    .slice(0, limit)
    .map((f) => join(dir, f));

async function timed(work: () => Promise<unknown> | unknown): Promise<number> {
  const t0 = performance.now();
  await work();
  return performance.now() - t0;
}

/** The best of `repeats` rounds for each side, the sides taking turns within a round. */
async function bestOf(
  repeats: number,
  ours: () => Promise<unknown>,
  native: () => Promise<unknown> | unknown,
): Promise<{ ours: number; native: number }> {
  let best = { ours: Number.POSITIVE_INFINITY, native: Number.POSITIVE_INFINITY };
  for (let round = 0; round < repeats; round++) {
    const o = await timed(ours);
    const n = await timed(native);
    best = { ours: Math.min(best.ours, o), native: Math.min(best.native, n) };
  }
  return best;
}

/** Text PDFs through the whole HTTP path beside `pdftotext -layout`, per page. */
export async function guardTextPdf(dir: string, count: number, repeats: number): Promise<GuardRatio> {
  const files = filesOf(dir, /\.pdf$/, count).map((f) => ({ path: f, bytes: readFileSync(f) }));
  const app = await startBenchApp();
  try {
    await postDocument(app.url, app.key, files[0]!.bytes, 'warm.pdf', NDA_FIELDS);
    let pages = 0;
    const best = await bestOf(
      repeats,
      async () => {
        pages = 0;
        for (const f of files)
          pages += (await postDocument(app.url, app.key, f.bytes, 'd.pdf', NDA_FIELDS)).pages;
      },
      () => {
        for (const f of files) execFileSync('pdftotext', ['-layout', f.path, '-'], { stdio: 'ignore' });
      },
    );
    return {
      name: `text PDFs (${files.length} Kleister-NDA files, ${pages} pages)`,
      ours: best.ours / pages,
      native: best.native / pages,
      unit: 'page',
      target: 2.0,
      // 4.55× on a quiet machine when the issue was filed; 2.87–3.10× once scanners' pages were
      // decoded natively and the cache of read text PDFs came (2026-11-29).
      held: 3.2,
      command: 'pdftotext -layout FILE - (each file in turn)',
    };
  } finally {
    await app.close();
  }
}

/** Receipt photographs through the whole HTTP path beside the tesseract CLI, per image. */
export async function guardReceipts(dir: string, count: number, repeats: number): Promise<GuardRatio> {
  const files = filesOf(dir, /\.(jpe?g|png)$/i, count).map((f) => ({ path: f, bytes: readFileSync(f) }));
  const psm = DEFAULT_OCR_PARAMETERS.tessedit_pageseg_mode ?? '6';
  const env = { ...process.env, OMP_THREAD_LIMIT: '1' };
  const app = await startBenchApp();
  try {
    await postDocument(app.url, app.key, files[0]!.bytes, 'warm.jpg', RECEIPT_FIELDS);
    const best = await bestOf(
      repeats,
      async () => {
        for (const f of files) await postDocument(app.url, app.key, f.bytes, 'r.jpg', RECEIPT_FIELDS);
      },
      () => {
        for (const f of files)
          execFileSync('tesseract', [f.path, 'stdout', '--psm', psm, 'tsv'], { env, stdio: 'ignore' });
      },
    );
    return {
      name: `receipts (${files.length} SROIE photographs, one at a time)`,
      ours: best.ours / files.length,
      native: best.native / files.length,
      unit: 'image',
      target: 1.5,
      // 5.36× on a quiet machine when the issue was filed; 2.48–2.76× in runs once a photograph's
      // doubtful lines were read again only under the asked values (extraction/focused-rereading.ts).
      held: 2.8,
      command: `OMP_THREAD_LIMIT=1 tesseract FILE stdout --psm ${psm} tsv (each file in turn)`,
    };
  } finally {
    await app.close();
  }
}

/** Runs `command` and resolves when it ends; rejects on a failure. */
function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: 'ignore' });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} exited ${code}`))));
  });
}

/**
 * A many-page image-only scan alone through the whole HTTP path beside poppler and the tesseract CLI
 * reading the same pages at 300 DPI, two pages at a time (the machine's two cores), per page.
 */
export async function guardScan(dir: string, pages: number, repeats: number): Promise<GuardRatio> {
  const scan = await multiPageScan(imageOnlyPdfs(dir), pages);
  const work = mkdtempSync(join(tmpdir(), 'docjson-guard-'));
  const file = join(work, 'scan.pdf');
  writeFileSync(file, scan);
  const psm = DEFAULT_OCR_PARAMETERS.tessedit_pageseg_mode ?? '6';
  const env = { ...process.env, OMP_THREAD_LIMIT: '1' };
  const nativePage = async (page: number) => {
    const image = join(work, `p${page}`);
    await run(
      'pdftoppm',
      ['-r', '300', '-gray', '-f', String(page), '-l', String(page), '-singlefile', file, image],
      env,
    );
    await run('tesseract', [`${image}.pgm`, join(work, `t${page}`), '--psm', psm, 'tsv'], env);
  };
  const app = await startBenchApp();
  try {
    await postDocument(app.url, app.key, await multiPageScan(imageOnlyPdfs(dir), 1), 'warm.pdf', SCAN_FIELDS);
    let read = 0;
    const best = await bestOf(
      repeats,
      async () => {
        read = (await postDocument(app.url, app.key, scan, 'scan.pdf', SCAN_FIELDS)).pages;
      },
      async () => {
        let next = 1;
        const lane = async () => {
          while (next <= pages) await nativePage(next++);
        };
        await Promise.all([lane(), lane()]);
      },
    );
    return {
      name: `image-only scan (${read} pages of the ad-buy scans, one client)`,
      ours: best.ours / read,
      native: best.native / read,
      unit: 'page',
      target: SCAN_TARGET,
      // Met since a scanner's JPEG is decoded natively (sole-picture.ts): 0.91× on a quiet machine
      // (ours 2.7 s a page, the native tools 3.0 s; 1.45× before), so the target itself is held.
      held: SCAN_TARGET,
      command: `pdftoppm -r 300 -gray PAGE | OMP_THREAD_LIMIT=1 tesseract --psm ${psm} tsv, two pages at a time`,
    };
  } finally {
    await app.close();
    rmSync(work, { recursive: true, force: true });
  }
}

/**
 * The target, a 10-page scan in 20 s on 2 cores, is about what the native tools take for
 * the same pages (pdftoppm at 300 DPI and the CLI: 5.9 s of CPU a page, two pages at a time).
 */
export const SCAN_TARGET = 1.0;
