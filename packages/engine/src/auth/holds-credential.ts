/** Whether `value` is one of the credentials' strings, at any depth (some auth kinds nest them). */
export function holdsCredential(credentials: unknown, value: string): boolean {
  if (credentials === value) return true;
  if (credentials === null || typeof credentials !== 'object') return false;
  return Object.values(credentials).some((child) => holdsCredential(child, value));
}
