import type { DirectoryCompany, DirectoryPerson, Place } from './directory-model.js';

/**
 * A fictional directory: twelve companies (domains under the reserved `.example` TLD) and three
 * people at each, whose work emails use their company's domain. Every third person has no phone
 * number, so enriching them costs 1 credit instead of 2.
 */

const place = (city: string, region: string, country: string): Place => ({ city, region, country });

type CompanyRow = [
  name: string,
  domain: string,
  industry: string,
  employees: number,
  location: Place,
  annualUsd: number,
  technologies: string[],
];

const COMPANIES: CompanyRow[] = [
  [
    'Northwind Analytics',
    'northwind-analytics.example',
    'Software',
    240,
    place('Austin', 'TX', 'US'),
    38_000_000,
    ['Snowflake', 'dbt', 'React'],
  ],
  [
    'Harborline Logistics',
    'harborline.example',
    'Logistics',
    1_850,
    place('Rotterdam', 'South Holland', 'NL'),
    410_000_000,
    ['SAP', 'Salesforce'],
  ],
  [
    'Brightpath Health',
    'brightpath-health.example',
    'Healthcare',
    620,
    place('Boston', 'MA', 'US'),
    95_000_000,
    ['Epic', 'Salesforce', 'Okta'],
  ],
  [
    'Copperleaf Energy',
    'copperleaf-energy.example',
    'Energy',
    3_400,
    place('Calgary', 'AB', 'CA'),
    1_200_000_000,
    ['SAP', 'Azure'],
  ],
  [
    'Lumen Coffee Roasters',
    'lumencoffee.example',
    'Food & Beverage',
    85,
    place('Lisbon', 'Lisbon', 'PT'),
    9_500_000,
    ['Shopify', 'Zendesk'],
  ],
  [
    'Quillstone Legal',
    'quillstone.example',
    'Legal Services',
    140,
    place('London', 'England', 'GB'),
    27_000_000,
    ['Microsoft 365', 'HubSpot'],
  ],
  [
    'Tidewater Robotics',
    'tidewater-robotics.example',
    'Manufacturing',
    410,
    place('Hamburg', 'Hamburg', 'DE'),
    72_000_000,
    ['AWS', 'React', 'Kubernetes'],
  ],
  [
    'Verdant Fields',
    'verdantfields.example',
    'Agriculture',
    55,
    place('Fresno', 'CA', 'US'),
    6_800_000,
    ['Shopify', 'HubSpot'],
  ],
  [
    'Skyforge Games',
    'skyforge-games.example',
    'Software',
    320,
    place('Montreal', 'QC', 'CA'),
    44_000_000,
    ['AWS', 'Kubernetes', 'Zendesk'],
  ],
  [
    'Ironbark Finance',
    'ironbark.example',
    'Financial Services',
    1_200,
    place('Sydney', 'NSW', 'AU'),
    260_000_000,
    ['Salesforce', 'Snowflake', 'Okta'],
  ],
  [
    'Meridian Travel Co',
    'meridian-travel.example',
    'Travel',
    18,
    place('Barcelona', 'Catalonia', 'ES'),
    2_100_000,
    ['HubSpot', 'Shopify'],
  ],
  [
    'Polar Peak Outfitters',
    'polarpeak.example',
    'Retail',
    2_600,
    place('Denver', 'CO', 'US'),
    530_000_000,
    ['Shopify', 'Salesforce', 'AWS'],
  ],
];

