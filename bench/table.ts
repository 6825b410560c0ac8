import type { BenchResult } from './result.js';

/** A plain-text table: one row per metric, each judged one marked with its target and verdict. */
export function formatTable(results: readonly BenchResult[]): string {
  const rows: string[][] = [['bench', 'metric', 'value', 'target', 'verdict']];
  for (const result of results) {
    for (const [metric, value] of Object.entries(result.metrics)) {
      const target = result.targets.find((candidate) => candidate.metric === metric);
      rows.push([
        metric === Object.keys(result.metrics)[0] ? `${result.id} ${result.name}` : '',
        metric,
        String(value),
        target ? ('max' in target ? `<= ${target.max}` : `>= ${target.min}`) : '',
        target ? (target.pass ? 'PASS' : 'FAIL') : '',
      ]);
    }
  }
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)));
  const line = (row: string[]) =>
    row
      .map((cell, column) => cell.padEnd(widths[column]))
      .join('  ')
      .trimEnd();
  const rule = widths.map((width) => '-'.repeat(width)).join('  ');
  return [line(rows[0]), rule, ...rows.slice(1).map(line)].join('\n');
}
