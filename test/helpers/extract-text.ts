import assert from 'node:assert/strict';
import { DEFAULT_READ_LIMITS } from '../../src/documents/model.ts';
import { textReader } from '../../src/documents/text/text-reader.ts';
import { LocalEngine } from '../../src/engines/local/local-engine.ts';
import type { FieldValue } from '../../src/fields/field.ts';
import { parseFieldConfig } from '../../src/fields/parse-config.ts';

const engine = new LocalEngine();

/** The local engine's data for a text document and fields given as `name: YAML body` pairs. */
export async function extractText(
  document: string,
  fields: Record<string, string>,
): Promise<Record<string, FieldValue>> {
  const yaml = `schemas:\n  data:\n    type: object\n    properties:\n${Object.entries(fields)
    .map(([name, body]) => `      ${name}: ${body}`)
    .join('\n')}\n`;
  const doc = await textReader.read(Buffer.from(document), {
    limits: DEFAULT_READ_LIMITS,
    fileName: 'doc.txt',
  });
  return (await engine.extract(doc, parseFieldConfig(yaml).fields)).data;
}

/** One field's answer on a text document. */
export async function answerText(document: string, field: string, body: string): Promise<FieldValue> {
  return (await extractText(document, { [field]: body }))[field] ?? null;
}

/**
 * The same answers, in the same order, under every wording of the same fields: what a user who
 * names the fields their own way must get.
 */
export async function assertEveryWording(
  document: string,
  wordings: Record<string, string>[],
  expected: FieldValue[],
): Promise<void> {
  for (const fields of wordings)
    assert.deepEqual(
      Object.values(await extractText(document, fields)),
      expected,
      Object.keys(fields).join(', '),
    );
}

/**
 * One field named and described several ways (`[name, YAML body]` pairs), asked alone each time:
 * every way gets the same answer.
 */
export async function assertEachName(
  document: string,
  wordings: readonly (readonly [string, string])[],
  expected: unknown,
): Promise<void> {
  for (const [field, body] of wordings)
    assert.deepEqual(await answerText(document, field, body), expected, `${field}: ${body}`);
}
