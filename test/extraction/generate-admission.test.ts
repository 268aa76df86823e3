import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Account, AccountStore } from '../../src/accounts/account-store.ts';
import { DEFAULT_READ_LIMITS, type Document } from '../../src/documents/model.ts';
import type { ReadDocument } from '../../src/documents/read-document.ts';
import type { ExtractionEngine } from '../../src/engines/engine.ts';
import { generate } from '../../src/extraction/generate.ts';
import { PageBudget } from '../../src/extraction/page-budget.ts';

const yaml = new TextEncoder().encode(
  'schemas:\n  data:\n    type: object\n    properties:\n      term: { type: string, description: Duration }\n',
);

const account: Account = {
  id: 'acc',
  email: 'a@example.com',
  plan: 'free',
  credits: 10_000,
  expiresAt: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  creditsMonth: null,
};

const store = {
  charge: async (_id: string, cost: number) => account.credits - cost,
  getAccount: async () => account,
} as unknown as AccountStore;

const ticks = async (n: number) => {
  for (let i = 0; i < n; i++) await new Promise<void>((resolve) => setImmediate(resolve));
};

/**
 * A reader that counts its pages like the PDF reader (admit, then read), and an engine, that
 * together record how many documents are held at once, from admission to the end of extraction.
 */
function recorder(pages: number) {
  let holding = 0;
  const seen = { maxHolding: 0, events: [] as string[] };
  const readDocument: ReadDocument = async (bytes, context) => {
    const name = new TextDecoder().decode(bytes);
    await context.admit?.(pages, context.signal);
    holding++;
    seen.maxHolding = Math.max(seen.maxHolding, holding);
    seen.events.push(`read ${name}`);
    await ticks(3); // reading takes a while: the other request gets every chance to start
    const document: Document = {
      pages: [],
      meta: { format: 'pdf', bytes: bytes.length, billedPages: pages, characters: 0 },
    };
    return Object.assign(document, { name });
  };
  const engine: ExtractionEngine = {
    name: 'local',
    async extract(document) {
      await ticks(3);
      holding--;
      seen.events.push(`done ${(document as Document & { name: string }).name}`);
      return { data: { term: null }, evidence: {} } as never;
    },
  };
  return { readDocument, engine, seen };
}

describe('generate: admission by pages', () => {
  it('reads two documents whose pages exceed the budget one after the other', async () => {
    const { readDocument, engine, seen } = recorder(480);
    const deps = {
      readDocument,
      engine,
      store,
      limits: DEFAULT_READ_LIMITS,
      pageBudget: new PageBudget(500),
    };
    const file = (name: string) => ({ bytes: new TextEncoder().encode(name) });
    const outcomes = await Promise.all([
      generate({ account, file: file('a'), yaml }, deps),
      generate({ account, file: file('b'), yaml }, deps),
    ]);
    assert.equal(seen.maxHolding, 1);
    assert.deepEqual(seen.events, ['read a', 'done a', 'read b', 'done b']);
    assert.deepEqual(
      outcomes.map((o) => o.pagesBilled),
      [480, 480],
    );
    assert.equal(deps.pageBudget.inFlight, 0);
  });

  it('reads them together when the budget holds both', async () => {
    const { readDocument, engine, seen } = recorder(480);
    const deps = {
      readDocument,
      engine,
      store,
      limits: DEFAULT_READ_LIMITS,
      pageBudget: new PageBudget(1000),
    };
    const file = (name: string) => ({ bytes: new TextEncoder().encode(name) });
    await Promise.all([
      generate({ account, file: file('a'), yaml }, deps),
      generate({ account, file: file('b'), yaml }, deps),
    ]);
    assert.equal(seen.maxHolding, 2);
  });

  it('gives the pages back when the extraction fails', async () => {
    const { readDocument } = recorder(480);
    const engine: ExtractionEngine = {
      name: 'local',
      extract: async () => {
        throw new Error('engine fault');
      },
    };
    const pageBudget = new PageBudget(500);
    const deps = { readDocument, engine, store, limits: DEFAULT_READ_LIMITS, pageBudget };
    await assert.rejects(
      generate({ account, file: { bytes: new TextEncoder().encode('a') }, yaml }, deps),
      /engine fault/,
    );
    assert.equal(pageBudget.inFlight, 0);
  });
});
