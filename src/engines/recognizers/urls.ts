/**
 * Web addresses: "https://…", "www.…", and bare domains with a known top-level domain ("acme.com.my").
 * Each whitespace-separated chunk is examined once, so the scan is linear.
 */
import tlds from './data/url-tlds.json' with { type: 'json' };
import { type EntitySpan, entity } from './types.ts';

const BARE_TLDS = new Set(tlds.bareDomainTlds);
const SCHEME = /(?:https?|ftp):\/\/|www\./i;
const LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?$/;
/** Trailing characters that end a sentence rather than a URL. */
const TRAILING = new Set(['.', ',', ';', ':', '!', '?', '"', "'", '”', '’', '>', ']', '}']);
const HOST_END = /[/?#:]/;

export function findUrls(text: string): EntitySpan[] {
  const spans: EntitySpan[] = [];
  const chunk = /\S+/g;
  for (let m = chunk.exec(text); m; m = chunk.exec(text)) {
    const found = urlIn(text, m.index, m.index + m[0].length);
    if (found) spans.push(found);
  }
  return spans;
}

function urlIn(text: string, chunkStart: number, chunkEnd: number): EntitySpan | null {
  const chunk = text.slice(chunkStart, chunkEnd);
  // Every address this finds has a dot in its host; most chunks are plain words.
  if (!chunk.includes('.')) return null;
  const scheme = SCHEME.exec(chunk);
  if (scheme) {
    const start = chunkStart + scheme.index;
    const end = trimEnd(text, start, chunkEnd);
    const host = hostOf(text.slice(start, end).replace(/^[a-z]+:\/\//i, ''));
    if (!host?.includes('.')) return null;
    return entity(text, start, end, text.slice(start, end), scheme[0].startsWith('w') ? 0.85 : 0.95, 'url');
  }
  if (chunk.includes('@')) return null;
  let start = chunkStart;
  while (start < chunkEnd && !/[A-Za-z0-9]/.test(text[start]!)) start++;
  const end = trimEnd(text, start, chunkEnd);
  const host = hostOf(text.slice(start, end));
  return host && isBareDomain(host) ? entity(text, start, end, text.slice(start, end), 0.6, 'url') : null;
}

function trimEnd(text: string, start: number, end: number): number {
  let e = end;
  for (;;) {
    const last = text[e - 1]!;
    if (e > start && TRAILING.has(last)) e--;
    // A closing parenthesis belongs to the URL only when the URL opened one: "(see acme.com)".
    else if (e > start && last === ')' && !text.slice(start, e).includes('(')) e--;
    else return e;
  }
}

function hostOf(url: string): string | null {
  const cut = url.search(HOST_END);
  const host = cut < 0 ? url : url.slice(0, cut);
  return host.length > 0 ? host : null;
}

/**
 * "acme.com", "ACME.COM.MY"; not "Inc.Com" (mixed case is two words run together), file names
 * ("report.pdf") or abbreviations ("e.g.").
 */
function isBareDomain(host: string): boolean {
  if (host !== host.toLowerCase() && host !== host.toUpperCase()) return false;
  const labels = host.toLowerCase().split('.');
  if (labels.length < 2 || !labels.every((l) => LABEL.test(l))) return false;
  if (!BARE_TLDS.has(labels[labels.length - 1]!)) return false;
  // The registrable name is a word, not a number ("1.5.co" is not a site) nor one letter.
  const name = labels[labels.length - 2]!;
  const secondLevel =
    labels.length > 2 && name.length <= 3 && BARE_TLDS.has(name) ? labels[labels.length - 3] : name;
  return !!secondLevel && secondLevel.length >= 2 && /[a-z]/.test(secondLevel);
}
