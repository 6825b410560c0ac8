import { type Static, Type } from '@toolsteps/sdk';
import { PRICES } from './credits.js';
import {
  Location,
  list,
  locationOf,
  record,
  SocialProfiles,
  socialProfilesOf,
  textOrNull,
} from './shared-shapes.js';

/**
 * A person as the steps return it, with what the provider's enrichment gives: emails, phone numbers,
 * job title, company, location, social profiles.
 */
export const Person = Type.Object({
  id: Type.Union([Type.String(), Type.Null()], { description: "The provider's id" }),
  firstName: Type.Union([Type.String(), Type.Null()]),
  lastName: Type.Union([Type.String(), Type.Null()]),
  fullName: Type.Union([Type.String(), Type.Null()]),
  emails: Type.Array(
    Type.Object({
      address: Type.String(),
      type: Type.Union([Type.String(), Type.Null()], { description: 'work or personal' }),
      verified: Type.Boolean(),
    }),
  ),
  phoneNumbers: Type.Array(
    Type.Object({
      number: Type.String(),
      type: Type.Union([Type.String(), Type.Null()], { description: 'mobile or work' }),
    }),
  ),
  jobTitle: Type.Union([Type.String(), Type.Null()]),
  company: Type.Union([
    Type.Object({
      name: Type.Union([Type.String(), Type.Null()]),
      domain: Type.Union([Type.String(), Type.Null()]),
    }),
    Type.Null(),
  ]),
  location: Location,
  profileUrl: Type.Union([Type.String(), Type.Null()], { description: 'The professional-network profile' }),
  socialProfiles: SocialProfiles,
});
export type PersonJson = Static<typeof Person>;

/** The provider's person JSON in the output shape: a field it left out is null or empty. */
export function personOf(value: unknown): PersonJson {
  const person = record(value);
  const company = person.company === undefined || person.company === null ? null : record(person.company);
  return {
    id: textOrNull(person.id),
    firstName: textOrNull(person.firstName),
    lastName: textOrNull(person.lastName),
    fullName: textOrNull(person.fullName),
    emails: list(person.emails).flatMap((item) => {
      const { address, type, verified } = record(item);
      return typeof address === 'string'
        ? [{ address, type: textOrNull(type), verified: verified === true }]
        : [];
    }),
    phoneNumbers: list(person.phoneNumbers).flatMap((item) => {
      const { number, type } = record(item);
      return typeof number === 'string' ? [{ number, type: textOrNull(type) }] : [];
    }),
    jobTitle: textOrNull(person.jobTitle),
    company: company === null ? null : { name: textOrNull(company.name), domain: textOrNull(company.domain) },
    location: locationOf(person.location),
    profileUrl: textOrNull(person.profileUrl),
    socialProfiles: socialProfilesOf(person.socialProfiles),
  };
}

/** What enriching this person costs: the provider charges 1 to 2 credits, 2 with a phone number. */
export const personPrice = (person: PersonJson | undefined): number =>
  person === undefined ? 0 : person.phoneNumbers.length > 0 ? PRICES.personWithPhone : PRICES.person;
