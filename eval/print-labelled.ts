/**
 * The report of a labelled corpus: per wording and half, then the wordings side by side, whose
 * minimum is the figure to quote (a figure that holds only under config.yaml is a fit). The RESULT
 * lines at the end are for scripts: grep '^RESULT '.
 */
import { HALVES, type Half } from './corpus.ts';
import {
  accuracy,
  BINS,
  type LabelledFigures,
  SURE,
  sum,
  type Tally,
  type WordingFigures,
} from './labelled.ts';

type Column = Half | 'all';
const COLUMNS: Column[] = ['tuning', 'checking', 'all'];

const pct = (x: number | undefined) => (x === undefined ? 'n/a' : `${(x * 100).toFixed(1)}%`);
const cells = (values: (number | undefined)[]) => values.map((v) => pct(v).padStart(9)).join('');

function column(f: WordingFigures, c: Column, field?: number): Tally {
  const fields = field === undefined ? f.fields : [f.fields[field]!];
  return sum(fields.flatMap((byHalf) => (c === 'all' ? HALVES.map((h) => byHalf[h]) : [byHalf[c]])));
}

/** ALL of each wording, per column. */
function overall(f: LabelledFigures): (number | undefined)[][] {
  return f.wordings.map((w) => COLUMNS.map((c) => accuracy(column(w, c))));
}

function minimum(values: (number | undefined)[]): number | undefined {
  const known = values.filter((v) => v !== undefined);
  return known.length === 0 ? undefined : Math.min(...known);
}

export function printLabelled(f: LabelledFigures, log: (line: string) => void): void {
  const total = f.cases.tuning + f.cases.checking;
  log(
    `\n${f.corpus}: ${total} cases (tuning ${f.cases.tuning}, checking ${f.cases.checking}); wordings ${f.wordings.map((w) => w.name).join(', ')}`,
  );
  const width = Math.max(
    22,
    ...f.wordings.flatMap((w) => w.fieldNames.map((n, i) => n.length + f.configNames[i]!.length + 6)),
  );
  for (const w of f.wordings) {
    log(`  ${`wording ${w.name}`.padEnd(width)}${COLUMNS.map((c) => c.padStart(9)).join('')}  no answer`);
    f.configNames.forEach((name, i) => {
      const label = w.fieldNames[i] === name ? name : `${name} (${w.fieldNames[i]})`;
      const all = column(w, 'all', i);
      const missed = all.scored === 0 ? undefined : all.unanswered / all.scored;
      log(
        `    ${label.padEnd(width - 2)}${cells(COLUMNS.map((c) => accuracy(column(w, c, i))))}${cells([missed])}`,
      );
    });
    log(`    ${'ALL'.padEnd(width - 2)}${cells(COLUMNS.map((c) => accuracy(column(w, c))))}`);
  }

  const rows = overall(f);
  log(`  ${'ALL by wording'.padEnd(width)}${COLUMNS.map((c) => c.padStart(9)).join('')}`);
  for (const [i, w] of f.wordings.entries()) log(`    ${w.name.padEnd(width - 2)}${cells(rows[i]!)}`);
  const mins = COLUMNS.map((_, c) => minimum(rows.map((r) => r[c])));
  log(`    ${'min'.padEnd(width - 2)}${cells(mins)}`);
  if (f.wordings[0]?.name === 'default' && rows.length > 1) {
    // Positive: the default wording does better than the worst other wording by that much.
    const gaps = COLUMNS.map((_, c) => {
      const worst = minimum(rows.slice(1).map((r) => r[c]));
      const own = rows[0]![c];
      return own === undefined || worst === undefined ? undefined : own - worst;
    });
    const points = (x: number | undefined) => (x === undefined ? 'n/a' : `${(x * 100).toFixed(1)} pt`);
    log(`    ${'max gap to default'.padEnd(width - 2)}${gaps.map((g) => points(g).padStart(9)).join('')}`);
  }

  const r = f.reading;
  const readMs = r.read === 0 ? 'n/a' : (r.readMs / r.read).toFixed(0);
  const fromCache =
    r.cached === 0 ? '' : `; ${r.cached} from cache, ${(r.cacheMs / r.cached).toFixed(1)} ms each`;
  log(
    `  ms per document: read ${readMs} (${r.read} read${fromCache}), engine ${(f.engine.ms / Math.max(1, f.engine.runs)).toFixed(1)} (engine ${(f.engine.ms / Math.max(1, f.engine.pages)).toFixed(2)} ms/page; ${f.engine.runs} runs over ${f.wordings.length} wordings)`,
  );
  printEngines(f, log);
  printCalibration(f, log);
  if (r.failures.size > 0) {
    log(`  failed documents: ${[...r.failures].map(([c, n]) => `${c} × ${n}`).join(', ')}`);
  }
  const engineFailures = f.wordings.filter((w) => w.engineFailures > 0);
  if (engineFailures.length > 0) {
    log(`  engine failures: ${engineFailures.map((w) => `${w.name} × ${w.engineFailures}`).join(', ')}`);
  }

  const result = (name: string, values: (number | undefined)[]) =>
    log(
      `RESULT ${f.corpus} ${name} ${COLUMNS.map((c, i) => `${c}=${values[i] === undefined ? 'n/a' : (values[i] * 100).toFixed(1)}`).join(' ')}`,
    );
  for (const [i, w] of f.wordings.entries()) result(w.name, rows[i]!);
  result('min', mins);
}

/** Which engine's answer each scored field kept (llm and hybrid), and the model's tokens. */
function printEngines(f: LabelledFigures, log: (line: string) => void): void {
  if (!f.wordings.some((w) => w.answeredBy.model.scored + w.answeredBy.local.scored > 0)) return;
  log(
    '  answered by: fields whose answer came from the model / the local engine (right), model tokens in / out',
  );
  for (const w of f.wordings) {
    const { model, local } = w.answeredBy;
    const share = (t: Tally) => `${t.scored} (${pct(accuracy(t))})`;
    log(
      `    ${w.name.padEnd(8)} model ${share(model).padEnd(16)} local ${share(local).padEnd(16)} tokens ${w.tokens.inputTokens} / ${w.tokens.outputTokens}`,
    );
  }
}

const binLabel = (i: number) => `${BINS[i]!.toFixed(1)}–${(BINS[i + 1] ?? 1).toFixed(1)}`;

function printCalibration(f: LabelledFigures, log: (line: string) => void): void {
  const pooled = BINS.map((_, i) => sum(f.wordings.map((w) => w.bins[i]!)));
  log('  calibration (answered fields, all wordings pooled): confidence → n, accuracy');
  pooled.forEach((b, i) => {
    if (b.scored > 0) log(`    ${binLabel(i)}  ${String(b.scored).padStart(5)}  ${pct(accuracy(b))}`);
  });
  log(`  calibration by wording: n accuracy per bin; right among answers ≥ ${SURE} on the checking half`);
  log(`    ${''.padEnd(8)}${BINS.map((_, i) => binLabel(i).padStart(15)).join('')}   ≥ ${SURE} checking`);
  for (const w of f.wordings) {
    const bins = w.bins.map((b) => `${b.scored} ${pct(accuracy(b))}`.padStart(15)).join('');
    const sure = `${w.sureChecking.scored} ${pct(accuracy(w.sureChecking))}`;
    log(`    ${w.name.padEnd(8)}${bins}   ${sure.padStart(12)}`);
  }
}
