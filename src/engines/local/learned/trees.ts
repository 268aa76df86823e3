/**
 * A sum of regression trees over feature rows (gradient boosting with the logistic loss): the
 * model's shape as it is stored, and its evaluation. Each tree is four parallel arrays, node 0 its
 * root: an inner node sends a row left when its feature is at most the threshold; a leaf (feature
 * -1) adds its value to the row's log-odds.
 */
export interface Tree {
  feature: number[];
  threshold: number[];
  left: number[];
  right: number[];
  value: number[];
}

export interface Forest {
  /** Log-odds before any tree. */
  base: number;
  trees: Tree[];
}

export function logOdds(forest: Forest, row: ArrayLike<number>): number {
  let sum = forest.base;
  for (const tree of forest.trees) {
    let node = 0;
    while (tree.feature[node]! >= 0) {
      node = row[tree.feature[node]!]! <= tree.threshold[node]! ? tree.left[node]! : tree.right[node]!;
    }
    sum += tree.value[node]!;
  }
  return sum;
}

export const sigmoid = (z: number): number => 1 / (1 + Math.exp(-z));

export function probability(forest: Forest, row: ArrayLike<number>): number {
  return sigmoid(logOdds(forest, row));
}
