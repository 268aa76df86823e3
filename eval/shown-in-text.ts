/**
 * How much of a case's expected values the document, as the readers read it, shows at all: the
 * ceiling of any engine that answers from the text, a perfect model's included (a value OCR misread,
 * or a label a person worked out rather than copied, is not there to be found). The test is the
 * scorer's, written apart from grounding (src/engines/llm/locate.ts) to check it: strings by the
 * scoring normalisation (letters and digits only, so across line breaks and spaces too) after the
 * equivalences grounding accepts (comparable-text.ts: "&"/"and", legal forms, counts in words),
 * numbers and dates by value on a line or two consecutive lines, dates in either day/month order.
 * A field an llm eval with the expected-answer model misses although this ceiling says it is
 * shown is lost by grounding; one it gets although not shown, accepted by grounding too loosely.
 */
import type { Document } from '../src/documents/model.ts';
import { comparableText } from '../src/engines/llm/comparable-text.ts';
import { documentText } from '../src/engines/llm/document-text.ts';
import type { Field } from '../src/fields/field.ts';
import { findDateSpans, findNumberSpans } from '../src/fields/typing/index.ts';
import { normaliseForScore, scoreField } from './score.ts';

/** Per config.yaml field, the score a reader limited to what the text shows would get (0–1). */
export function shownInText(
  document: Document,
  fields: Field[],
  expected: Record<string, unknown>,
): Record<string, number> {
  const pages = documentText(document).map((p) => p.lines);
  const squashed = pages.map((lines) => normaliseForScore(comparableText(lines.join('\n'))));
  const pairs = pages.flatMap((lines) => [...lines, ...lines.slice(1).map((l, i) => `${lines[i]} ${l}`)]);
  const shown = (field: Field, value: unknown): boolean => {
    if (typeof value === 'number') {
      return pairs.some((line) => findNumberSpans(line).some((s) => Math.abs(s.value - value) <= 0.005));
    }
    if (field.kind === 'date' && typeof value === 'string') {
      return pairs.some((line) =>
        (['DMY', 'MDY'] as const).some((order) =>
          findDateSpans(line, { order }).some((s) => s.value === value.slice(0, 10)),
        ),
      );
    }
    const wanted = normaliseForScore(comparableText(String(value)));
    return wanted !== '' && squashed.some((text) => text.includes(wanted));
  };
  const scores: Record<string, number> = {};
  for (const field of fields) {
    if (!(field.name in expected)) continue;
    const value = expected[field.name];
    const item = field.kind === 'array' ? field.items : field;
    const readable = Array.isArray(value)
      ? value.filter((v) => shown(item, v))
      : value === null || shown(field, value)
        ? value
        : null;
    scores[field.name] = scoreField(value, readable);
  }
  return scores;
}
