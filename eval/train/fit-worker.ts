/**
 * A worker thread that grows one forest: leave-one-corpus-out grows one per corpus, and these run
 * side by side on the machine's cores. The rows come as one flat Float64Array (moved, not copied).
 */
import { parentPort } from 'node:worker_threads';
import { type BoostOptions, boost } from './boost.ts';

export interface FitJob {
  flat: Float64Array;
  width: number;
  labels: number[];
  weights: number[];
  /** Absent: the logistic loss, row by row. */
  lists?: [number, number][];
  options: BoostOptions;
}

parentPort?.on('message', (job: FitJob) => {
  const rows: Float64Array[] = [];
  for (let at = 0; at < job.flat.length; at += job.width) rows.push(job.flat.subarray(at, at + job.width));
  parentPort!.postMessage(boost(rows, job.labels, job.options, job.weights, job.lists));
});
