const MARKER = /(?:\n\n)?<!-- toolsteps:[0-9a-f]{32} -->/g;
const ENDS_MARKED = /<!-- toolsteps:[0-9a-f]{32} -->$/;

/**
 * A body `create_issue` or `create_issue_comment` wrote, without the hidden markers in it (its own
 * at the end, and any a quoted body carried). A body not ending with a marker fails, so a test still
 * proves the step wrote it.
 */
export function unmarked(body: string | null | undefined): string {
  if (typeof body !== 'string' || !ENDS_MARKED.test(body)) {
    throw new Error(`Expected a body ending with the step's marker, got ${JSON.stringify(body)}`);
  }
  return body.replace(MARKER, '');
}
