/**
 * The binding a request is for, from its path: `<base>/hooks/<bindingId>`, nothing before or after.
 * Undefined for any other path.
 */
export function bindingIdOfPath(pathname: string, basePath: string): string | undefined {
  const prefix = `${trimSlashes(basePath)}/hooks/`;
  if (!pathname.startsWith(prefix)) return undefined;
  const rest = pathname.slice(prefix.length);
  if (rest === '' || rest.includes('/')) return undefined;
  try {
    return decodeURIComponent(rest);
  } catch {
    return undefined;
  }
}

/** `/base` from `/base/`, `base` or `/`: the form the route is matched and URLs are built with. */
export function trimSlashes(basePath: string): string {
  const trimmed = basePath.replace(/^\/+|\/+$/g, '');
  return trimmed === '' ? '' : `/${trimmed}`;
}
