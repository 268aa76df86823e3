// npm run structure: the import graph of src/ kept a tree of layers. Fails on an import circle (files
// that import each other, directly or around a loop) and on an import from a lower layer to a higher
// one. Type-only imports count too: a circle of types is a circle a reader has to untangle all the same.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

const SRC = resolve(import.meta.dirname, '..', 'src');

type Layers = readonly { name: string; paths: string[] }[];
type AllowedCircles = readonly { issue: string; files: string[] }[];

// Highest first. A file may import its own layer or any lower one, never a higher one. The first
// pattern a file's path (relative to src/) starts with decides its layer.
export const LAYERS: Layers = [
  {
    name: 'composition root',
    paths: ['server.ts', 'app.ts', 'cli.ts', 'idle-ocr.ts', 'node-flags.ts', 'malloc-env.ts'],
  },
  { name: 'delivery', paths: ['http/', 'web/', 'requests/', 'config.ts'] },
  { name: 'use case', paths: ['extraction/'] },
  { name: 'engines', paths: ['engines/'] },
  { name: 'documents', paths: ['documents/'] },
  { name: 'fields', paths: ['fields/'] },
  { name: 'accounts', paths: ['accounts/'] },
  { name: 'foundation', paths: ['errors.ts', 'logger.ts', 'version.ts', 'env-boolean.ts'] },
];

// Circles whose owners are removing them in their own issues; every file of a circle must be listed
// for it to pass. A circle not found any more is reported so that its entry can go.
export const ALLOWED_CIRCLES: AllowedCircles = [];

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sourceFiles(path));
    else if (entry.name.endsWith('.ts')) out.push(path);
  }
  return out;
}

function importsOf(root: string, file: string): string[] {
  const info = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  return info.importedFiles
    .map((i) => i.fileName)
    .filter((name) => name.startsWith('.'))
    .map((name) => relative(root, resolve(dirname(file), name)))
    .filter((name) => name.endsWith('.ts'));
}

// Tarjan's strongly connected components: every set of two or more files that reach each other.
function circles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  let next = 0;
  const visit = (node: string): void => {
    index.set(node, next);
    low.set(node, next);
    next++;
    stack.push(node);
    onStack.add(node);
    for (const to of graph.get(node) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node)!, low.get(to)!));
      } else if (onStack.has(to)) {
        low.set(node, Math.min(low.get(node)!, index.get(to)!));
      }
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1 || (graph.get(node) ?? []).includes(node)) found.push(component.sort());
    }
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return found;
}

export interface StructureReport {
  files: number;
  /** Each circle or arrow back up, as a sentence; empty when the tree is sound. */
  problems: string[];
  /** Allowed circles found, and allowances whose circle is gone. */
  notes: string[];
}

/** The import graph of every .ts file under `root`, checked against the layers. */
export function checkStructure(
  root: string,
  layers: Layers = LAYERS,
  allowed: AllowedCircles = ALLOWED_CIRCLES,
): StructureReport {
  const layerOf = (file: string): number => {
    const index = layers.findIndex((layer) => layer.paths.some((p) => file === p || file.startsWith(p)));
    if (index < 0) throw new Error(`src/${file} is in no layer: add it to LAYERS in scripts/structure.ts`);
    return index;
  };
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles(root)) graph.set(relative(root, file), importsOf(root, file));

  const problems: string[] = [];
  const notes: string[] = [];
  for (const [from, targets] of graph) {
    for (const to of targets) {
      if (!graph.has(to)) problems.push(`src/${from} imports src/${to}, which does not exist`);
      else if (layerOf(to) < layerOf(from)) {
        problems.push(
          `arrow back up: src/${from} (${layers[layerOf(from)]!.name}) imports src/${to} (${layers[layerOf(to)]!.name})`,
        );
      }
    }
  }
  const used = new Set<number>();
  for (const circle of circles(graph)) {
    const allowance = allowed.findIndex((a) => circle.every((f) => a.files.includes(f)));
    if (allowance >= 0) {
      used.add(allowance);
      notes.push(`allowed until ${allowed[allowance]!.issue}: circle ${circle.join(' ↔ ')}`);
    } else problems.push(`import circle: ${circle.map((f) => `src/${f}`).join(' ↔ ')}`);
  }
  allowed.forEach((a, i) => {
    if (!used.has(i)) notes.push(`gone: the circle allowed for ${a.issue}; remove its entry`);
  });
  return { files: graph.size, problems, notes };
}

if (import.meta.main) {
  const report = checkStructure(SRC);
  for (const note of report.notes) console.log(note);
  for (const problem of report.problems) console.error(problem);
  if (report.problems.length > 0) process.exit(1);
  console.log(`structure: ${report.files} files in ${LAYERS.length} layers, no circles, no arrows back up`);
}
