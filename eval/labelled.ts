import { existsSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { Adapters } from '../src/app.ts';
import type { ReadLimits } from '../src/documents/model.ts';
import type { Evidence, EvidenceTree } from '../src/engines/engine.ts';
import { prepareExtraction, runEngine } from '../src/extraction/extract-document.ts';
import { scoreField } from './score.ts';

interface Case {
  file: string;
  expected: Record<string, unknown>;
}

export interface FieldFigure {
  field: string;
  scored: number;
  right: number;
}

export interface LabelledFigures {
  corpus: string;
  documents: number;
  fields: FieldFigure[];
  accuracy: number;
  readMsPerDocument: number;
  engineMsPerDocument: number;
  engineMsPerPage: number;
  calibration: { bin: string; n: number; accuracy: number }[];
  failures: { file: string; code: string }[];
}

const BINS = [0, 0.3, 0.5, 0.7, 0.8, 0.9, 1.01];

/** Runs the service's own use case on each case of a labelled corpus folder and scores it. */
export async function evalLabelled(
  dir: string,
  adapters: Adapters,
  limits: ReadLimits,
  options: { errors?: boolean; limit?: number; log?: (line: string) => void } = {},
): Promise<LabelledFigures> {
  const log = options.log ?? ((line: string) => process.stdout.write(`${line}\n`));
  const yaml = readFileSync(join(dir, 'config.yaml'));
  const cases: Case[] = readFileSync(join(dir, 'cases.jsonl'), 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l))
    .slice(0, options.limit ?? Number.POSITIVE_INFINITY);
  const perField = new Map<string, FieldFigure>();
  const bins = BINS.slice(0, -1).map(() => ({ n: 0, right: 0 }));
  const failures: { file: string; code: string }[] = [];
  let readMs = 0;
  let engineMs = 0;
  let pages = 0;
  for (const c of cases) {
    const path = join(dir, c.file);
    if (!existsSync(path)) continue;
    let data: Record<string, unknown> = {};
    let evidence: Record<string, EvidenceTree> = {};
    try {
      const t0 = performance.now();
      const prepared = await prepareExtraction(
        { bytes: readFileSync(path), fileName: basename(path) },
        yaml,
        {
          ...adapters,
          limits,
        },
      );
      const t1 = performance.now();
      const result = await runEngine(prepared, { ...adapters, limits });
      engineMs += performance.now() - t1;
      readMs += t1 - t0;
      pages += prepared.document.pages.length;
      data = result.data;
      evidence = result.evidence;
    } catch (error) {
      failures.push({ file: c.file, code: (error as { code?: string }).code ?? 'exception' });
    }
    for (const [field, expected] of Object.entries(c.expected)) {
      const score = scoreField(expected, data[field]);
      const figure = perField.get(field) ?? { field, scored: 0, right: 0 };
      figure.scored++;
      figure.right += score;
      perField.set(field, figure);
      const confidence = (evidence[field] as Evidence | undefined)?.confidence;
      if (
        typeof confidence === 'number' &&
        data[field] !== null &&
        !(Array.isArray(data[field]) && (data[field] as unknown[]).length === 0)
      ) {
        const bin = BINS.findIndex((b, i) => confidence >= b && confidence < BINS[i + 1]!);
        if (bin >= 0 && bins[bin]) {
          bins[bin].n++;
          bins[bin].right += score;
        }
      }
      if (options.errors && score < 1) {
        log(
          `  ✗ ${c.file} ${field}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(data[field] ?? null)}`,
        );
      }
    }
  }
  const fields = [...perField.values()];
  const scored = fields.reduce((n, f) => n + f.scored, 0);
  const documents = cases.length;
  return {
    corpus: basename(dir),
    documents,
    fields,
    accuracy: scored === 0 ? 0 : fields.reduce((n, f) => n + f.right, 0) / scored,
    readMsPerDocument: readMs / Math.max(1, documents - failures.length),
    engineMsPerDocument: engineMs / Math.max(1, documents - failures.length),
    engineMsPerPage: engineMs / Math.max(1, pages),
    calibration: bins.map((b, i) => ({
      bin: `${BINS[i]!.toFixed(1)}–${Math.min(1, BINS[i + 1]!).toFixed(1)}`,
      n: b.n,
      accuracy: b.n === 0 ? 0 : b.right / b.n,
    })),
    failures,
  };
}

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

export function printLabelled(f: LabelledFigures, log: (line: string) => void): void {
  log(`\n${f.corpus}: ${f.documents} documents`);
  log('  field                 scored   accuracy');
  for (const field of f.fields) {
    log(
      `  ${field.field.padEnd(20)} ${String(field.scored).padStart(7)}   ${pct(field.right / field.scored).padStart(7)}`,
    );
  }
  log(
    `  ${'ALL'.padEnd(20)} ${String(f.fields.reduce((n, x) => n + x.scored, 0)).padStart(7)}   ${pct(f.accuracy).padStart(7)}`,
  );
  log(
    `  ms per document: read ${f.readMsPerDocument.toFixed(0)}, engine ${f.engineMsPerDocument.toFixed(1)} (engine ${f.engineMsPerPage.toFixed(2)} ms/page)`,
  );
  log('  calibration (answered fields): confidence → n, accuracy');
  for (const b of f.calibration)
    if (b.n > 0) log(`    ${b.bin}  ${String(b.n).padStart(5)}  ${pct(b.accuracy)}`);
  if (f.failures.length > 0) {
    const byCode = new Map<string, number>();
    for (const x of f.failures) byCode.set(x.code, (byCode.get(x.code) ?? 0) + 1);
    log(`  failed documents: ${[...byCode].map(([c, n]) => `${c} × ${n}`).join(', ')}`);
  }
}
