import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { readPack } from '../../../src/engines/local/vocabulary/read-pack.ts';
import { lexiconSchema } from '../../../src/engines/local/vocabulary/schema.ts';

const dir = mkdtempSync(join(tmpdir(), 'vocabulary-'));
after(() => rmSync(dir, { recursive: true, force: true }));

function pack(name: string, text: string): URL {
  const path = join(dir, name);
  writeFileSync(path, text);
  return pathToFileURL(path);
}

test('a pack of the wrong shape stops the load, naming its file and the path inside it', () => {
  const file = pack(
    'de.json',
    JSON.stringify({ concepts: [{ id: 'total', family: 'amount', words: ['summe', 7] }] }),
  );
  assert.throws(
    () => readPack(file, lexiconSchema.pick({ concepts: true })),
    (error: Error) =>
      error.message.includes(`${dir}/de.json`) &&
      error.message.includes('concepts.0.words.1') &&
      error.message.includes('malformed'),
  );
});

test('a section the schema does not know is refused, not ignored', () => {
  const file = pack('fr.json', JSON.stringify({ closings: ['cordialement'], closngs: ['bien a vous'] }));
  assert.throws(() => readPack(file, lexiconSchema.pick({ closings: true })), /fr\.json.*closngs/);
});

test('a pack that is not JSON stops the load with its file', () => {
  const file = pack('es.json', '{"concepts": [');
  assert.throws(() => readPack(file, lexiconSchema), /es\.json/);
});

test('a well-formed pack is read as it is written', () => {
  const file = pack('it.json', JSON.stringify({ closings: ['cordiali saluti', 'distinti saluti'] }));
  assert.deepEqual(readPack(file, lexiconSchema.pick({ closings: true })), {
    closings: ['cordiali saluti', 'distinti saluti'],
  });
});
