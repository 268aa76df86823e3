import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { parseArgs } from 'node:util';
import { DuplicateAccountError } from './accounts/account-store.ts';
import { generateApiKey, hashApiKey } from './accounts/api-key.ts';
import { issueResetLink } from './accounts/password-reset.ts';
import { createAdapters, readLimits } from './app.ts';
import { type Config, ConfigError, loadConfig } from './config.ts';
import { isAppError } from './errors.ts';
import { extractDocument } from './extraction/extract-document.ts';
import { errorBody } from './requests/error-body.ts';

const USAGE = `docjson admin and offline CLI

  accounts create --email E --plan P [--credits N] [--expires YYYY-MM-DD]
  accounts list
  accounts update --email E [--plan P] [--credits N] [--expires YYYY-MM-DD|never]
  accounts reset-link --email E  prints a one-time link (an hour) to choose a new website password
  keys create --email E          prints the new key alone on its last line (shown once)
  keys list [--email E]
  keys revoke --id KEY_ID
  credits add --email E --credits N
  extract FILE CONFIG [--evidence]   offline: no server, no key, no credit

Uses DATA_DIR (./data) or DATABASE_URL like the server; reset links start with PUBLIC_URL
(http://localhost:PORT without it).`;

class UsageError extends Error {}

const options = {
  email: { type: 'string' },
  plan: { type: 'string' },
  credits: { type: 'string' },
  expires: { type: 'string' },
  id: { type: 'string' },
  evidence: { type: 'boolean', default: false },
  help: { type: 'boolean', short: 'h', default: false },
} as const;

type Flags = ReturnType<typeof parseArgs<{ options: typeof options; allowPositionals: true }>>['values'];

function required(flags: Flags, name: 'email' | 'plan' | 'credits' | 'id'): string {
  const value = flags[name];
  if (!value) throw new UsageError(`--${name} is required`);
  return value;
}

function count(text: string): number {
  if (!/^\d+$/.test(text)) throw new UsageError('--credits must be a whole number ≥ 0');
  return Number(text);
}

function expiry(text: string | undefined): string | null | undefined {
  if (text === undefined) return undefined;
  if (text === 'never') return null;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text) || Number.isNaN(Date.parse(text))) {
    throw new UsageError('--expires must be a date YYYY-MM-DD (or "never")');
  }
  return text;
}

function plan(config: Config, name: string): string {
  if (!config.plans[name])
    throw new UsageError(`unknown plan "${name}"; plans: ${Object.keys(config.plans).join(', ')}`);
  return name;
}

const print = (value: unknown) =>
  process.stdout.write(`${typeof value === 'string' ? value : JSON.stringify(value, null, 2)}\n`);

async function admin(config: Config, [group, action]: string[], flags: Flags): Promise<void> {
  const adapters = await createAdapters(config);
  const store = adapters.store;
  try {
    const account = async (email: string) => {
      const found = await store.getAccountByEmail(email);
      if (!found) throw new UsageError(`no account with e-mail ${email}`);
      return found;
    };
    const command = `${group} ${action}`;
    if (command === 'accounts create') {
      const planName = plan(config, required(flags, 'plan'));
      const credits =
        flags.credits !== undefined ? count(flags.credits) : (config.plans[planName]?.monthlyCredits ?? 0);
      print(
        await store.createAccount({
          email: required(flags, 'email'),
          plan: planName,
          credits,
          expiresAt: expiry(flags.expires) ?? null,
        }),
      );
    } else if (command === 'accounts list') {
      print(await store.listAccounts());
    } else if (command === 'accounts update') {
      const email = required(flags, 'email');
      await account(email);
      const expiresAt = expiry(flags.expires);
      print(
        await store.updateAccount(email, {
          ...(flags.plan !== undefined ? { plan: plan(config, flags.plan) } : {}),
          ...(flags.credits !== undefined ? { credits: count(flags.credits) } : {}),
          ...(expiresAt !== undefined ? { expiresAt } : {}),
        }),
      );
    } else if (command === 'accounts reset-link') {
      const owner = await account(required(flags, 'email'));
      const site = config.PUBLIC_URL ?? `http://localhost:${config.PORT}`;
      process.stderr.write(
        `A link for ${owner.email}: it works once, within an hour. Hand it to its owner only.\n`,
      );
      print(await issueResetLink(store, owner.id, site, new Date()));
    } else if (command === 'keys create') {
      const owner = await account(required(flags, 'email'));
      const key = generateApiKey();
      const record = await store.createKey(owner.id, hashApiKey(key));
      process.stderr.write(`Key ${record.id} created for ${owner.email}. It is shown once; store it now.\n`);
      print(key);
    } else if (command === 'keys list') {
      print(await store.listKeys(flags.email ? (await account(flags.email)).id : undefined));
    } else if (command === 'keys revoke') {
      const id = required(flags, 'id');
      if (!(await store.revokeKey(id))) throw new UsageError(`no active key with id ${id}`);
      print(`revoked ${id}`);
    } else if (command === 'credits add') {
      const email = required(flags, 'email');
      await account(email);
      print(await store.addCredits(email, count(required(flags, 'credits'))));
    } else {
      throw new UsageError(`unknown command "${command}"`);
    }
  } finally {
    await adapters.close();
  }
}

async function extract(config: Config, [file, configFile]: string[], evidence: boolean): Promise<void> {
  if (!file || !configFile) throw new UsageError('extract needs FILE and CONFIG');
  const started = performance.now();
  const adapters = await createAdapters(config, { withStore: false });
  try {
    const result = await extractDocument(
      { bytes: readFileSync(file), fileName: basename(file) },
      readFileSync(configFile),
      { ...adapters, limits: readLimits(config), ...(adapters.ocr ? { ocr: adapters.ocr } : {}) },
    );
    print({
      execution_time: Math.round(performance.now() - started) / 1000,
      status: 'success',
      data: result.data,
      ...(evidence ? { evidence: result.evidence } : {}),
    });
  } finally {
    await adapters.close();
  }
}

async function main(argv: string[]): Promise<void> {
  const { values: flags, positionals } = parseArgs({ args: argv, options, allowPositionals: true });
  if (flags.help || positionals.length === 0) {
    print(USAGE);
    return;
  }
  const config = loadConfig();
  if (positionals[0] === 'extract') await extract(config, positionals.slice(1), flags.evidence);
  else await admin(config, positionals, flags);
}

main(process.argv.slice(2)).catch((error: unknown) => {
  if (isAppError(error)) {
    process.stderr.write(`${JSON.stringify(errorBody(error, 'cli'), null, 2)}\n`);
  } else if (
    error instanceof UsageError ||
    error instanceof ConfigError ||
    error instanceof DuplicateAccountError
  ) {
    process.stderr.write(`docjson: ${error.message}\n\n${error instanceof UsageError ? USAGE : ''}\n`);
  } else if (error instanceof Error && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS')) {
    process.stderr.write(`docjson: ${error.message}\n\n${USAGE}\n`);
  } else if (error instanceof Error && 'code' in error && error.code === 'ENOENT') {
    process.stderr.write(`docjson: file not found\n`);
  } else {
    process.stderr.write(`docjson: ${error instanceof Error ? error.message : String(error)}\n`);
  }
  process.exitCode = 1;
});
