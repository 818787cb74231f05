// Least squares for the static table: word vectors X (V × D) such that each sentence's weighted
// mean of its words' vectors, Σ a_sw x_w, reproduces the teacher's vector y_s, pulled towards the
// teacher's vector of the word alone u_w: minimise ‖A X − Y‖² + λ ‖X − U‖², i.e.
// (AᵀA + λI) X = AᵀY + λU, solved by conjugate gradients (the D columns at once, each with its own
// step) on the sparse A (sentences × words).

export interface SparseRows {
  /** Row r's entries are cols/values[starts[r] .. starts[r+1]). */
  starts: Int32Array;
  cols: Int32Array;
  values: Float32Array;
}

export function sparseRows(rows: Array<Array<[number, number]>>): SparseRows {
  const starts = new Int32Array(rows.length + 1);
  rows.forEach((row, r) => {
    starts[r + 1] = starts[r]! + row.length;
  });
  const cols = new Int32Array(starts[rows.length]!);
  const values = new Float32Array(starts[rows.length]!);
  rows.forEach((row, r) => {
    row.forEach(([c, v], j) => {
      cols[starts[r]! + j] = c;
      values[starts[r]! + j] = v;
    });
  });
  return { starts, cols, values };
}

/** out (rows × d) = A · X (words × d). */
function times(a: SparseRows, x: Float32Array, d: number, out: Float32Array): void {
  out.fill(0);
  const rows = a.starts.length - 1;
  for (let r = 0; r < rows; r++) {
    const o = r * d;
    for (let e = a.starts[r]!; e < a.starts[r + 1]!; e++) {
      const v = a.values[e]!;
      const b = a.cols[e]! * d;
      for (let k = 0; k < d; k++) out[o + k]! += v * x[b + k]!;
    }
  }
}

/** out (words × d) += Aᵀ · Y (rows × d). */
function timesTransposed(a: SparseRows, y: Float32Array, d: number, out: Float32Array): void {
  const rows = a.starts.length - 1;
  for (let r = 0; r < rows; r++) {
    const o = r * d;
    for (let e = a.starts[r]!; e < a.starts[r + 1]!; e++) {
      const v = a.values[e]!;
      const b = a.cols[e]! * d;
      for (let k = 0; k < d; k++) out[b + k]! += v * y[o + k]!;
    }
  }
}

export function solve(
  a: SparseRows,
  y: Float32Array,
  u: Float32Array,
  words: number,
  d: number,
  lambda: number,
  iterations: number,
  log: (line: string) => void = () => {},
): Float32Array {
  const rows = a.starts.length - 1;
  const scratch = new Float32Array(rows * d);
  const apply = (x: Float32Array, out: Float32Array) => {
    times(a, x, d, scratch);
    for (let i = 0; i < out.length; i++) out[i] = lambda * x[i]!;
    timesTransposed(a, scratch, d, out);
  };
  // b = AᵀY + λU; start from X = U.
  const x = Float32Array.from(u);
  const b = new Float32Array(words * d);
  for (let i = 0; i < b.length; i++) b[i] = lambda * u[i]!;
  timesTransposed(a, y, d, b);
  const r = new Float32Array(words * d);
  apply(x, r);
  for (let i = 0; i < r.length; i++) r[i] = b[i]! - r[i]!;
  const p = Float32Array.from(r);
  const q = new Float32Array(words * d);
  const columnDot = (s: Float32Array, t: Float32Array) => {
    const dots = new Float64Array(d);
    for (let w = 0; w < words; w++) for (let k = 0; k < d; k++) dots[k]! += s[w * d + k]! * t[w * d + k]!;
    return dots;
  };
  let rr = columnDot(r, r);
  const first = rr.reduce((s, v) => s + v, 0);
  for (let it = 0; it < iterations; it++) {
    apply(p, q);
    const pq = columnDot(p, q);
    for (let w = 0; w < words; w++)
      for (let k = 0; k < d; k++) {
        const alpha = pq[k]! > 0 ? rr[k]! / pq[k]! : 0;
        x[w * d + k]! += alpha * p[w * d + k]!;
        r[w * d + k]! -= alpha * q[w * d + k]!;
      }
    const next = columnDot(r, r);
    for (let w = 0; w < words; w++)
      for (let k = 0; k < d; k++) {
        const beta = rr[k]! > 0 ? next[k]! / rr[k]! : 0;
        p[w * d + k] = r[w * d + k]! + beta * p[w * d + k]!;
      }
    rr = next;
    if (it % 10 === 9)
      log(`  cg ${it + 1}: residual ${Math.sqrt(rr.reduce((s, v) => s + v, 0) / first).toExponential(2)}`);
  }
  return x;
}

/** The top k principal directions (d × k, columns orthonormal) of the rows, by subspace iteration. */
export function principalAxes(rows: Float32Array, d: number, k: number, rounds = 40): Float64Array {
  const n = rows.length / d;
  const c = new Float64Array(d * d);
  for (let r = 0; r < n; r++)
    for (let i = 0; i < d; i++) {
      const xi = rows[r * d + i]!;
      if (xi === 0) continue;
      for (let j = 0; j < d; j++) c[i * d + j]! += xi * rows[r * d + j]!;
    }
  let q = new Float64Array(d * k);
  for (let i = 0; i < d * k; i++) q[i] = (Math.sin(i * 12.9898 + 78.233) * 43758.5453) % 1;
  for (let round = 0; round < rounds; round++) {
    const z = new Float64Array(d * k);
    for (let i = 0; i < d; i++)
      for (let j = 0; j < d; j++) {
        const cij = c[i * d + j]!;
        for (let m = 0; m < k; m++) z[i * k + m]! += cij * q[j * k + m]!;
      }
    // Gram-Schmidt on the columns.
    for (let m = 0; m < k; m++) {
      for (let prev = 0; prev < m; prev++) {
        let dot = 0;
        for (let i = 0; i < d; i++) dot += z[i * k + m]! * z[i * k + prev]!;
        for (let i = 0; i < d; i++) z[i * k + m]! -= dot * z[i * k + prev]!;
      }
      let norm = 0;
      for (let i = 0; i < d; i++) norm += z[i * k + m]! ** 2;
      norm = Math.sqrt(norm) || 1;
      for (let i = 0; i < d; i++) z[i * k + m]! /= norm;
    }
    q = z;
  }
  return q;
}

/** rows (n × d) · axes (d × k). */
export function project(rows: Float32Array, d: number, axes: Float64Array, k: number): Float32Array {
  const n = rows.length / d;
  const out = new Float32Array(n * k);
  for (let r = 0; r < n; r++)
    for (let i = 0; i < d; i++) {
      const xi = rows[r * d + i]!;
      if (xi === 0) continue;
      for (let m = 0; m < k; m++) out[r * k + m]! += xi * axes[i * k + m]!;
    }
  return out;
}
