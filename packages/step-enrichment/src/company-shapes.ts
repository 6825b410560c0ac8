import { type Static, Type } from '@toolsteps/sdk';
import {
  Location,
  list,
  locationOf,
  numberOrNull,
  record,
  SocialProfiles,
  socialProfilesOf,
  textOrNull,
} from './shared-shapes.js';

/**
 * A company as the steps return it, with what the provider's enrichment gives: size, industry, location,
 * revenue, technologies, social profiles.
 */
export const Company = Type.Object({
  id: Type.Union([Type.String(), Type.Null()], { description: "The provider's id" }),
  name: Type.Union([Type.String(), Type.Null()]),
  domain: Type.Union([Type.String(), Type.Null()]),
  industry: Type.Union([Type.String(), Type.Null()]),
  size: Type.Object({
    employees: Type.Union([Type.Integer(), Type.Null()]),
    range: Type.Union([Type.String(), Type.Null()], { description: 'Employee band, e.g. 201-500' }),
  }),
  location: Location,
  revenue: Type.Object({
    annualUsd: Type.Union([Type.Number(), Type.Null()]),
    range: Type.Union([Type.String(), Type.Null()], { description: 'e.g. $10M-$50M' }),
  }),
  technologies: Type.Array(Type.String()),
  socialProfiles: SocialProfiles,
});
export type CompanyJson = Static<typeof Company>;

/** The provider's company JSON in the output shape: a field it left out is null or empty. */
export function companyOf(value: unknown): CompanyJson {
  const company = record(value);
  const size = record(company.size);
  const revenue = record(company.revenue);
  const employees = numberOrNull(size.employees);
  return {
    id: textOrNull(company.id),
    name: textOrNull(company.name),
    domain: textOrNull(company.domain),
    industry: textOrNull(company.industry),
    size: {
      employees: employees !== null && Number.isInteger(employees) ? employees : null,
      range: textOrNull(size.range),
    },
    location: locationOf(company.location),
    revenue: { annualUsd: numberOrNull(revenue.annualUsd), range: textOrNull(revenue.range) },
    technologies: list(company.technologies).filter((item): item is string => typeof item === 'string'),
    socialProfiles: socialProfilesOf(company.socialProfiles),
  };
}
