/**
 * Gradient-boosted regression trees with the logistic loss, grown on binned features (histograms),
 * deterministic: no sampling, ties broken by feature and bin order. Written here rather than taken
 * from npm because the maintained JavaScript tree libraries grow random forests or single CART trees
 * (ml-random-forest, ml-cart), whose votes are not probabilities, and a boosted model of some hundred
 * thousand rows has to train in seconds, many times over, for leave-one-corpus-out.
 */
import type { Forest, Tree } from '../../src/engines/local/learned/trees.ts';
import { sigmoid } from '../../src/engines/local/learned/trees.ts';

export interface BoostOptions {
  rounds: number;
  depth: number;
  learningRate: number;
  /** Rows a leaf must hold at least (by hessian weight, ~ rows × p(1−p), it would be unstable). */
  minLeaf: number;
  /** L2 penalty on leaf values. */
  lambda: number;
  /** Bins per feature at most. */
  bins: number;
}

export const DEFAULT_BOOST: BoostOptions = {
  rounds: 150,
  depth: 4,
  learningRate: 0.1,
  minLeaf: 30,
  lambda: 1,
  bins: 48,
};

interface Binned {
  n: number;
  d: number;
  /** Row-major bin indices. */
  codes: Uint8Array;
  /** Per feature: the upper edge of each bin but the last (a row goes left of edge k when value ≤ edge k). */
  edges: Float64Array[];
}

function binFeatures(rows: ArrayLike<number>[], bins: number): Binned {
  const n = rows.length;
  const d = rows[0]?.length ?? 0;
  const codes = new Uint8Array(n * d);
  const edges: Float64Array[] = [];
  for (let f = 0; f < d; f++) {
    const column = new Float64Array(n);
    for (let i = 0; i < n; i++) column[i] = rows[i]![f]!;
    const sorted = Float64Array.from(column).sort();
    const distinct: number[] = [];
    for (let i = 0; i < n; i++) if (i === 0 || sorted[i] !== sorted[i - 1]) distinct.push(sorted[i]!);
    let cuts: number[];
    if (distinct.length <= bins) {
      cuts = distinct.slice(0, -1).map((v, i) => (v + distinct[i + 1]!) / 2);
    } else {
      const set = new Set<number>();
      for (let k = 1; k < bins; k++) {
        const v = sorted[Math.floor((k * n) / bins)]!;
        const next = distinct.find((x) => x > v);
        if (next !== undefined) set.add((v + next) / 2);
      }
      cuts = [...set].sort((a, b) => a - b);
    }
    const e = Float64Array.from(cuts);
    edges.push(e);
    for (let i = 0; i < n; i++) {
      const v = column[i]!;
      let lo = 0;
      let hi = e.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (v <= e[mid]!) hi = mid;
        else lo = mid + 1;
      }
      codes[i * d + f] = lo;
    }
  }
  return { n, d, codes, edges };
}

interface Split {
  gain: number;
  feature: number;
  bin: number;
}

/**
 * Fits the forest; `weights` (default 1) say how much each row counts. With `lists` (each a range
 * [start, end) of consecutive rows: one field's values), the loss is each list's softmax against
 * its labels (which sum to 1 in a list): the trees learn to put the right value first among its
 * field's values, not to judge each value alone.
 */
