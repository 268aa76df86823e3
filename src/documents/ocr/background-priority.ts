import { setPriority } from 'node:os';

/**
 * Nice value of the threads and processes that do batch work: OCR and image preparation. Each keeps
 * a core busy for a second or more per image, at the same priority as the event loop it would
 * otherwise delay: with two OCR threads on two cores, the main thread waited for a core for tens of
 * milliseconds, and /health (and every small request) with it. Lower, they yield to it at once
 * and still have every core whenever the event loop is idle, which is nearly always.
 */
export const BACKGROUND_NICE = 10;

/**
 * Lowers the calling thread's priority. Only on Linux, where the nice value belongs to a thread:
 * elsewhere the call would lower the whole process, the event loop included. Raising one's own nice
 * value needs no privilege; a refusal leaves the priority as it was.
 */
export function lowerThisThread(): void {
  if (process.platform !== 'linux') return;
  try {
    setPriority(BACKGROUND_NICE);
  } catch {
    // a sandbox that forbids it: the work runs at normal priority, as it did before
  }
}

/** Lowers a child process's priority (the process, unlike a thread, on every platform). */
export function lowerProcess(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    setPriority(pid, BACKGROUND_NICE);
  } catch {
    // it exited already, or a sandbox forbids it: nothing to do
  }
}
