/**
 * Whether text mentions `@login` as GitHub reads mentions: after a start, space or punctuation
 * (not inside an email address like a@login.com), and not followed by more of a login or by
 * `/team` (an `@org/team` mention is the team's, not the organization's). Case-insensitive.
 */
export function bodyMentions(body: unknown, login: string): boolean {
  if (typeof body !== 'string' || body === '') return false;
  const escaped = login.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(?:^|[^A-Za-z0-9_@/.\`-])@${escaped}(?![A-Za-z0-9_-]|/[A-Za-z0-9])`, 'i').test(body);
}
