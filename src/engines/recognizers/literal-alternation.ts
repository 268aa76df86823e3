/**
 * Word lists as one regex alternation. Longest first, so "per centum" wins over "per cent"; a space
 * in a phrase matches any run of spaces, since extracted text spaces words unevenly. Every branch is
 * a literal, so a match attempt never backtracks further than the longest phrase.
 */
export function literalAlternation(phrases: Iterable<string>): string {
  return [...phrases]
    .sort((a, b) => b.length - a.length)
    .map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ +/g, '\\s+'))
    .join('|');
}
