/** A key as one JSON pointer segment (RFC 6901): `~` and `/` escaped. */
export function escapePointer(key: string): string {
  return key.replaceAll('~', '~0').replaceAll('/', '~1');
}

/** `['steps', 0, 'args']` -> `/steps/0/args` (RFC 6901). */
export function toPointer(segments: ReadonlyArray<string | number>): string {
  return segments.map((segment) => `/${escapePointer(String(segment))}`).join('');
}

/** `/steps/0/args` -> `['steps', '0', 'args']`; the root pointer `''` has no segments. */
export function parsePointer(pointer: string): string[] {
  if (pointer === '') return [];
  return pointer
    .slice(1)
    .split('/')
    .map((segment) => segment.replaceAll('~1', '/').replaceAll('~0', '~'));
}

/** The pointer of a child: `child('/steps/0', 'args')` -> `/steps/0/args`. */
export function childPointer(pointer: string, ...segments: Array<string | number>): string {
  return pointer + toPointer(segments);
}

/** True when `pointer` is `ancestor` itself or lies under it. */
export function isWithin(pointer: string, ancestor: string): boolean {
  return pointer === ancestor || pointer.startsWith(`${ancestor}/`);
}

/** A place reached by an iterative walk: its key, and the place holding it. */
export interface WalkedPlace {
  key?: string;
  parent?: WalkedPlace;
}

/** The pointer of a place an iterative walk reached, from its chain of parents. */
export function pointerOfPlace(place: WalkedPlace): string {
  const keys: string[] = [];
  for (let at: WalkedPlace | undefined = place; at?.key !== undefined; at = at.parent) keys.push(at.key);
  return toPointer(keys.reverse());
}
