/**
 * The currency a whole document is written in, by a vote over every currency mark it prints. A shared
 * mark ("$", "kr") votes for whichever of its currencies the document names surely elsewhere, so
 * "Total: $1,200.00" with "All amounts in AUD" in the footer is AUD, and a lone "$" stays USD.
 */
import { scanCurrencies } from './currencies.ts';

export interface DocumentCurrency {
  /** ISO 4217. */
  code: string;
  /** 0–1: the winner's share of the vote times its surest mark's confidence. */
  confidence: number;
}

export function currencyOfAmounts(text: string): DocumentCurrency | null {
  const mentions = scanCurrencies(text);
  const sure = new Map<string, number>();
  for (const { span, shared } of mentions) if (shared.length === 0) add(sure, span.value, span.confidence);

  const votes = new Map<string, number>();
  const surest = new Map<string, number>();
  let total = 0;
  for (const { span, shared } of mentions) {
    const code = shared.length === 0 ? span.value : likeliest(span.value, shared, sure);
    add(votes, code, span.confidence);
    surest.set(code, Math.max(surest.get(code) ?? 0, span.confidence));
    total += span.confidence;
  }

  let winner: string | null = null;
  for (const [code, weight] of votes) if (winner === null || weight > votes.get(winner)!) winner = code;
  if (winner === null) return null;
  const confidence = (votes.get(winner)! / total) * surest.get(winner)!;
  return { code: winner, confidence: Math.round(confidence * 100) / 100 };
}

/** The shared mark's currency with the most sure support in the document; its own guess without any. */
function likeliest(guess: string, shared: readonly string[], sure: Map<string, number>): string {
  let best = guess;
  for (const code of shared) if ((sure.get(code) ?? 0) > (sure.get(best) ?? 0)) best = code;
  return best;
}

function add(weights: Map<string, number>, code: string, weight: number): void {
  weights.set(code, (weights.get(code) ?? 0) + weight);
}
