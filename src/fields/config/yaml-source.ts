import { Buffer } from 'node:buffer';
import {
  type Document,
  type DocumentOptions,
  LineCounter,
  type ParseOptions,
  parseDocument,
  type SchemaOptions,
} from 'yaml';
import { AppError, type ErrorItem } from '../../errors.ts';
import { indexAnchors } from './anchor-index.ts';
import { expandTree } from './expand-tree.ts';
import { type ConfigLimits, MAX_REPORTED_ERRORS, MAX_YAML_NESTING } from './limits.ts';
import { positionAt, type SourceNode } from './source-tree.ts';
import { pathAtOffset, yamlErrorMessage } from './yaml-errors.ts';

/**
 * Only the YAML 1.2 core schema: no custom or YAML 1.1 tags (even under a %YAML 1.1 directive),
 * no merge keys. Duplicate keys are checked by indexAnchors in linear time.
 */
const PARSE_OPTIONS: ParseOptions & DocumentOptions & SchemaOptions = {
  schema: 'core',
  customTags: [],
  resolveKnownTags: false,
  merge: false,
  uniqueKeys: false,
  strict: true,
  prettyErrors: false,
  intAsBigInt: false,
  logLevel: 'error',
};

interface Located {
  offset: number;
  code: string;
}

/** Reads the configuration bytes safely into a plain tree; throws invalid_yaml or invalid_config. */
export function loadConfigTree(source: Uint8Array | string, limits: ConfigLimits): SourceNode {
  const receivedBytes = typeof source === 'string' ? Buffer.byteLength(source, 'utf8') : source.byteLength;
  if (receivedBytes > limits.maxBytes) throw tooLarge(limits.maxBytes, receivedBytes);
  const text = decode(source);
  if (text.trim() === '') throw emptyConfig();

  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { ...PARSE_OPTIONS, lineCounter });
  const index = indexAnchors(doc.contents);
  const problems = [
    ...yamlProblems(doc),
    ...index.duplicateKeys.map((offset) => ({ offset, code: 'DUPLICATE_KEY' })),
    ...index.unknownAliases.map((offset) => ({ offset, code: 'UNKNOWN_ALIAS' })),
  ];
  if (problems.length > 0) throw invalidYaml(doc, lineCounter, problems);
  if (doc.contents === null) throw emptyConfig();
  if (index.tooDeepAt !== undefined) {
    const message = `The configuration is nested more than ${MAX_YAML_NESTING} levels deep; flatten it.`;
    throw new AppError('invalid_config', {
      errors: [
        { path: pathAtOffset(doc, index.tooDeepAt), message, ...positionAt(lineCounter, index.tooDeepAt) },
      ],
    });
  }
  return expandTree(doc.contents, index.targets, lineCounter, limits.maxAliasNodes);
}

function decode(source: Uint8Array | string): string {
  let text: string;
  if (typeof source === 'string') {
    if (!source.isWellFormed()) throw notUtf8();
    text = source;
  } else {
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(source);
    } catch {
      throw notUtf8();
    }
  }
  // A byte-order mark is invisible in the client's editor; dropping it keeps columns on line 1 right.
  return text.startsWith('\uFEFF') ? text.slice(1) : text;
}

/** Errors and warnings alike: the package only warns about unknown tags, which we refuse. */
function yamlProblems(doc: Document): Located[] {
  const all = [...doc.errors, ...doc.warnings].map((error) => ({ offset: error.pos[0], code: error.code }));
  // A stack overflow in the parser repeats once per nesting level; once is enough to tell.
  const firstExhaustion = all.findIndex((problem) => problem.code === 'RESOURCE_EXHAUSTION');
  return all.filter((problem, i) => problem.code !== 'RESOURCE_EXHAUSTION' || i === firstExhaustion);
}

function invalidYaml(doc: Document, lineCounter: LineCounter, problems: Located[]): AppError {
  const errors: ErrorItem[] = problems
    .sort((a, b) => a.offset - b.offset)
    .slice(0, MAX_REPORTED_ERRORS)
    .map(({ offset, code }) => ({
      path: pathAtOffset(doc, offset),
      message: yamlErrorMessage(code),
      ...positionAt(lineCounter, offset),
    }));
  return new AppError('invalid_yaml', { errors });
}

function tooLarge(limitBytes: number, receivedBytes: number): AppError {
  const message = `The configuration is ${receivedBytes} bytes, over the ${limitBytes}-byte limit; shorten it.`;
  return new AppError('invalid_config', {
    limit_bytes: limitBytes,
    received_bytes: receivedBytes,
    errors: [{ path: '', message }],
  });
}

function notUtf8(): AppError {
  return new AppError('invalid_yaml', {
    errors: [
      { path: '', message: 'The configuration is not valid UTF-8 text; save it with UTF-8 encoding.' },
    ],
  });
}

function emptyConfig(): AppError {
  return new AppError('invalid_config', {
    errors: [
      { path: '', message: 'The configuration is empty; describe the fields under schemas.data.properties.' },
    ],
  });
}
