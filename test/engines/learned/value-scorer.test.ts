import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DEFAULT_READ_LIMITS } from '../../../src/documents/model.ts';
import { textReader } from '../../../src/documents/text/text-reader.ts';
import { FEATURE_NAMES } from '../../../src/engines/local/learned/features.ts';
import { type Forest, probability } from '../../../src/engines/local/learned/trees.ts';
import {
  calibrated,
  defaultScorer,
  learnedScorer,
  type ScoringModel,
} from '../../../src/engines/local/learned/value-scorer.ts';
import { LocalEngine } from '../../../src/engines/local/local-engine.ts';
import { parseFieldConfig } from '../../../src/fields/parse-config.ts';

const feature = (name: (typeof FEATURE_NAMES)[number]) => FEATURE_NAMES.indexOf(name);

/** One split: a value its routes would choose is likely, any other unlikely. */
const handChoiceForest: Forest = {
  base: 0,
  trees: [
    {
      feature: [feature('hand_choice'), -1, -1],
      threshold: [0.5, 0, 0],
      left: [1, -1, -1],
      right: [2, -1, -1],
      value: [0, -3, 3],
    },
  ],
};

const model = (forest: Forest, answerAt = 0.5): ScoringModel => ({
  features: [...FEATURE_NAMES],
  forest,
  answerAt,
  memberAt: 0.5,
  calibration: [
    [0.1, 0.05],
    [0.9, 0.8],
  ],
});

describe('learned scorer', () => {
  it('evaluates a tree: a row goes left at or below the threshold', () => {
    const row = new Array(FEATURE_NAMES.length).fill(0);
    assert.ok(probability(handChoiceForest, row) < 0.1);
    row[feature('hand_choice')] = 1;
    assert.ok(probability(handChoiceForest, row) > 0.9);
  });

  it('states the calibrated confidence, flat beyond the table', () => {
    assert.equal(
      calibrated(
        [
          [0.1, 0.05],
          [0.9, 0.8],
        ],
        0.5,
      ),
      0.425,
    );
    assert.equal(
      calibrated(
        [
          [0.1, 0.05],
          [0.9, 0.8],
        ],
        0.99,
      ),
      0.8,
    );
    assert.equal(calibrated([], 0.7), 0.7);
  });

  it('ships a model grown on the features the code computes (npm run train)', () => {
    assert.notEqual(defaultScorer(), null);
  });

  it('refuses a model grown on other features', () => {
    assert.throws(
      () => learnedScorer({ ...model(handChoiceForest), features: ['something else'] }),
      /npm run train/,
    );
  });

  it('answers the likeliest value, and null when "none" is likelier than any value', async () => {
    const { fields } = parseFieldConfig(
      Buffer.from(
        'schemas:\n  data:\n    type: object\n    properties:\n      invoice_number:\n        type: string\n',
      ),
    );
    const document = await textReader.read(
      Buffer.from('ACME Ltd\nInvoice number: INV-0042\nTotal: 10.00\n'),
      {
        limits: DEFAULT_READ_LIMITS,
        fileName: 'doc.txt',
      },
    );
    const sure = new LocalEngine({ scorer: learnedScorer(model(handChoiceForest)) });
    const answer = await sure.extract(document, fields);
    assert.equal(answer.data.invoice_number, 'INV-0042');
    // Confidence comes from the model's calibration table (0.95 is beyond its last point: 0.8).
    assert.equal((answer.evidence.invoice_number as { confidence: number }).confidence, 0.8);
    // A forest that finds "none" likelier than any value answers null.
    const noneWins: Forest = {
      base: 0,
      trees: [
        ...handChoiceForest.trees,
        {
          feature: [feature('is_none'), -1, -1],
          threshold: [0.5, 0, 0],
          left: [1, -1, -1],
          right: [2, -1, -1],
          value: [0, 0, 9],
        },
      ],
    };
    // (A field worded otherwise: a value beside the field's own name is always answered, see below.)
    const reference = parseFieldConfig(
      Buffer.from(
        'schemas:\n  data:\n    type: object\n    properties:\n      reference:\n        type: string\n        description: The invoice number\n',
      ),
    ).fields;
    const never = new LocalEngine({ scorer: learnedScorer(model(noneWins)) });
    assert.equal((await never.extract(document, reference)).data.reference, null);
  });

  it("answers a value printed beside the field's own name even when the model would answer null", async () => {
    const { fields } = parseFieldConfig(
      Buffer.from(
        'schemas:\n  data:\n    type: object\n    properties:\n      supplier:\n        type: string\n        description: Company that sells the goods\n',
      ),
    );
    const document = await textReader.read(
      Buffer.from(
        'PURCHASE ORDER PO-2291\nSupplier: Northwind Office Supply GmbH\nShip to: Contoso Ltd, Leeds\n',
      ),
      { limits: DEFAULT_READ_LIMITS, fileName: 'po.txt' },
    );
    const noneAlways: Forest = {
      base: 0,
      trees: [
        {
          feature: [feature('is_none'), -1, -1],
          threshold: [0.5, 0, 0],
          left: [1, -1, -1],
          right: [2, -1, -1],
          value: [0, 0, 9],
        },
      ],
    };
    const engine = new LocalEngine({ scorer: learnedScorer(model(noneAlways)) });
    assert.equal((await engine.extract(document, fields)).data.supplier, 'Northwind Office Supply GmbH');
  });
});
