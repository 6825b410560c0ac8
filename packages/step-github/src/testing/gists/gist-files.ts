import { validationFailed } from '../shared/github-api-error.js';
import type { JsonObject } from '../shared/github-request.js';
import type { GistFileRecord } from './gists-store.js';

/** The files of POST /gists: `{ name: { content } }`, at least one, none blank. */
export function newGistFiles(body: JsonObject): GistFileRecord[] {
  const files = body.files;
  if (!isObject(files) || Object.keys(files).length === 0) {
    throw validationFailed({ resource: 'Gist', code: 'missing_field', field: 'files' });
  }
  return Object.entries(files).map(([name, file]) => {
    checkName(name);
    const content = isObject(file) ? file.content : undefined;
    if (typeof content !== 'string' || content === '') throw blank(name);
    return { filename: name, content };
  });
}

/**
 * The files of a gist after a PATCH's `files`: a key names a current file (or a new one); `null`
 * removes it, `content` replaces it, `filename` renames it. Checked whole before anything changes.
 */
export function editedGistFiles(current: readonly GistFileRecord[], changes: unknown): GistFileRecord[] {
  if (changes === undefined || changes === null) return [...current];
  if (!isObject(changes)) throw invalid('files', 'files must be an object');
  const files = new Map(current.map((file) => [file.filename, file.content]));
  for (const [name, change] of Object.entries(changes)) {
    const exists = files.has(name);
    if (change === null) {
      if (!exists) throw invalid('files', `There is no file named ${JSON.stringify(name)} to delete`);
      files.delete(name);
      continue;
    }
    if (!isObject(change))
      throw invalid('files', `The change of ${JSON.stringify(name)} must be an object or null`);
    const content = change.content ?? files.get(name);
    const filename = change.filename ?? name;
    if (typeof filename !== 'string')
      throw invalid('files', `The new filename of ${JSON.stringify(name)} must be a string`);
    if (typeof content !== 'string' || content === '') throw blank(name);
    checkName(filename);
    files.delete(name);
    if (files.has(filename)) {
      throw validationFailed({
        resource: 'Gist',
        code: 'already_exists',
        field: 'files',
        message: `A file named ${JSON.stringify(filename)} already exists in this gist`,
      });
    }
    files.set(filename, content);
  }
  if (files.size === 0) throw invalid('files', 'A gist must keep at least one file');
  return [...files].map(([filename, content]) => ({ filename, content }));
}

function checkName(name: string): void {
  if (name.trim() === '' || /[/\\]/.test(name)) {
    throw invalid('files', `${JSON.stringify(name)} is not a valid file name (no slashes, not blank)`);
  }
}

function blank(name: string) {
  return validationFailed({
    resource: 'Gist',
    code: 'missing_field',
    field: 'files',
    message: `The contents of ${JSON.stringify(name)} can't be blank`,
  });
}

function invalid(field: string, message: string) {
  return validationFailed({ resource: 'Gist', code: 'invalid', field, message });
}

function isObject(value: unknown): value is JsonObject {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
