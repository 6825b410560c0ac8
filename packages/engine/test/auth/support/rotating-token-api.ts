import { createEmulator, type Emulator } from '@toolsteps/emulator';
import { acceptsIssuedTokens } from './accepts-issued-tokens.js';

export interface RotatingTokenApi {
  emulator: Emulator;
  /** Back to one valid refresh token, `refresh_original`, and no access token. */
  reset(): void;
}

/**
 * An OAuth API whose refresh tokens rotate: each works once, and a second use is refused with
 * `invalid_grant`. `GET /api/me` needs the access token issued last. Two token requests at once are
 * answered together; a lone one after `holdMs`, so a second refresher (without a lock) meets the first.
 */
export async function startRotatingTokenApi(holdMs: number): Promise<RotatingTokenApi> {
  let valid = new Set<string>();
  let refreshable = new Set(['refresh_original']);
  let issued = 0;
  let waiting: Array<() => void> = [];
  const emulator = await createEmulator({
    authorize: acceptsIssuedTokens(() => valid),
    routes: (app) => {
      app.get('/api/me', (c) => c.json({ login: 'octo' }));
      app.post('/oauth/token', async (c) => {
        const form = await c.req.parseBody();
        await new Promise<void>((resolve) => {
          waiting.push(resolve);
          if (waiting.length >= 2) for (const release of waiting.splice(0)) release();
          else
            setTimeout(() => {
              waiting = waiting.filter((release) => release !== resolve);
              resolve();
            }, holdMs);
        });
        const spent = String(form.refresh_token);
        if (!refreshable.has(spent))
          return c.json(
            { error: 'invalid_grant', error_description: 'The refresh token was already used' },
            400,
          );
        refreshable.delete(spent);
        issued += 1;
        valid = new Set([`access_issued_${issued}`]);
        refreshable.add(`refresh_issued_${issued}`);
        return c.json({
          access_token: `access_issued_${issued}`,
          refresh_token: `refresh_issued_${issued}`,
          token_type: 'bearer',
          expires_in: 3600,
        });
      });
    },
  });
  return {
    emulator,
    reset() {
      valid = new Set();
      refreshable = new Set(['refresh_original']);
      issued = 0;
      waiting = [];
      emulator.reset();
    },
  };
}
