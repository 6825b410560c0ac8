import { type ApiKeyConnect, StepError } from '@toolsteps/sdk';

/**
 * An API key of the provider's account, entered once. It is proven with `GET /account`, the one call
 * that costs no credits, which also names the account.
 */
export const enrichmentConnect: ApiKeyConnect = {
  kind: 'apiKey',
  credentials: (apiKey) => ({ apiKey }),
  identify: async ({ http }) => {
    const { body } = await http.get<{ name?: unknown }>('/account');
    if (typeof body?.name !== 'string' || body.name === '') {
      throw new StepError({
        code: 'upstream',
        message: 'The provider answered GET /account without the account name',
      });
    }
    return { name: body.name };
  },
  requirements: "an API key of the provider's account",
};
