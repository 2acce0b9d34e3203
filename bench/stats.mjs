// Order statistics of a run's samples (shared by the page and the driver).

/** The `p`-quantile (0–1) of `values`, linearly interpolated. */
export function quantile(values, p) {
  const sorted = [...values].sort((x, y) => x - y);
  const at = (sorted.length - 1) * p;
  const low = Math.floor(at);
  const high = Math.min(low + 1, sorted.length - 1);
  return sorted[low] + (sorted[high] - sorted[low]) * (at - low);
}

/** Median, quartiles and range of `values`. */
export function summary(values) {
  return {
    median: quantile(values, 0.5),
    q1: quantile(values, 0.25),
    q3: quantile(values, 0.75),
    min: Math.min(...values),
    max: Math.max(...values),
    count: values.length,
  };
}

/** The summary of the per-pair ratios `a[i] / b[i]` of two equally long sample lists. */
export function pairedRatio(a, b) {
  return summary(a.map((value, i) => value / b[i]));
}
