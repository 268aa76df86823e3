/** Mutations of the fuzzer's inputs, driven by one seeded generator so that a run can be replayed. */

export interface Input {
  name: string;
  fileName: string;
  file: Uint8Array;
  yaml: string;
}

export type Random = () => number;

/** mulberry32: small, fast, and the same sequence for the same seed on every machine. */
export function random(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const below = (rng: Random, n: number) => Math.floor(rng() * n);
const pick = <T>(rng: Random, items: readonly T[]): T => items[below(rng, items.length)]!;

/** Values that tend to break length fields and counters. */
const INTERESTING = [0x00, 0xff, 0x7f, 0x80, 0x20, 0x0a, 0x30, 0x39];

type ByteMutation = (bytes: Uint8Array, rng: Random, other: Uint8Array) => Uint8Array;

const flipBits: ByteMutation = (bytes, rng) => {
  const out = Uint8Array.from(bytes);
  const flips = 1 + below(rng, 32);
  for (let i = 0; i < flips && out.length > 0; i++) out[below(rng, out.length)]! ^= 1 << below(rng, 8);
  return out;
};

const truncate: ByteMutation = (bytes, rng) => bytes.slice(0, below(rng, bytes.length + 1));

const splice: ByteMutation = (bytes, rng, other) =>
  concat(bytes.slice(0, below(rng, bytes.length + 1)), other.slice(below(rng, other.length + 1)));

const overwrite: ByteMutation = (bytes, rng) => {
  const out = Uint8Array.from(bytes);
  const at = below(rng, Math.max(1, out.length));
  const run = 1 + below(rng, 8);
  const value = pick(rng, INTERESTING);
  for (let i = at; i < Math.min(out.length, at + run); i++) out[i] = value;
  return out;
};

/** A chunk repeated in place: grows counts, tables and nesting. */
const duplicate: ByteMutation = (bytes, rng) => {
  const start = below(rng, bytes.length + 1);
  const end = Math.min(bytes.length, start + 1 + below(rng, 4096));
  const chunk = bytes.slice(start, end);
  const times = 1 + below(rng, 16);
  return concat(bytes.slice(0, end), ...Array.from({ length: times }, () => chunk), bytes.slice(end));
};

const erase: ByteMutation = (bytes, rng) => {
  const start = below(rng, bytes.length + 1);
  return concat(bytes.slice(0, start), bytes.slice(start + 1 + below(rng, 256)));
};

const BYTE_MUTATIONS = [flipBits, flipBits, truncate, splice, overwrite, duplicate, erase];

/** Fragments that make YAML deeper, aliased, mistyped or unterminated. */
const YAML_FRAGMENTS = [
  '&a [',
  '*a',
  '{',
  '[',
  ': ',
  '- ',
  '"',
  "'",
  '\t',
  '!!binary ',
  '<<: *a',
  'type: ',
  '~',
  '\u0000',
];

function mutateYaml(yaml: string, rng: Random): string {
  const lines = yaml.split('\n');
  switch (below(rng, 4)) {
    case 0: {
      const at = below(rng, yaml.length + 1);
      return yaml.slice(0, at) + pick(rng, YAML_FRAGMENTS) + yaml.slice(at);
    }
    case 1:
      return yaml.slice(0, below(rng, yaml.length + 1));
    case 2: {
      const line = below(rng, lines.length);
      lines.splice(line, 0, ...Array.from({ length: 1 + below(rng, 50) }, () => lines[line]!));
      return lines.join('\n');
    }
    default:
      return new TextDecoder().decode(flipBits(new TextEncoder().encode(yaml), rng, new Uint8Array()));
  }
}

const NAMES = [
  'invoice.pdf',
  'scan.png',
  'x',
  '',
  '../../etc/passwd',
  'é'.repeat(300),
  'a.txt\u0000.pdf',
  'sheet.xlsx',
];

/** One input: a seed with its file (mostly) or its configuration mutated, now and then its name. */
export function mutate(seeds: readonly Input[], rng: Random): Input {
  const seed = pick(rng, seeds);
  const other = pick(rng, seeds);
  const roll = rng();
  const file = roll < 0.8 ? pick(rng, BYTE_MUTATIONS)(seed.file, rng, other.file) : seed.file;
  const yaml = roll >= 0.7 ? mutateYaml(seed.yaml, rng) : seed.yaml;
  const fileName = rng() < 0.1 ? pick(rng, NAMES) : seed.fileName;
  return { name: seed.name, fileName, file, yaml };
}

function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
