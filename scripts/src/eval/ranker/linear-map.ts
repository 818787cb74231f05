// A linear map from one set of vectors to another, fitted by ridge regression towards the identity:
// W = (XᵀX + λI)⁻¹ (XᵀY + λI), rows of X mapped onto the rows of Y. sentence-embedding-main.ts
// fits it from each agent's word-vector mean to its sentence vector, to guess a query's sentence
// vector from its words' mean without the model.

/** W (d × d, row-major) for the pairs (xs[n], ys[n]). */
export function fitRidgeMap(
  xs: readonly Float32Array[],
  ys: readonly Float32Array[],
  lambda: number,
  d: number,
): Float64Array {
  const a = new Float64Array(d * d);
  const b = new Float64Array(d * d);
  xs.forEach((x, n) => {
    const y = ys[n]!;
    for (let i = 0; i < d; i++) {
      const xi = x[i]!;
      if (xi === 0) continue;
      for (let j = 0; j < d; j++) {
        a[i * d + j]! += xi * x[j]!;
        b[i * d + j]! += xi * y[j]!;
      }
    }
  });
  for (let i = 0; i < d; i++) {
    a[i * d + i]! += lambda;
    b[i * d + i]! += lambda;
  }
  // Gauss-Jordan on [A | B]: A is symmetric positive definite.
  for (let col = 0; col < d; col++) {
    const pivot = a[col * d + col]!;
    for (let j = 0; j < d; j++) {
      a[col * d + j]! /= pivot;
      b[col * d + j]! /= pivot;
    }
    for (let row = 0; row < d; row++) {
      if (row === col) continue;
      const f = a[row * d + col]!;
      if (f === 0) continue;
      for (let j = 0; j < d; j++) {
        a[row * d + j]! -= f * a[col * d + j]!;
        b[row * d + j]! -= f * b[col * d + j]!;
      }
    }
  }
  return b;
}

/** x W: the image of x under the map. */
export function applyMap(w: Float64Array, x: Float32Array, d: number): Float32Array {
  const y = new Float32Array(d);
  for (let i = 0; i < d; i++) {
    const xi = x[i]!;
    if (xi === 0) continue;
    for (let j = 0; j < d; j++) y[j]! += xi * w[i * d + j]!;
  }
  return y;
}
