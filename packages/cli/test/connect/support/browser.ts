import { request } from 'node:http';

/** What a browser gets from one address, not following a redirect. */
export interface Visit {
  status: number;
  /** Where a redirect sends the browser. */
  location?: string;
  text: string;
}

/** The test as the user's browser: one GET, redirects left for the test to follow. */
export async function visit(url: string): Promise<Visit> {
  const answer = await fetch(url, { redirect: 'manual' });
  const location = answer.headers.get('location') ?? undefined;
  return {
    status: answer.status,
    ...(location === undefined ? {} : { location }),
    text: await answer.text(),
  };
}

/** A GET as a page under another host name would send it (DNS rebinding): the Host header says that name. */
export function visitAs(host: string, url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    request(url, { headers: { host } }, (answer) => {
      answer.resume();
      resolve(answer.statusCode ?? 0);
    })
      .on('error', reject)
      .end();
  });
}
