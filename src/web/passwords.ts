import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';

export const MIN_PASSWORD_LENGTH = 10;
/** Beyond this a password only costs hashing time. */
export const MAX_PASSWORD_LENGTH = 1024;

/** scrypt with N = 2^15, r = 8, p = 1 (32 MiB, tens of milliseconds): slow for a guesser, fine per log-in. */
const COST_LOG2 = 15;
const BLOCK_SIZE = 8;
const PARALLEL = 1;
const KEY_LENGTH = 32;

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  const maxmem = 256 * (options.N ?? 0) * (options.r ?? 0) * (options.p ?? 1);
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { ...options, maxmem }, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

/** `scrypt$<log2 N>$<r>$<p>$<salt>$<hash>`, salt and hash in base64url: the parameters travel with the hash. */
async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, { N: 2 ** COST_LOG2, r: BLOCK_SIZE, p: PARALLEL });
  return [
    'scrypt',
    COST_LOG2,
    BLOCK_SIZE,
    PARALLEL,
    salt.toString('base64url'),
    key.toString('base64url'),
  ].join('$');
}

async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, logN, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await derive(password, Buffer.from(salt, 'base64url'), {
    N: 2 ** Number(logN),
    r: Number(r),
    p: Number(p),
  });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

let dummy: Promise<string> | undefined;

/**
 * For an unknown e-mail, or an account without a password: the same scrypt work as a real check,
 * so that the answer's timing does not tell whether the account exists.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummy ??= passwords.hash(randomBytes(16).toString('hex'));
  await passwords.verify(password, await dummy);
  return false;
}

/** One object, so that a test can count the checks made (each is one scrypt run). */
export const passwords = { hash: hashPassword, verify: verifyPassword };
