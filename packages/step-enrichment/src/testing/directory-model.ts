/** The provider's records as the emulator keeps them, in the JSON shapes its API answers with. */

export interface Place {
  city: string;
  region: string;
  country: string;
}

export interface SocialProfile {
  network: string;
  url: string;
}

export interface DirectoryCompany {
  id: string;
  name: string;
  domain: string;
  industry: string;
  size: { employees: number; range: string };
  location: Place;
  revenue: { annualUsd: number; range: string };
  technologies: string[];
  socialProfiles: SocialProfile[];
}

export interface DirectoryPerson {
  id: string;
  firstName: string;
  lastName: string;
  fullName: string;
  emails: { address: string; type: 'work' | 'personal'; verified: boolean }[];
  phoneNumbers: { number: string; type: 'mobile' | 'work' }[];
  jobTitle: string;
  company: { name: string; domain: string };
  location: Place;
  /** The professional-network profile URL, under the neutral name `profileUrl`. */
  profileUrl: string;
  socialProfiles: SocialProfile[];
}
