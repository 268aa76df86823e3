/**
 * The V8 heap settings the service runs with. package.json's `start`, the Dockerfile's CMD and the
 * benches that start the service pass them to node; test/node-flags.test.ts keeps those the same.
 *
 * V8 sizes its heap from the machine, not from the service: with plenty of memory it lets the young
 * generation grow to 2 × 64 MB, and the old one to about 4 times what was live after the last full
 * collection before collecting again. A finished request's document is garbage, but stays resident
 * until then: 8 concurrent 480-page dense PDFs (bench/memory.ts dense) peaked at 599–675 MB of RSS
 * with V8's choices, and at 338–339 MB with a 16 MB young generation and a heap that grows by half
 * between full collections, in the same time; the text PDF bench spends about 3% more CPU. Neither
 * setting caps the heap: a request that needs more memory still gets it.
 */
export const NODE_FLAGS = ['--max-semi-space-size=16', '--heap-growing-percent=50'] as const;

/** The flags this process was started without (none: all given, on the command line or NODE_OPTIONS). */
export function missingNodeFlags(
  execArgv: readonly string[] = process.execArgv,
  nodeOptions = process.env.NODE_OPTIONS ?? '',
): string[] {
  const given = new Set([...execArgv, ...nodeOptions.split(/\s+/)]);
  return NODE_FLAGS.filter((flag) => !given.has(flag));
}
