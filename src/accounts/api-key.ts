import { createHash, randomBytes } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const KEY_BYTES = 32;
/** 32 bytes in base 62 never need more than 43 digits; padding keeps every key the same length. */
const KEY_DIGITS = 43;
export const KEY_PREFIX = 'dj_';

function toBase62(bytes: Uint8Array): string {
  let value = BigInt(`0x${Buffer.from(bytes).toString('hex')}`);
  let out = '';
  while (value > 0n) {
    out = ALPHABET[Number(value % 62n)] + out;
    value /= 62n;
  }
  return out.padStart(KEY_DIGITS, '0');
}

/** A new secret key: shown once to its owner, never stored. */
export function generateApiKey(): string {
  return KEY_PREFIX + toBase62(randomBytes(KEY_BYTES));
}

/** What the store keeps of a key. A fast hash suffices: keys carry 256 bits of entropy. */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

export function looksLikeApiKey(value: string): boolean {
  return (
    value.length === KEY_PREFIX.length + KEY_DIGITS &&
    value.startsWith(KEY_PREFIX) &&
    /^[0-9A-Za-z]+$/.test(value.slice(3))
  );
}

export function newId(prefix: string): string {
  return `${prefix}_${toBase62(randomBytes(12)).replace(/^0+/, '')}`;
}
