import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { postDocument, startBenchApp } from './bench-app.ts';
import { NDA_FIELDS } from './corpus-fields.ts';

function hasCommand(name: string): boolean {
  try {
    execFileSync('which', [name], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** Pages per second through the whole HTTP path (upload, read, extract, charge), one request at a time. */
export async function benchHttpPdf(dir: string, limit = 40) {
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.pdf'))
    .sort()
    .slice(0, limit)
    .map((f) => join(dir, f));
  const app = await startBenchApp();
  try {
    await postDocument(app.url, app.key, readFileSync(files[0]!), 'warm.pdf', NDA_FIELDS);
    let pages = 0;
    const t0 = performance.now();
    for (const f of files)
      pages += (await postDocument(app.url, app.key, readFileSync(f), 'doc.pdf', NDA_FIELDS)).pages;
    const ours = performance.now() - t0;
    let native: number | undefined;
    if (hasCommand('pdftotext')) {
      const t1 = performance.now();
      for (const f of files)
        execFileSync('pdftotext', ['-layout', f, '-'], { stdio: ['ignore', 'ignore', 'ignore'] });
      native = performance.now() - t1;
    }
    return {
      documents: files.length,
      pages,
      oursMsPerPage: ours / pages,
      nativeMsPerPage: native === undefined ? undefined : native / pages,
    };
  } finally {
    await app.close();
  }
}