export function boost(
  rows: ArrayLike<number>[],
  labels: number[],
  options: BoostOptions = DEFAULT_BOOST,
  weights?: number[],
  lists?: [number, number][],
): Forest & { gains: number[] } {
  const data = binFeatures(rows, options.bins);
  const { n, d, codes, edges } = data;
  const w = Float64Array.from(weights ?? new Array(n).fill(1));
  let positive = 0;
  let total = 0;
  for (let i = 0; i < n; i++) {
    positive += w[i]! * labels[i]!;
    total += w[i]!;
  }
  const prior = Math.min(0.999, Math.max(0.001, positive / Math.max(total, 1e-9)));
  // A softmax is the same whatever is added to every margin: no base.
  const base = lists ? 0 : Math.log(prior / (1 - prior));
  const margin = new Float64Array(n).fill(base);
  const grad = new Float64Array(n);
  const hess = new Float64Array(n);
  const trees: Tree[] = [];
  const gains = new Array<number>(d).fill(0);
  const maxBins = options.bins;
  const histG = new Float64Array(d * maxBins);
  const histH = new Float64Array(d * maxBins);
  for (let round = 0; round < options.rounds; round++) {
    if (lists) {
      for (const [from, to] of lists) {
        let most = Number.NEGATIVE_INFINITY;
        for (let i = from; i < to; i++) most = Math.max(most, margin[i]!);
        let sum = 0;
        for (let i = from; i < to; i++) sum += Math.exp(margin[i]! - most);
        for (let i = from; i < to; i++) {
          const p = Math.exp(margin[i]! - most) / sum;
          grad[i] = w[i]! * (p - labels[i]!);
          hess[i] = w[i]! * Math.max(p * (1 - p), 1e-6);
        }
      }
    } else {
      for (let i = 0; i < n; i++) {
        const p = sigmoid(margin[i]!);
        grad[i] = w[i]! * (p - labels[i]!);
        hess[i] = w[i]! * Math.max(p * (1 - p), 1e-6);
      }
    }
    const tree: Tree = { feature: [], threshold: [], left: [], right: [], value: [] };
    const leafOf = new Int32Array(n);
    const grow = (members: Int32Array, level: number): number => {
      const node = tree.feature.length;
      tree.feature.push(-1);
      tree.threshold.push(0);
      tree.left.push(-1);
      tree.right.push(-1);
      tree.value.push(0);
      let G = 0;
      let H = 0;
      for (const i of members) {
        G += grad[i]!;
        H += hess[i]!;
      }
      const leafValue = (-G / (H + options.lambda)) * options.learningRate;
      const split =
        level < options.depth && members.length >= 2 * options.minLeaf ? bestSplit(members, G, H) : null;
      if (!split) {
        tree.value[node] = leafValue;
        for (const i of members) leafOf[i] = node;
        return node;
      }
      let leftCount = 0;
      for (const i of members) if (codes[i * d + split.feature]! <= split.bin) leftCount++;
      const left = new Int32Array(leftCount);
      const right = new Int32Array(members.length - leftCount);
      let a = 0;
      let b = 0;
      for (const i of members) {
        if (codes[i * d + split.feature]! <= split.bin) left[a++] = i;
        else right[b++] = i;
      }
      gains[split.feature]! += split.gain;
      tree.feature[node] = split.feature;
      tree.threshold[node] = edges[split.feature]![split.bin]!;
      tree.left[node] = grow(left, level + 1);
      tree.right[node] = grow(right, level + 1);
      return node;
    };
    const bestSplit = (members: Int32Array, G: number, H: number): Split | null => {
      histG.fill(0);
      histH.fill(0);
      const counts = new Int32Array(d * maxBins);
      for (const i of members) {
        const g = grad[i]!;
        const h = hess[i]!;
        const at = i * d;
        for (let f = 0; f < d; f++) {
          const k = f * maxBins + codes[at + f]!;
          histG[k]! += g;
          histH[k]! += h;
          counts[k]!++;
        }
      }
      const parent = (G * G) / (H + options.lambda);
      let best: Split | null = null;
      for (let f = 0; f < d; f++) {
        const bins = edges[f]!.length + 1;
        let gl = 0;
        let hl = 0;
        let cl = 0;
        for (let k = 0; k < bins - 1; k++) {
          gl += histG[f * maxBins + k]!;
          hl += histH[f * maxBins + k]!;
          cl += counts[f * maxBins + k]!;
          const cr = members.length - cl;
          if (cl < options.minLeaf || cr < options.minLeaf) continue;
          const gr = G - gl;
          const hr = H - hl;
          const gain = (gl * gl) / (hl + options.lambda) + (gr * gr) / (hr + options.lambda) - parent;
          if (gain > 1e-9 && (!best || gain > best.gain)) best = { gain, feature: f, bin: k };
        }
      }
      return best;
    };
    const all = new Int32Array(n);
    for (let i = 0; i < n; i++) all[i] = i;
    grow(all, 0);
    for (let i = 0; i < n; i++) margin[i]! += tree.value[leafOf[i]!]!;
    trees.push(tree);
  }
  return { base, trees, gains };
}

/** How much each feature's splits lowered the loss while the forest grew, as shares of the whole. */
export function importance(forest: Forest & { gains?: number[] }, names: readonly string[]) {
  const gains = forest.gains ?? [];
  const sum = gains.reduce((a, b) => a + b, 0) || 1;
  return names.map((name, i) => ({ name, share: (gains[i] ?? 0) / sum })).sort((a, b) => b.share - a.share);
}
