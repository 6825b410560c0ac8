/** Error answers in the provider's body shape: `{ error: <code>, message }`. */

export const invalidApiKey = (): Response =>
  Response.json(
    { error: 'invalid_api_key', message: 'The API key is missing or not valid' },
    { status: 401 },
  );

export const invalidRequest = (message: string): Response =>
  Response.json({ error: 'invalid_request', message }, { status: 422 });

export const noMatch = (what: 'person' | 'company'): Response =>
  Response.json({ error: 'no_match', message: `No ${what} matches the given details` }, { status: 404 });

export const insufficientCredits = (required: number, remaining: number): Response =>
  Response.json(
    {
      error: 'insufficient_credits',
      message: `This request needs ${required} credits and ${remaining} remain on this API key`,
      required,
      remaining,
    },
    { status: 402 },
  );

export const rateLimited = (retryAfterS: number): Response =>
  Response.json(
    { error: 'rate_limited', message: 'Too many requests for this API key; retry later' },
    { status: 429, headers: { 'retry-after': String(retryAfterS) } },
  );
