import { Option } from 'commander';
import { UsageError } from '../exit-codes.js';

export const publicUrlOption = () =>
  new Option(
    '--public-url <url>',
    'where the third party reaches this host; default http://127.0.0.1:<port>',
  );

/**
 * `--public-url`: where the third party reaches this host, checked before anything starts. Binding
 * URLs are this plus `/hooks/<id>`, so a query, a fragment or credentials in it would break them.
 */
export function parsePublicUrl(text: string): string {
  const url = URL.canParse(text) ? new URL(text) : undefined;
  if (url === undefined || (url.protocol !== 'https:' && url.protocol !== 'http:'))
    throw new UsageError(
      `--public-url must be an http(s) URL, e.g. https://hooks.example.com (got "${text}")`,
    );
  if (url.search !== '' || url.hash !== '' || url.username !== '' || url.password !== '')
    throw new UsageError(
      `--public-url must have no query, fragment or credentials: binding URLs are it followed by /hooks/<id> (got "${text}")`,
    );
  return url.href.replace(/\/+$/, '');
}
