/**
 * JSON that gives back exactly what was put in, for the document cache: plain JSON would turn NaN,
 * ±Infinity and -0 into null or 0, drop keys whose value is undefined, and flatten typed arrays and
 * Maps, and an engine reading a cached document must see what a fresh read gives it. What it cannot
 * give back exactly (class instances, shared or circular references) it refuses rather than alter.
 */
import { isDeepStrictEqual } from 'node:util';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Marks an encoded special value; a real object with this key is escaped as { [TAG]: 'object' }. */
const TAG = '$exact';

const TYPED_ARRAYS = {
  Int8Array,
  Uint8Array,
  Uint8ClampedArray,
  Int16Array,
  Uint16Array,
  Int32Array,
  Uint32Array,
  Float32Array,
  Float64Array,
  BigInt64Array,
  BigUint64Array,
} as const;
type TypedArrayName = keyof typeof TYPED_ARRAYS;

export class NotExactError extends Error {}

export function encodeExact(value: unknown): Json {
  return encode(value, '$', new Set());
}

export function decodeExact(json: Json): unknown {
  return decode(json);
}

/** The encoded text, or a NotExactError when decoding it would not give an equal value. */
export function stringifyExact(value: unknown): string {
  const text = JSON.stringify(encodeExact(value));
  if (!isDeepStrictEqual(decodeExact(JSON.parse(text)), value)) {
    throw new NotExactError('the value does not survive a round trip');
  }
  return text;
}

export function parseExact(text: string): unknown {
  return decodeExact(JSON.parse(text));
}

const tagged = (kind: string, v?: Json): Json => (v === undefined ? { [TAG]: kind } : { [TAG]: kind, v });

function encode(value: unknown, path: string, seen: Set<object>): Json {
  switch (typeof value) {
    case 'undefined':
      return tagged('undefined');
    case 'string':
    case 'boolean':
      return value;
    case 'number':
      if (Number.isNaN(value)) return tagged('NaN');
      if (value === Number.POSITIVE_INFINITY) return tagged('Infinity');
      if (value === Number.NEGATIVE_INFINITY) return tagged('-Infinity');
      return Object.is(value, -0) ? tagged('-0') : value;
    case 'bigint':
      return tagged('bigint', value.toString());
    case 'object':
      if (value === null) return null;
      // A second sighting would come back as a copy, not the same object.
      if (seen.has(value)) throw new NotExactError(`${path} is shared or circular`);
      seen.add(value);
      return encodeObject(value, path, seen);
    default:
      throw new NotExactError(`${path} is a ${typeof value}`);
  }
}

function encodeObject(value: object, path: string, seen: Set<object>): Json {
  if (Array.isArray(value)) {
    if (Object.getPrototypeOf(value) !== Array.prototype) throw new NotExactError(`${path} is a subclass`);
    return Array.from({ length: value.length }, (_, i) =>
      i in value ? encode(value[i], `${path}[${i}]`, seen) : tagged('hole'),
    );
  }
  if (ArrayBuffer.isView(value) && !(value instanceof DataView)) {
    const name = value.constructor.name as TypedArrayName;
    if (TYPED_ARRAYS[name]?.prototype !== Object.getPrototypeOf(value)) {
      throw new NotExactError(`${path} is a ${name}`);
    }
    return tagged(name, Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('base64'));
  }
  if (value instanceof Map) {
    return tagged(
      'Map',
      [...value].map(([k, v], i) => [encode(k, `${path}.key${i}`, seen), encode(v, `${path}.get${i}`, seen)]),
    );
  }
  if (value instanceof Set)
    return tagged(
      'Set',
      [...value].map((v, i) => encode(v, `${path}.has${i}`, seen)),
    );
  if (value instanceof Date) return tagged('Date', value.getTime());
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) {
    throw new NotExactError(`${path} is a ${proto?.constructor?.name ?? 'class instance'}`);
  }
  if (Object.getOwnPropertySymbols(value).length > 0) throw new NotExactError(`${path} has symbol keys`);
  const out: { [key: string]: Json } = {};
  for (const [key, v] of Object.entries(value)) out[key] = encode(v, `${path}.${key}`, seen);
  if (proto === null) return tagged('null-prototype', out);
  return TAG in out ? tagged('object', out) : out;
}

function decode(json: Json): unknown {
  if (json === null || typeof json !== 'object') return json;
  if (Array.isArray(json)) return decodeArray(json);
  if (!(TAG in json)) return decodeEntries(json, {});
  const v = json.v;
  const kind = json[TAG] as string;
  switch (kind) {
    case 'undefined':
      return undefined;
    case 'NaN':
      return Number.NaN;
    case 'Infinity':
      return Number.POSITIVE_INFINITY;
    case '-Infinity':
      return Number.NEGATIVE_INFINITY;
    case '-0':
      return -0;
    case 'bigint':
      return BigInt(v as string);
    case 'Map':
      return new Map((v as Json[][]).map(([k, x]) => [decode(k!), decode(x!)]));
    case 'Set':
      return new Set((v as Json[]).map(decode));
    case 'Date':
      return new Date(v as number);
    case 'object':
      return decodeEntries(v as { [key: string]: Json }, {});
    case 'null-prototype':
      return decodeEntries(v as { [key: string]: Json }, Object.create(null));
  }
  if (kind in TYPED_ARRAYS) {
    const bytes = Buffer.from(v as string, 'base64');
    const Type = TYPED_ARRAYS[kind as TypedArrayName];
    const copy = new ArrayBuffer(bytes.byteLength);
    new Uint8Array(copy).set(bytes);
    return new Type(copy);
  }
  throw new Error(`unknown encoded kind ${kind}`);
}

function decodeArray(json: Json[]): unknown[] {
  const out = new Array<unknown>(json.length);
  json.forEach((item, i) => {
    const isHole = item !== null && typeof item === 'object' && !Array.isArray(item) && item[TAG] === 'hole';
    if (!isHole) out[i] = decode(item);
  });
  return out;
}

function decodeEntries(json: { [key: string]: Json }, out: Record<string, unknown>): Record<string, unknown> {
  for (const [key, v] of Object.entries(json)) out[key] = decode(v);
  return out;
}
