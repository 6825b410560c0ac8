import { validationFailed } from '../shared/github-api-error.js';

/**
 * GitHub's date-range search syntax as the `created` filter takes it: `2024-01-01`, `>=2024-01-01`,
 * `<2024-02-01T12:00:00Z`, `2024-01-01..2024-01-31`, `2024-01-01..*`. Day-only bounds cover the day.
 */
export function createdRange(text: string): (createdAt: string) => boolean {
  const range = /^(.+)\.\.(.+)$/.exec(text);
  if (range !== null) {
    const from = range[1] === '*' ? () => true : bound('>=', range[1]);
    const to = range[2] === '*' ? () => true : bound('<=', range[2]);
    return (createdAt) => from(createdAt) && to(createdAt);
  }
  const compared = /^(>=|<=|>|<)(.+)$/.exec(text);
  if (compared !== null) return bound(compared[1], compared[2]);
  const start = bound('>=', text);
  const end = bound('<=', text);
  return (createdAt) => start(createdAt) && end(createdAt);
}

function bound(operator: string, value: string): (createdAt: string) => boolean {
  const dayOnly = /^\d{4}-\d{2}-\d{2}$/.test(value);
  const start = Date.parse(dayOnly ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(start)) {
    throw validationFailed({
      resource: 'WorkflowRun',
      code: 'invalid',
      field: 'created',
      message: `${JSON.stringify(value)} is not a date or date-time`,
    });
  }
  // A day-only bound is the whole day: `<=2024-01-31` includes the 31st, `>2024-01-31` excludes it.
  const end = dayOnly ? start + 86_400_000 - 1 : start;
  return (createdAt) => {
    const time = Date.parse(createdAt);
    switch (operator) {
      case '>=':
        return time >= start;
      case '>':
        return time > end;
      case '<=':
        return time <= end;
      default:
        return time < start;
    }
  };
}
