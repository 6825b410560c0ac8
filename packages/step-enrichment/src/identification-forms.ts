import { StepError, Type } from '@toolsteps/sdk';

/** The provider's three ways to identify a person to POST /person. */
export const PERSON_FORMS = 'email; or profileUrl; or firstName + lastName + company';

export const PersonQuery = Type.Object(
  {
    email: Type.Optional(Type.String({ minLength: 3, description: 'A work or personal email address' })),
    profileUrl: Type.Optional(
      Type.String({ minLength: 1, description: 'The professional-network profile URL' }),
    ),
    firstName: Type.Optional(Type.String({ minLength: 1, description: 'With lastName and company' })),
    lastName: Type.Optional(Type.String({ minLength: 1, description: 'With firstName and company' })),
    company: Type.Optional(
      Type.String({ minLength: 1, description: "With firstName and lastName: the company's name or domain" }),
    ),
  },
  { additionalProperties: false, description: `Exactly one form: ${PERSON_FORMS}` },
);

export const CompanyQuery = Type.Object(
  {
    domain: Type.Optional(Type.String({ minLength: 1, description: 'e.g. acme.com' })),
    name: Type.Optional(Type.String({ minLength: 1, description: "The company's name" })),
  },
  { additionalProperties: false, description: 'Exactly one of domain or name' },
);

type Fields = Record<string, string | undefined>;

const refuse = (field: string, message: string) =>
  new StepError({ code: 'validation', field, message: `${message}; nothing was sent` });

/** Only the fields of one form, or a validation error naming the forms (at `field`, e.g. `/args/people/3`). */
export function personForm(query: Fields, field = '/args'): Fields {
  refuseBlank(query, field);
  const { email, profileUrl, firstName, lastName, company } = query;
  const nameParts = { firstName, lastName, company };
  const given = [
    email !== undefined && 'email',
    profileUrl !== undefined && 'profileUrl',
    Object.values(nameParts).some((part) => part !== undefined) && 'name',
  ].filter(Boolean);
  if (given.length === 0) throw refuse(field, `Identify the person by one form: ${PERSON_FORMS}`);
  if (given.length > 1)
    throw refuse(
      field,
      `Identify the person by exactly one form (${PERSON_FORMS}); this mixes ${describeMix(query)}`,
    );
  if (email !== undefined) return { email };
  if (profileUrl !== undefined) return { profileUrl };
  const missing = Object.entries(nameParts)
    .filter(([, part]) => part === undefined)
    .map(([name]) => name);
  if (missing.length > 0)
    throw refuse(
      field,
      `Identifying by name needs firstName + lastName + company; ${missing.join(' and ')} missing (other forms: email; or profileUrl)`,
    );
  return { firstName, lastName, company };
}

/** `{domain}` or `{name}`, or a validation error naming both. */
export function companyForm(query: Fields, field = '/args'): Fields {
  refuseBlank(query, field);
  const { domain, name } = query;
  if ((domain === undefined) === (name === undefined))
    throw refuse(
      field,
      `Identify the company by exactly one of domain or name${domain === undefined ? '' : '; both were given'}`,
    );
  return domain === undefined ? { name } : { domain };
}

/** A value of only spaces passes `minLength` but identifies no one: refused, not sent to be charged for. */
function refuseBlank(query: Fields, field: string): void {
  const blank = Object.keys(query).find((key) => typeof query[key] === 'string' && query[key].trim() === '');
  if (blank !== undefined)
    throw refuse(`${field}/${blank}`, `${blank} is blank: give a value, or leave ${blank} out`);
}

function describeMix(query: Fields): string {
  return Object.keys(query)
    .filter((key) => query[key] !== undefined)
    .join(', ');
}
