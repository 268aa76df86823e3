import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, describe, it } from 'node:test';
import { checkStructure } from '../../scripts/structure.ts';

const LAYERS = [
  { name: 'top', paths: ['app.ts', 'http/'] },
  { name: 'middle', paths: ['engines/'] },
  { name: 'bottom', paths: ['errors.ts'] },
];

/** A src/ folder of the given files. */
function tree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'docjson-structure-'));
  roots.push(root);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}
const roots: string[] = [];
after(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});

describe('npm run structure', () => {
  it('passes imports that go down the layers or stay in one', () => {
    const root = tree({
      'app.ts': "import { a } from './engines/a.ts';\nimport './http/route.ts';",
      'http/route.ts': "import type { A } from '../engines/a.ts';",
      'engines/a.ts': "import { fail } from '../errors.ts';\nimport { b } from './b.ts';",
      'engines/b.ts': "// import { a } from './a.ts'; a comment is no import\nexport const b = 1;",
      'errors.ts': 'export const fail = 1;',
    });
    assert.deepEqual(checkStructure(root, LAYERS, []), { files: 5, problems: [], notes: [] });
  });

  it('fails on a circle, type imports and re-exports included, naming every file of it', () => {
    const root = tree({
      'engines/a.ts': "import type { B } from './b.ts';",
      'engines/b.ts': "export { c } from './c.ts';",
      'engines/c.ts': "import { a } from './a.ts';",
      'engines/d.ts': "import { a } from './a.ts';",
    });
    assert.deepEqual(checkStructure(root, LAYERS, []).problems, [
      'import circle: src/engines/a.ts ↔ src/engines/b.ts ↔ src/engines/c.ts',
    ]);
  });

  it('fails on an arrow back up, a dynamic import too', () => {
    const root = tree({
      'app.ts': 'export const config = 1;',
      'errors.ts': "const { config } = await import('./app.ts');",
    });
    assert.deepEqual(checkStructure(root, LAYERS, []).problems, [
      'arrow back up: src/errors.ts (bottom) imports src/app.ts (top)',
    ]);
  });

  it('lets an allowed circle pass while it lasts, and says when it is gone', () => {
    const root = tree({
      'http/a.ts': "import './b.ts';",
      'http/b.ts': "import './a.ts';",
    });
    const allowed = [
      { issue: 'issue 1', files: ['http/a.ts', 'http/b.ts'] },
      { issue: 'issue 2', files: ['engines/x.ts', 'engines/y.ts'] },
    ];
    assert.deepEqual(checkStructure(root, LAYERS, allowed), {
      files: 2,
      problems: [],
      notes: [
        'allowed until issue 1: circle http/a.ts ↔ http/b.ts',
        'gone: the circle allowed for issue 2; remove its entry',
      ],
    });
  });

  it('holds for the service itself', () => {
    assert.deepEqual(checkStructure(join(import.meta.dirname, '../../src')).problems, []);
  });
});
