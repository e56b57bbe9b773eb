/** A percentage with two decimals, e.g. 0.15 -> "0.15%". */
export function formatPercent(value: number): string {
  return `${value.toFixed(2)}%`;
}
