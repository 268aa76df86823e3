import { existsSync } from 'node:fs';
import {
  ceiling,
  fails,
  type GuardRatio,
  guardReceipts,
  guardScan,
  guardTextPdf,
  ratioOf,
  TOLERANCE,
} from './guard.ts';

const NEEDED = ['pdftotext', 'pdftoppm', 'tesseract'];

/** Measures every ratio whose corpus and native tool are present, prints them, and returns the exit code. */
export async function runGuard(
  corpus: (name: string) => string,
  quick: boolean,
  log: (line: string) => void,
): Promise<number> {
  const { execFileSync } = await import('node:child_process');
  const missing = NEEDED.filter((tool) => {
    try {
      execFileSync('which', [tool], { stdio: 'ignore' });
      return false;
    } catch {
      return true;
    }
  });
  if (missing.length > 0) {
    log(`speed guard: ${missing.join(', ')} not installed: nothing to compare with`);
    return 1;
  }
  const repeats = quick ? 2 : 3;
  log(
    `Speed guard: best of ${repeats} for each side, fails past its target (or the ratio held until it is met) × ${TOLERANCE}`,
  );
  let failed = false;
  const measures: [string, (dir: string) => Promise<GuardRatio>][] = [
    ['kleister-nda', (dir) => guardTextPdf(dir, quick ? 12 : 30, repeats)],
    ['sroie', (dir) => guardReceipts(dir, quick ? 4 : 8, repeats)],
    ['adbuy', (dir) => guardScan(dir, quick ? 4 : 10, quick ? 1 : 2)],
  ];
  for (const [name, measure] of measures) {
    const dir = corpus(name);
    if (!existsSync(dir)) {
      log(`  skipped: ${dir} absent`);
      continue;
    }
    try {
      const r = await measure(dir);
      failed ||= fails(r);
      log(`  ${fails(r) ? 'FAIL' : 'ok  '} ${r.name}`);
      log(
        `       docjson ${r.ours.toFixed(1)} ms/${r.unit}, native ${r.native.toFixed(1)} ms/${r.unit}: ` +
          `${ratioOf(r).toFixed(2)}× (target ≤ ${r.target}×${ratioOf(r) > r.target ? ', not met' : ', met'}; fails past ${ceiling(r).toFixed(2)}×)`,
      );
      log(`       native: ${r.command}`);
    } catch (error) {
      failed = true;
      log(`  FAIL ${name}: ${(error as Error).message.slice(0, 200)}`);
    }
  }
  return failed ? 1 : 0;
}
