// The learned decline gate (decision 0092): a logistic regression over what
// retrieval computes for a question and its best passage (retrieval.ts,
// `GATE_FEATURES`), trained offline on the tuning set's in-scope and off-topic
// questions by `npm run chat:train-gate` (scripts/train-chat-gate.ts) and read
// from ./gate-weights.json. Pure: plain gradient descent with L2, no package.

/** A trained gate: the features' names (in order), their means and spreads, the weights and the bias. */
export type GateModel = {
  features: string[];
  mean: number[];
  scale: number[];
  weights: number[];
  bias: number;
};

export type TrainingOptions = {
  /** L2 penalty on the weights (not the bias). */
  l2: number;
  /** Step size of the full-batch gradient descent. */
  rate: number;
  epochs: number;
};

export const GATE_TRAINING: TrainingOptions = { l2: 0.01, rate: 0.5, epochs: 2000 };

const sigmoid = (z: number) => (z >= 0 ? 1 / (1 + Math.exp(-z)) : Math.exp(z) / (1 + Math.exp(z)));

/**
 * Fits P(label = 1 | x) = σ(w·z + b) on the standardised features z (each
 * column less its mean, over its spread; a constant column scales by 1) by
 * gradient descent on the mean log loss plus l2/2·|w|².
 */
export function trainGate(
  names: string[],
  rows: number[][],
  labels: (0 | 1)[],
  options: TrainingOptions = GATE_TRAINING,
): GateModel {
  if (!rows.length || rows.length !== labels.length) throw new Error("trainGate: rows and labels differ.");
  const width = names.length;
  if (rows.some((row) => row.length !== width)) throw new Error("trainGate: a row has the wrong width.");
  const mean = names.map((_, j) => rows.reduce((sum, row) => sum + row[j]!, 0) / rows.length);
  const scale = names.map((_, j) => {
    const variance = rows.reduce((sum, row) => sum + (row[j]! - mean[j]!) ** 2, 0) / rows.length;
    return variance > 1e-12 ? Math.sqrt(variance) : 1;
  });
  const z = rows.map((row) => row.map((x, j) => (x - mean[j]!) / scale[j]!));
  const weights = new Array<number>(width).fill(0);
  let bias = 0;
  for (let epoch = 0; epoch < options.epochs; epoch++) {
    const gradient = weights.map((w) => options.l2 * w);
    let gradientBias = 0;
    for (const [i, x] of z.entries()) {
      const error = sigmoid(x.reduce((sum, xj, j) => sum + xj * weights[j]!, bias)) - labels[i]!;
      for (let j = 0; j < width; j++) gradient[j]! += (error * x[j]!) / z.length;
      gradientBias += error / z.length;
    }
    for (let j = 0; j < width; j++) weights[j]! -= options.rate * gradient[j]!;
    bias -= options.rate * gradientBias;
  }
  return { features: names, mean, scale, weights, bias };
}

/** P(label = 1) for one row of raw features, in the model's order. */
export function gateProbability(model: GateModel, row: number[]): number {
  if (row.length !== model.weights.length) throw new Error("gateProbability: the row has the wrong width.");
  return sigmoid(
    row.reduce((sum, x, j) => sum + ((x - model.mean[j]!) / model.scale[j]!) * model.weights[j]!, model.bias),
  );
}

/** The mean log loss of a model over rows and labels (for the tests and the training script). */
export function logLoss(model: GateModel, rows: number[][], labels: (0 | 1)[]): number {
  const eps = 1e-12;
  return (
    rows.reduce((sum, row, i) => {
      const p = gateProbability(model, row);
      return sum - (labels[i] ? Math.log(p + eps) : Math.log(1 - p + eps));
    }, 0) / rows.length
  );
}

/**
 * File-grouped folds: whole files go to one fold, the largest first to the
 * fold with the fewest questions so far, so the folds are near the same size.
 */
export function groupedFolds(files: string[], k: number): Map<string, number> {
  const sizes = new Map<string, number>();
  for (const file of files) sizes.set(file, (sizes.get(file) ?? 0) + 1);
  const load = new Array<number>(k).fill(0);
  const fold = new Map<string, number>();
  for (const [file, size] of [...sizes].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))) {
    const smallest = load.indexOf(Math.min(...load));
    fold.set(file, smallest);
    load[smallest]! += size;
  }
  return fold;
}
