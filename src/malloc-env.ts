/**
 * The C allocator's (glibc malloc's) settings the service runs with: environment variables read when
 * the process starts, so package.json's `start`, the Dockerfile and the benches that start the service
 * set them; test/node-flags.test.ts keeps those the same.
 *
 * Native buffers (pdf.js pages drawn by @napi-rs/canvas, images decoded for OCR, zip entries) are
 * allocated and freed by many threads. By default glibc gives each thread an arena of its own and,
 * once a large buffer has been freed, raises its mmap threshold up to 32 MB, so later large buffers
 * come from the arenas' heaps, which keep freed memory as fragments and seldom return it. After 500
 * fuzzed documents the main heap alone held 301 MB that no request used. Two arenas, buffers of
 * 128 KiB or more always mapped on their own (returned to the system when freed), and the heap's top
 * trimmed from 128 KiB: RSS 30 s after the fuzz run 323 MB instead of 729 MB (with idle OCR workers
 * ended as well; docs/operations.md).
 */
export const MALLOC_ENV = {
  MALLOC_ARENA_MAX: '2',
  MALLOC_MMAP_THRESHOLD_: '131072',
  MALLOC_TRIM_THRESHOLD_: '131072',
} as const;

/** The settings this process was started without (or with another value). */
export function missingMallocEnv(env: NodeJS.ProcessEnv = process.env): string[] {
  return Object.entries(MALLOC_ENV)
    .filter(([name, value]) => env[name] !== value)
    .map(([name]) => name);
}
