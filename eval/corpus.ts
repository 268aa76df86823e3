/**
 * A labelled corpus as ../shared/corpus/README.md defines it: its cases in file-name order, split
 * into a tuning half (errors may be read) and a checking half (figures only), and its wordings:
 * config.yaml ("default") and wordings/*.yaml, the same fields in the same order under other names.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { Field } from '../src/fields/field.ts';
import { parseFieldConfig } from '../src/fields/parse-config.ts';

export type Half = 'tuning' | 'checking';
export const HALVES: readonly Half[] = ['tuning', 'checking'];

export interface Case {
  file: string;
  /** Keyed by config.yaml's field names. */
  expected: Record<string, unknown>;
  half: Half;
}

export interface Wording {
  /** "default" for config.yaml, else the file's base name ("1", "2", …). */
  name: string;
  fields: Field[];
}

export interface Corpus {
  name: string;
  dir: string;
  cases: Case[];
  /** The default first; field i of each is field i of the default. */
  wordings: Wording[];
}

export function loadCorpus(dir: string): Corpus {
  const sorted: Omit<Case, 'half'>[] = readFileSync(join(dir, 'cases.jsonl'), 'utf8')
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line))
    .sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
  // The tuning half is fixed on the whole corpus, so that --limit never moves a case into it.
  const tuning = Math.ceil(sorted.length / 2);
  const cases = sorted.map((c, i): Case => ({ ...c, half: i < tuning ? 'tuning' : 'checking' }));
  const fields = readFields(join(dir, 'config.yaml'));
  const wordings = [{ name: 'default', fields }, ...readWordings(join(dir, 'wordings'), fields, '')];
  const names = new Set(wordings[0]!.fields.map((f) => f.name));
  const unknown = cases.flatMap((c) => Object.keys(c.expected).filter((k) => !names.has(k)));
  if (unknown.length > 0)
    throw new Error(`cases.jsonl: ${[...new Set(unknown)].join(', ')} not in config.yaml`);
  return { name: basename(dir), dir, cases, wordings };
}

/**
 * Wordings kept outside the corpus (`--wordings DIR`: DIR/<corpus name>/*.yaml), named "+<file>" so
 * that they never pass for the corpus's own: the same fields in the same order, worded otherwise.
 */
export function withMoreWordings(corpus: Corpus, dir: string): Corpus {
  const more = readWordings(join(dir, corpus.name), corpus.wordings[0]!.fields, '+');
  return { ...corpus, wordings: [...corpus.wordings, ...more] };
}

/** Each YAML file of a folder as a wording of `fields`, in numeric order of file name. */
function readWordings(folder: string, fields: Field[], prefix: string): Wording[] {
  const files = existsSync(folder) ? readdirSync(folder).filter((f) => /\.ya?ml$/.test(f)) : [];
  return files
    .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }))
    .map((file) => {
      const wording = { name: prefix + file.replace(/\.ya?ml$/, ''), fields: readFields(join(folder, file)) };
      checkSameFields(fields, wording, file);
      return wording;
    });
}

/** The cases of one half or both, then the first `limit` of them in file-name order. */
export function selectCases(corpus: Corpus, half: Half | 'all', limit?: number): Case[] {
  return corpus.cases.filter((c) => half === 'all' || c.half === half).slice(0, limit);
}

export function selectWordings(corpus: Corpus, name?: string): Wording[] {
  if (name === undefined) return corpus.wordings;
  const found = corpus.wordings.filter((w) => w.name === name);
  if (found.length === 0) {
    throw new Error(
      `${corpus.name}: no wording "${name}" (has ${corpus.wordings.map((w) => w.name).join(', ')})`,
    );
  }
  return found;
}

function readFields(file: string): Field[] {
  return parseFieldConfig(readFileSync(file)).fields;
}

/** Scoring by position is only sound when the wording lists the same kinds of field. */
function checkSameFields(fields: Field[], wording: Wording, file: string): void {
  const kinds = (list: Field[]) => list.map((f) => f.kind).join(', ');
  if (kinds(fields) !== kinds(wording.fields)) {
    throw new Error(`wordings/${file}: fields (${kinds(wording.fields)}) ≠ config.yaml (${kinds(fields)})`);
  }
}
