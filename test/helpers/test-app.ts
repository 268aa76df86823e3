import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { AccountStore } from '../../src/accounts/account-store.ts';
import { generateApiKey, hashApiKey } from '../../src/accounts/api-key.ts';
import { SqliteAccountStore } from '../../src/accounts/sqlite-store.ts';
import { type AppDeps, buildApp, createAdapters } from '../../src/app.ts';
import { loadPlans } from '../../src/config.ts';
import { DEFAULT_READ_LIMITS } from '../../src/documents/model.ts';
import { createLogger } from '../../src/logger.ts';

/** Every log line the app wrote, as text, so that tests can read them all. */
export class LogCapture extends Writable {
  readonly lines: string[] = [];
  override _write(chunk: Buffer, _encoding: string, done: () => void): void {
    this.lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    done();
  }
  get text(): string {
    return this.lines.join('\n');
  }
}

export interface TestApp {
  app: FastifyInstance;
  store: AccountStore;
  dataDir: string;
  logs: LogCapture;
  /** POST /api/v1/generate with a key and a multipart body (from upload() or multipart()). */
  generate(
    key: string,
    body: { payload: Buffer; headers: Record<string, string> },
    query?: string,
  ): Promise<LightMyRequestResponse>;
  /** Creates an account and a key for it; returns the key. */
  keyFor(options?: {
    email?: string;
    plan?: string;
    credits?: number;
    expiresAt?: string | null;
  }): Promise<string>;
  close(): Promise<void>;
}

let accounts = 0;

export async function createTestApp(overrides: Partial<AppDeps> = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'docjson-test-'));
  const store = overrides.store ?? new SqliteAccountStore(dataDir);
  const logs = new LogCapture();
  const adapters = await createAdapters(
    { DATA_DIR: dataDir, DATABASE_URL: undefined, OCR_WORKERS: 1 },
    { withStore: false },
  );
  const app = await buildApp({
    readDocument: adapters.readDocument,
    engine: adapters.engine,
    ...(adapters.ocr ? { ocr: adapters.ocr } : {}),
    plans: loadPlans(),
    limits: DEFAULT_READ_LIMITS,
    logger: createLogger('info', logs),
    ...overrides,
    store,
  });
  await app.ready();
  return {
    app,
    store,
    dataDir,
    logs,
    generate(key, body, query = '') {
      return app.inject({
        method: 'POST',
        url: `/api/v1/generate${query}`,
        headers: { 'x-api-key': key, ...body.headers },
        payload: body.payload,
      });
    },
    async keyFor(options = {}) {
      const account = await store.createAccount({
        email: options.email ?? `user${++accounts}@example.com`,
        plan: options.plan ?? 'pro',
        credits: options.credits ?? 100,
        expiresAt: options.expiresAt ?? null,
      });
      const key = generateApiKey();
      await store.createKey(account.id, hashApiKey(key));
      return key;
    },
    async close() {
      await app.close();
      await store.close();
      await adapters.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const INVOICE_TEXT = `ACME Supplies Ltd
Invoice number: INV-2024-0042
Invoice date: 03/04/2024
Due date: 2024-05-03

Description            Amount
Widgets                1,000.00
Gaskets                  234.56

Subtotal: $1,234.56
VAT rate: 20%
Total: $1,481.47
Paid: yes
`;

export const INVOICE_YAML = `schemas:
  data:
    type: object
    properties:
      invoice_number:
        type: string
        description: The invoice number
      invoice_date:
        type: date
        description: Date the invoice was issued
        date_format: DD/MM/YYYY
      total:
        type: double
        description: Total amount due
      vat_rate:
        type: double
        description: VAT rate in percent
      paid:
        type: boolean
        description: Whether the invoice is paid
      purchase_order:
        type: string
        description: The buyer's purchase order reference
`;

/** What INVOICE_TEXT states for the fields of INVOICE_YAML, in their order: the answer a client checks. */
export const INVOICE_DATA = {
  invoice_number: 'INV-2024-0042',
  invoice_date: '2024-04-03',
  total: 1481.47,
  vat_rate: 20,
  paid: true,
  purchase_order: null,
};
