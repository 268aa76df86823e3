import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { readPack } from '../../../src/engines/local/vocabulary/read-pack.ts';
import { languagePackSchema } from '../../../src/engines/local/vocabulary/schema.ts';

const dir = mkdtempSync(join(tmpdir(), 'vocabulary-'));
after(() => rmSync(dir, { recursive: true, force: true }));

function pack(name: string, text: string): URL {
  const path = join(dir, name);
  writeFileSync(path, text);
  return pathToFileURL(path);
}

test('a pack of the wrong shape stops the load, naming its file and the path inside it', () => {
  const file = pack('de.json', JSON.stringify({ concepts: { total: ['summe', 7] } }));
  assert.throws(
    () => readPack(file, languagePackSchema),
    (error: Error) =>
      error.message.includes(`${dir}/de.json`) &&
      error.message.includes('concepts.total.1') &&
      error.message.includes('malformed'),
  );
});

test('a phrase written otherwise than the engine compares it stops the load, naming where it stands', () => {
  const file = pack('nl.json', JSON.stringify({ closings: ['met vriendelijke groet', 'Hoogachtend'] }));
  assert.throws(
    () => readPack(file, languagePackSchema),
    /nl\.json is malformed: closings\.1: not a normalised phrase/,
  );
});

test('a section the schema does not know is refused, not ignored', () => {
  const file = pack('fr.json', JSON.stringify({ closings: ['cordialement'], closngs: ['bien a vous'] }));
  assert.throws(() => readPack(file, languagePackSchema), /fr\.json.*closngs/);
});

test('a pack that is not JSON stops the load with its file', () => {
  const file = pack('es.json', '{"concepts": [');
  assert.throws(() => readPack(file, languagePackSchema), /es\.json/);
});

test('a well-formed pack is read as it is written', () => {
  const file = pack('it.json', JSON.stringify({ closings: ['cordiali saluti', 'distinti saluti'] }));
  assert.deepEqual(readPack(file, languagePackSchema), {
    closings: ['cordiali saluti', 'distinti saluti'],
  });
});

test('the engine does not start on a malformed pack: the error names the pack and the path', () => {
  // A copy of the vocabulary module beside the repository's node_modules, one of its packs broken.
  const source = fileURLToPath(new URL('../../../src/engines/local/vocabulary/', import.meta.url));
  const copy = mkdtempSync(join(fileURLToPath(new URL('../../../', import.meta.url)), '.vocabulary-'));
  try {
    cpSync(source, copy, { recursive: true });
    const de = JSON.parse(readFileSync(join(copy, 'packs', 'de.json'), 'utf8'));
    de.concepts.total.push('Gesamtbetrag');
    writeFileSync(join(copy, 'packs', 'de.json'), JSON.stringify(de));
    const run = spawnSync(process.execPath, [
      '-e',
      `import(${JSON.stringify(pathToFileURL(join(copy, 'index.ts')).href)})`,
    ]);
    assert.notEqual(run.status, 0);
    assert.match(
      run.stderr.toString(),
      /packs\/de\.json is malformed: concepts\.total\.\d+: not a normalised phrase/,
    );
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
});
