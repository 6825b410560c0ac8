import type { Context } from '@toolsteps/emulator';
import type { GithubState } from '../github-state.js';
import type { GithubAccount } from '../shared/github-model.js';
import { queryParam } from '../shared/github-request.js';
import { oauthPage } from './oauth-pages.js';

/**
 * What the user at the browser decides, since the emulator shows no sign-in or consent page: who
 * signs in (the default user, octocat, or the seeded user GitHub's own `login` hint names) and whether they approve
 * (the emulator-only `decision=deny` clicks Cancel).
 */
export type UserDecision =
  | { ok: true; user: GithubAccount; approve: boolean }
  | { ok: false; refusal: Response };

export function userDecision(c: Context, state: GithubState, defaultLogin: string): UserDecision {
  const decision = queryParam(c, 'decision') ?? 'approve';
  if (decision !== 'approve' && decision !== 'deny') {
    const refusal = oauthPage(
      c,
      400,
      'Unknown decision',
      `decision=${decision} is not understood: use decision=approve (the default) or decision=deny.`,
    );
    return { ok: false, refusal };
  }
  const login = queryParam(c, 'login') ?? defaultLogin;
  const user = state.account(login);
  if (user === undefined || user.type !== 'User') {
    const users = [...state.accounts.values()].filter((one) => one.type === 'User').map((one) => one.login);
    const refusal = oauthPage(
      c,
      422,
      'Incorrect username or password.',
      `The emulator has no user "${login}" to sign in as: use login=${users.join(', login=')} (or leave login out for ${defaultLogin}).`,
    );
    return { ok: false, refusal };
  }
  return { ok: true, user, approve: decision === 'approve' };
}
