/**
 * Multi-word phrases (place names, company suffixes) matched against a token stream. Phrases are
 * tokenized like the text, so "U.S.A." and "Sdn. Bhd." match however they are spaced. Matching is
 * longest-first and bounded by the longest phrase, so a scan stays linear.
 */
import { isAllCaps, isCapitalized, type Token, tokenize } from './tokens.ts';

interface Node<T> {
  next: Map<string, Node<T>>;
  value?: T;
  /** How each phrase word must be written, from the phrase as given in the data. */
  cases?: CaseRule[];
}

/** 'caps': an acronym, written in capitals ("UK"); 'cap': capitalised ("York"); 'any': a connector ("of"). */
type CaseRule = 'caps' | 'cap' | 'any';

export interface PhraseMatch<T> {
  value: T;
  /** Token indexes: the match covers tokens[first .. last]. */
  first: number;
  last: number;
}

export class PhraseTrie<T> {
  readonly #root: Node<T> = { next: new Map() };
  #depth = 0;

  add(phrase: string, value: T): void {
    const tokens = tokenize(phrase);
    let node = this.#root;
    for (const t of tokens) {
      let child = node.next.get(t.lower);
      if (!child) {
        child = { next: new Map() };
        node.next.set(t.lower, child);
      }
      node = child;
    }
    node.value = value;
    node.cases = tokens.map(caseRule);
    this.#depth = Math.max(this.#depth, tokens.length);
  }

  /** The longest phrase starting at tokens[i] whose words are written as the phrase asks. */
  matchAt(tokens: Token[], i: number): PhraseMatch<T> | null {
    let node = this.#root;
    let best: PhraseMatch<T> | null = null;
    for (let k = i; k < tokens.length && k - i < this.#depth; k++) {
      const t = tokens[k]!;
      const child = node.next.get(t.lower);
      if (!child) break;
      node = child;
      if (node.value !== undefined && casesFit(tokens, i, node.cases!)) {
        best = { value: node.value, first: i, last: k };
      }
    }
    return best;
  }

  /** Whether the phrase's words are exactly these tokens, as a whole. */
  matchesWhole(tokens: Token[], first: number, last: number): boolean {
    const found = this.matchAt(tokens, first);
    return found !== null && found.last === last;
  }
}

function caseRule(t: Token): CaseRule {
  if (t.kind !== 'word') return 'any';
  if (t.text.length > 1 && isAllCaps(t)) return 'caps';
  return isCapitalized(t) ? 'cap' : 'any';
}

function casesFit(tokens: Token[], first: number, cases: CaseRule[]): boolean {
  for (let k = 0; k < cases.length; k++) {
    const t = tokens[first + k]!;
    const rule = cases[k];
    if (rule === 'caps' && !isAllCaps(t)) return false;
    if (rule === 'cap' && !isCapitalized(t)) return false;
  }
  return true;
}
