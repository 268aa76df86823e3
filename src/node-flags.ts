/**
 * The V8 heap settings the service runs with. package.json's `start`, the Dockerfile's CMD and the
 * benches that start the service pass them to node; test/node-flags.test.ts keeps those the same.
 *
 * V8 sizes its heap from the machine, not from the service: with plenty of memory it lets the young
 * generation grow to 2 × 64 MB, which a busy service keeps resident. 16 MB semi-spaces (32 MB of
 * young generation) cost nothing measurable (text PDF path: 10.15–10.42 against 10.35–10.89 ms of
 * CPU per page) and take about 100 MB off the peak of 8 concurrent 480-page dense PDFs (bench/
 * memory.ts dense: 485–579 MB against 599–675 MB). A heap that grows less between full collections
 * (--heap-growing-percent=50) took that peak to 338 MB but cost 14% of the PDF reader's throughput,
 * and a heap cap (--max-old-space-size) as much, and would fail a request that needs the memory:
 * neither is used.
 */
export const NODE_FLAGS = ['--max-semi-space-size=16'] as const;

/** The flags this process was started without (none: all given, on the command line or NODE_OPTIONS). */
export function missingNodeFlags(
  execArgv: readonly string[] = process.execArgv,
  nodeOptions = process.env.NODE_OPTIONS ?? '',
): string[] {
  const given = new Set([...execArgv, ...nodeOptions.split(/\s+/)]);
  return NODE_FLAGS.filter((flag) => !given.has(flag));
}
