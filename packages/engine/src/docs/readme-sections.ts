/**
 * Generated parts of a README live between `<!-- name:start -->` and `<!-- name:end -->` markers,
 * so a script can rewrite them from the catalog and a test can tell when they drifted.
 */

/** What is between a section's markers, or undefined when the text has none. */
export function readmeSection(text: string, name: string): string | undefined {
  return text.split(`<!-- ${name}:start -->\n`)[1]?.split(`<!-- ${name}:end -->`)[0];
}

/** The text with each section's content put between its markers; a missing pair is an error. */
export function withReadmeSections(text: string, sections: Record<string, string>): string {
  let written = text;
  for (const [name, content] of Object.entries(sections)) {
    const start = `<!-- ${name}:start -->\n`;
    const end = `<!-- ${name}:end -->`;
    const [before, rest] = written.split(start);
    const after = rest?.split(end)[1];
    if (after === undefined) throw new Error(`The README has no ${start.trim()} … ${end} section`);
    written = `${before}${start}${content}${end}${after}`;
  }
  return written;
}
