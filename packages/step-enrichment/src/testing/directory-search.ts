import type { DirectoryCompany, DirectoryPerson, Place } from './directory-model.js';
import type { DirectoryState } from './directory-state.js';
import { InvalidRequest } from './person-lookup.js';

export const MAX_PER_PAGE = 100;
const DEFAULT_PER_PAGE = 25;

export interface SearchPage<T> {
  results: T[];
  page: number;
  perPage: number;
  total: number;
}

type Criteria = Record<string, unknown>;

const contains = (held: string, wanted: unknown) =>
  typeof wanted !== 'string' || held.toLowerCase().includes(wanted.trim().toLowerCase());
const placeText = (place: Place) => `${place.city}, ${place.region}, ${place.country}`;

/** People by `jobTitle`, `company` (name or domain), `location` and `industry`: each a case-blind substring. */
export function searchPeople(state: DirectoryState, criteria: Criteria): SearchPage<DirectoryPerson> {
  const industryOf = (person: DirectoryPerson) =>
    state.companyByDomain(person.company.domain)?.industry ?? '';
  const matches = state.people.filter(
    (person) =>
      contains(person.jobTitle, criteria.jobTitle) &&
      (contains(person.company.name, criteria.company) ||
        contains(person.company.domain, criteria.company)) &&
      contains(placeText(person.location), criteria.location) &&
      contains(industryOf(person), criteria.industry),
  );
  return paged(matches, criteria);
}

/**
 * Companies by `name`, `industry` and `location` (substrings), `size` (employee bands such as
 * `201-500`, any of them) and `technologies` (all of them).
 */
export function searchCompanies(state: DirectoryState, criteria: Criteria): SearchPage<DirectoryCompany> {
  const sizes = Array.isArray(criteria.size)
    ? criteria.size
    : criteria.size === undefined
      ? []
      : [criteria.size];
  const technologies = Array.isArray(criteria.technologies) ? criteria.technologies.map(String) : [];
  const matches = state.companies.filter(
    (company) =>
      contains(company.name, criteria.name) &&
      contains(company.industry, criteria.industry) &&
      contains(placeText(company.location), criteria.location) &&
      (sizes.length === 0 || sizes.includes(company.size.range)) &&
      technologies.every((wanted) =>
        company.technologies.some((held) => held.toLowerCase() === wanted.toLowerCase()),
      ),
  );
  return paged(matches, criteria);
}

function paged<T>(matches: T[], criteria: Criteria): SearchPage<T> {
  const page = criteria.page ?? 1;
  const perPage = criteria.perPage ?? DEFAULT_PER_PAGE;
  if (!Number.isInteger(page) || (page as number) < 1)
    throw new InvalidRequest('page must be an integer from 1');
  if (!Number.isInteger(perPage) || (perPage as number) < 1 || (perPage as number) > MAX_PER_PAGE)
    throw new InvalidRequest(`perPage must be an integer from 1 to ${MAX_PER_PAGE}`);
  const start = ((page as number) - 1) * (perPage as number);
  return {
    results: matches.slice(start, start + (perPage as number)),
    page: page as number,
    perPage: perPage as number,
    total: matches.length,
  };
}