/** Three people per company, in the order of COMPANIES. */
const PEOPLE: [firstName: string, lastName: string, jobTitle: string][] = [
  ['Ana', 'Ruiz', 'VP of Engineering'],
  ['Ben', 'Okafor', 'Data Engineer'],
  ['Chloe', 'Martin', 'Head of Sales'],
  ['Daan', 'de Vries', 'Chief Operating Officer'],
  ['Eva', 'Jansen', 'Procurement Manager'],
  ['Farid', 'Haddad', 'Sales Director'],
  ['Grace', 'Liu', 'Chief Medical Officer'],
  ['Hector', 'Alvarez', 'IT Director'],
  ['Imani', 'Brooks', 'Marketing Manager'],
  ['Jack', 'Thompson', 'VP of Operations'],
  ['Kiri', 'Patel', 'Software Engineer'],
  ['Liam', 'Gagnon', 'Head of Procurement'],
  ['Marta', 'Sousa', 'Founder & CEO'],
  ['Nuno', 'Ferreira', 'Head of Sales'],
  ['Olivia', 'Costa', 'Customer Support Lead'],
  ['Priya', 'Shah', 'Managing Partner'],
  ['Quentin', 'Hale', 'IT Manager'],
  ['Rosa', 'Bennett', 'Marketing Director'],
  ['Stefan', 'Braun', 'Chief Technology Officer'],
  ['Tara', 'Neumann', 'Robotics Engineer'],
  ['Uwe', 'Krüger', 'Sales Manager'],
  ['Valeria', 'Gomez', 'Chief Executive Officer'],
  ['Wes', 'Carter', 'Operations Manager'],
  ['Ximena', 'Reyes', 'Sales Representative'],
  ['Yannick', 'Roy', 'VP of Engineering'],
  ['Zoe', 'Tremblay', 'Game Designer'],
  ['Aaron', 'Leclerc', 'Head of Sales'],
  ['Bianca', 'Wong', 'Chief Financial Officer'],
  ['Callum', 'Reid', 'Data Scientist'],
  ['Deepa', 'Nair', 'Head of Procurement'],
  ['Elena', 'Vidal', 'Founder & CEO'],
  ['Felix', 'Serra', 'Sales Manager'],
  ['Gemma', 'Puig', 'Marketing Manager'],
  ['Hannah', 'Fischer', 'VP of Sales'],
  ['Isaac', 'Morgan', 'IT Director'],
  ['Julia', 'Kim', 'Software Engineer'],
];

export function seedCompanies(): DirectoryCompany[] {
  return COMPANIES.map(([name, domain, industry, employees, location, annualUsd, technologies], index) => ({
    id: `co_${String(index + 1).padStart(4, '0')}`,
    name,
    domain,
    industry,
    size: { employees, range: employeeRange(employees) },
    location,
    revenue: { annualUsd, range: revenueRange(annualUsd) },
    technologies,
    socialProfiles: [
      { network: 'profiles', url: `https://profiles.example/company/${domain.split('.')[0]}` },
      { network: 'x', url: `https://x.example/${domain.split('.')[0].replace(/-/g, '')}` },
    ],
  }));
}

export function seedPeople(companies: readonly DirectoryCompany[]): DirectoryPerson[] {
  return PEOPLE.map(([firstName, lastName, jobTitle], index) => {
    const company = companies[Math.floor(index / 3)];
    const handle = `${firstName}-${lastName}`.toLowerCase().replace(/[^a-z]+/g, '-');
    const local = `${firstName}.${lastName}`.toLowerCase().replace(/[^a-z.]+/g, '');
    const hasPhone = index % 3 !== 2;
    return {
      id: `per_${String(index + 1).padStart(4, '0')}`,
      firstName,
      lastName,
      fullName: `${firstName} ${lastName}`,
      emails: [
        { address: `${local}@${company.domain}`, type: 'work', verified: true },
        ...(index % 4 === 0
          ? [{ address: `${local}@mailbox.example`, type: 'personal' as const, verified: false }]
          : []),
      ],
      phoneNumbers: hasPhone
        ? [
            {
              number: `+1-555-01${String(index).padStart(2, '0')}`,
              type: index % 2 === 0 ? 'mobile' : 'work',
            },
          ]
        : [],
      jobTitle,
      company: { name: company.name, domain: company.domain },
      location: company.location,
      profileUrl: `https://profiles.example/in/${handle}`,
      socialProfiles: [{ network: 'profiles', url: `https://profiles.example/in/${handle}` }],
    };
  });
}

/** The provider's employee-count bands. */
export function employeeRange(employees: number): string {
  const bands: [number, string][] = [
    [10, '1-10'],
    [50, '11-50'],
    [200, '51-200'],
    [500, '201-500'],
    [1_000, '501-1000'],
    [5_000, '1001-5000'],
  ];
  return bands.find(([top]) => employees <= top)?.[1] ?? '5001+';
}

function revenueRange(annualUsd: number): string {
  const bands: [number, string][] = [
    [1_000_000, '<$1M'],
    [10_000_000, '$1M-$10M'],
    [50_000_000, '$10M-$50M'],
    [100_000_000, '$50M-$100M'],
    [1_000_000_000, '$100M-$1B'],
  ];
  return bands.find(([top]) => annualUsd <= top)?.[1] ?? '>$1B';
}
