/**
 * npm run bench [-- --quick] [--ocr-backend auto|wasm|native]: speed and memory, side by side with the native tools when installed
 * (poppler's pdftotext, tesseract with OMP_THREAD_LIMIT=1). Corpora are read in place from
 * ../shared/corpus; a missing one is skipped with a message.
 * npm run bench -- --guard [--quick]: only the ratios to the native tools (guard.ts); exits 1 when
 * one exceeds its target by more than 25% (CI runs it with --quick).
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { benchHttpOcr } from './http-ocr.ts';
import { benchHttpPdf } from './http-pdf.ts';
import { benchHttpScan } from './http-scan.ts';
import { benchOcr } from './ocr.ts';
import { benchPdf } from './pdf.ts';
import { runGuard } from './run-guard.ts';

const corpus = (name: string) => fileURLToPath(new URL(`../../shared/corpus/${name}/docs`, import.meta.url));
const quick = process.argv.includes('--quick');
/** `--ocr-backend native|wasm`: the scan rows under that OCR backend (auto: the service's default). */
const at = process.argv.indexOf('--ocr-backend');
const scanBackend = (at > 0 ? process.argv[at + 1] : 'auto') as 'auto' | 'wasm' | 'native';
if (!['auto', 'wasm', 'native'].includes(scanBackend)) throw new Error('--ocr-backend: auto, wasm or native');
const log = (line: string) => process.stdout.write(`${line}\n`);
const ratio = (ours?: number, native?: number) => (ours && native ? `${(ours / native).toFixed(2)}×` : 'n/a');

if (process.argv.includes('--guard')) process.exit(await runGuard(corpus, quick, log));

const nda = corpus('kleister-nda');
if (existsSync(nda)) {
  const reader = await benchPdf(nda, quick ? 30 : undefined);
  log(`\nText PDF, reader only (${reader.files} Kleister-NDA files, ${reader.pages} pages)`);
  log(`  docjson   ${reader.reader.pagesPerSecond} pages/s`);
  log(
    `  pdftotext ${reader.pdftotext ? `${reader.pdftotext.pagesPerSecond} pages/s` : 'not installed'}  (pdftotext ${reader.ratio ? `${reader.ratio}× faster` : 'n/a'})`,
  );
  const http = await benchHttpPdf(nda, quick ? 15 : 60);
  log(
    `\nText PDF through the whole HTTP path (${http.documents} files, ${http.pages} pages, one request at a time)`,
  );
  log(`  docjson   ${http.oursMsPerPage.toFixed(2)} ms/page`);
  log(
    `  pdftotext ${http.nativeMsPerPage ? `${http.nativeMsPerPage.toFixed(2)} ms/page` : 'not installed'}   ratio ${ratio(http.oursMsPerPage, http.nativeMsPerPage)} (target ≤ 2×)`,
  );
} else {
  log(`\n${nda}: absent, PDF benchmarks skipped`);
}

const sroie = corpus('sroie');
if (existsSync(sroie)) {
  const ocr = await benchOcr(sroie, quick ? 5 : 20);
  log(`\nOCR (${ocr.images} SROIE receipts, sequential, one worker)`);
  log(`  ${JSON.stringify(ocr)}`);
  const http = await benchHttpOcr(sroie, quick ? 5 : 20);
  log(`\nImages through the whole HTTP path (${http.images} SROIE receipts, one request at a time)`);
  for (const [backend, ms] of Object.entries(http.msPerImage)) {
    const tag = backend === http.defaultBackend ? ' (default, OCR_BACKEND=auto)' : '';
    log(`  docjson ${backend.padEnd(6)} ${ms.toFixed(0)} ms/image${tag}`);
  }
  const ours = http.msPerImage[http.defaultBackend];
  log(
    `  tesseract      ${http.nativeCliMsPerImage ? `${http.nativeCliMsPerImage.toFixed(0)} ms/image (CLI, --psm 6, OMP_THREAD_LIMIT=1, same files)` : 'not installed'}   ratio ${ratio(ours, http.nativeCliMsPerImage)} (target ≤ 1.5×)`,
  );
} else {
  log(`\n${sroie}: absent, OCR benchmark skipped`);
}

const adbuy = corpus('adbuy');
if (existsSync(adbuy)) {
  const scan = await benchHttpScan(adbuy, quick ? 4 : 10, scanBackend);
  log(
    `\nImage-only scan through the whole HTTP path (${scan.pages} pages of the ad-buy scans, OCR_BACKEND=${scanBackend})`,
  );
  log(`  one client        ${scan.oneClientSeconds.toFixed(1)} s (target ≤ 20 s for 10 pages on 2 cores)`);
  log(
    `  two clients       ${scan.twoClientsSeconds.toFixed(1)} s for both, ${scan.refused} refused (target 0)`,
  );
} else {
  log(`\n${adbuy}: absent, scan benchmark skipped`);
}

for (const kind of ['mixed', 'dense']) {
  const out = execFileSync(
    process.execPath,
    ['--expose-gc', fileURLToPath(new URL('./memory.ts', import.meta.url)), kind],
    {
      encoding: 'utf8',
    },
  );
  const m = JSON.parse(out.trim().split('\n').at(-1)!);
  log(
    `\nMemory: ${m.documents} concurrent ${m.megabytesEach} MB PDFs (${m.kind}, ${m.pagesEach} pages each)`,
  );
  log(`  service peak RSS ${m.peakRssMb} MB (idle ${m.rssBeforeMb} MB), ${m.seconds} s (target < 600 MB)`);
}
