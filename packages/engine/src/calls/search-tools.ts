import type { CatalogEntry } from '../ports/services.js';
import { toolNameOf } from './tool-names.js';

/** One step as a search ranks it: the higher the score, the better it matches. */
export interface ToolMatch {
  /** The tool name (`github_create_issue`). */
  name: string;
  entry: CatalogEntry;
  score: number;
  /** The query's words that matched, as the search read them (stemmed). */
  matched: string[];
}

/**
 * Points a query word scores where it is found: the tool's name, then its title, its integration
 * (id or title), its description. A word counts once per place; a word found only through a
 * synonym (open → create) scores half. The whole query equal to a tool name or step id scores
 * EXACT, above any sum of words.
 */
const WEIGHTS = { name: 10, title: 6, integration: 4, description: 1 } as const;
const EXACT = 1000;
const SYNONYM = 0.5;
/** Added in proportion to the share of the name's words matched: `create_issue` before `create_issue_comment`. */
const NAME_COVERAGE = 2;

const STOP_WORDS = new Set(
  'a an the to of in on for with and or from by at into onto as is are be it its this that these those my our your me i we you please can could would should want need some any all one'.split(
    ' ',
  ),
);

/** Words that ask for the same action or thing (stemmed as the query is, at load). */
const SYNONYMS: readonly string[][] = [
  ['create', 'open', 'new', 'add', 'make', 'post', 'write'],
  ['get', 'read', 'show', 'fetch', 'view', 'look'],
  ['list', 'browse'],
  ['search', 'find', 'query', 'look'],
  ['update', 'change', 'edit', 'modify', 'set', 'rename'],
  ['delete', 'remove', 'erase', 'drop'],
  ['repository', 'repo'],
  ['comment', 'reply'],
  ['person', 'contact', 'people', 'someone'],
  ['company', 'organization', 'org', 'firm'],
].map((group) => group.map(stem));

/**
 * The entries ranked for `query`, best first, those that match nothing left out. Ties keep the
 * catalog's order. A simple score anyone can follow: see WEIGHTS.
 */
export function rankTools(entries: readonly CatalogEntry[], query: string): ToolMatch[] {
  const exact = query.trim().toLowerCase();
  const words = [...new Set(tokens(query))];
  return entries
    .map((entry, index) => ({ ...scored(entry, exact, words), index }))
    .filter((match) => match.score > 0)
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .map(({ index: _index, ...match }) => match);
}

function scored(entry: CatalogEntry, exact: string, words: readonly string[]): ToolMatch {
  const name = toolNameOf(entry.id);
  const places = {
    name: new Set(tokens(entry.id.slice(entry.id.indexOf('.') + 1))),
    title: new Set(tokens(entry.title)),
    integration: new Set([...tokens(entry.integration), ...tokens(entry.integrationTitle)]),
    description: new Set(tokens(entry.description)),
  };
  const pointsOf = (word: string) =>
    (Object.keys(WEIGHTS) as Array<keyof typeof WEIGHTS>).reduce(
      (sum, place) => sum + (places[place].has(word) ? WEIGHTS[place] : 0),
      0,
    );
  let score = exact === name.toLowerCase() || exact === entry.id.toLowerCase() ? EXACT : 0;
  const matched: string[] = [];
  const namedWords = new Set<string>();
  for (const word of words) {
    const alike = synonymsOf(word);
    const direct = pointsOf(word);
    const through = Math.max(0, ...alike.map(pointsOf)) * SYNONYM;
    if (direct === 0 && through === 0) continue;
    score += Math.max(direct, through);
    matched.push(word);
    for (const candidate of [word, ...alike]) if (places.name.has(candidate)) namedWords.add(candidate);
  }
  if (places.name.size > 0 && namedWords.size > 0)
    score += (NAME_COVERAGE * namedWords.size) / places.name.size;
  return { name, entry, score, matched };
}

function synonymsOf(word: string): string[] {
  return SYNONYMS.filter((group) => group.includes(word))
    .flat()
    .filter((other) => other !== word);
}

/** Lower-case words without stop words, lightly stemmed so `opens`, `opened` and `open` meet. */
export function tokens(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/'s\b/g, '')
    .split(/[^a-z0-9]+/)
    .filter((word) => word !== '' && !STOP_WORDS.has(word))
    .map(stem);
}

/** Plurals, `-ed` and `-ing` endings, then a final `e`: `issues` → `issu`, `created` → `creat`. */
function stem(word: string): string {
  let base = word;
  if (base.length > 4 && base.endsWith('ies')) base = `${base.slice(0, -3)}y`;
  else if (base.length > 4 && /(ss|x|ch|sh)es$/.test(base)) base = base.slice(0, -2);
  else if (base.length > 3 && base.endsWith('s') && !base.endsWith('ss')) base = base.slice(0, -1);
  if (base.length > 5 && base.endsWith('ing')) base = base.slice(0, -3);
  else if (base.length > 4 && base.endsWith('ed')) base = base.slice(0, -2);
  if (base.length > 3 && base.endsWith('e')) base = base.slice(0, -1);
  return base;
}
