/**
 * JSONata's stable merge sort (its `$sort`, and `^(…)` through it), making the same comparisons in
 * the same order, so a comparator that fails, or is not consistent, comes out as it does there. Its
 * merge is a loop here (JSONata's recursion is as deep as the array is long). `swaps(a, b)` is true
 * when `b` goes first.
 */
export function mergeSort<T>(items: T[], swaps: (a: T, b: T) => boolean, tick: () => void): T[] {
  if (items.length <= 1) return items;
  const middle = Math.floor(items.length / 2);
  const left = mergeSort(items.slice(0, middle), swaps, tick);
  const right = mergeSort(items.slice(middle), swaps, tick);
  const merged: T[] = [];
  let l = 0;
  let r = 0;
  while (l < left.length && r < right.length) {
    tick();
    if (swaps(left[l], right[r])) merged.push(right[r++]);
    else merged.push(left[l++]);
  }
  while (l < left.length) merged.push(left[l++]);
  while (r < right.length) merged.push(right[r++]);
  return merged;
}
