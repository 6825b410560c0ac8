import type { DirectoryCompany } from './directory-model.js';
import type { DirectoryState } from './directory-state.js';
import { InvalidRequest } from './person-lookup.js';

/** The company a record identifies, by `domain` or by `name` (one of them). */
export function findCompany(state: DirectoryState, record: unknown): DirectoryCompany | undefined {
  if (record === null || typeof record !== 'object' || Array.isArray(record))
    throw new InvalidRequest('A company must be a JSON object');
  const { domain, name } = record as Record<string, unknown>;
  const given = [domain, name].filter((value) => typeof value === 'string' && value.trim() !== '');
  if (given.length !== 1) throw new InvalidRequest('Give exactly one of: domain; name');
  return typeof domain === 'string' && domain.trim() !== ''
    ? state.companyByDomain(domain)
    : state.companyByName(String(name));
}
