import type { DirectoryPerson } from './directory-model.js';
import { bareDomain, type DirectoryState } from './directory-state.js';

/** Thrown for a body the provider cannot read; the route answers 422 `invalid_request`. */
export class InvalidRequest extends Error {}

const text = (value: unknown) =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;

/**
 * The person a record identifies: by `email`, by `profileUrl`, or by `firstName` + `lastName` +
 * `company` (its name or domain). Any other mix is refused, as the provider documents.
 */
export function findPerson(state: DirectoryState, record: unknown): DirectoryPerson | undefined {
  if (record === null || typeof record !== 'object' || Array.isArray(record))
    throw new InvalidRequest('A person must be a JSON object');
  const { email, profileUrl, firstName, lastName, company } = record as Record<string, unknown>;
  const byName = [firstName, lastName, company].map(text);
  const forms = [text(email), text(profileUrl), byName.some(Boolean) ? byName : undefined].filter(
    (form) => form !== undefined,
  );
  if (forms.length !== 1)
    throw new InvalidRequest('Give exactly one of: email; profileUrl; firstName, lastName and company');
  if (text(email)) {
    const wanted = text(email)!.toLowerCase();
    return state.people.find((person) => person.emails.some((held) => held.address === wanted));
  }
  if (text(profileUrl)) {
    const wanted = profileKey(text(profileUrl)!);
    return state.people.find((person) => profileKey(person.profileUrl) === wanted);
  }
  if (byName.some((part) => part === undefined))
    throw new InvalidRequest('Identifying by name needs firstName, lastName and company together');
  const [first, last, at] = byName.map((part) => part!.toLowerCase());
  return state.people.find(
    (person) =>
      person.firstName.toLowerCase() === first &&
      person.lastName.toLowerCase() === last &&
      (person.company.name.toLowerCase() === at || person.company.domain === bareDomain(at)),
  );
}

/** `https://www.profiles.example/in/ana-ruiz/` and `profiles.example/in/ana-ruiz` are one profile. */
function profileKey(url: string): string {
  return url
    .trim()
    .toLowerCase()
    .replace(/^[a-z]+:\/\//, '')
    .replace(/^www\./, '')
    .replace(/[?#].*$/, '')
    .replace(/\/+$/, '');
}
