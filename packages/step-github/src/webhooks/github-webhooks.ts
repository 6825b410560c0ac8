import type { IntegrationWebhooks } from '@toolsteps/sdk';
import { githubSignatureOf, hasGithubSignature, verifyGithubSignature } from './delivery-signature.js';
import { watchedBy } from './watched-by.js';

/** Registering, repairing and deleting hooks loads with the first binding activated, not with the package. */
const registration = () => import('./hook-registration.js');

/**
 * GitHub's webhooks: one hook per binding, on its repository (or its organization when the config
 * names only `org`), found again by the id a reconcile hands back or by URL, so neither activation
 * nor a repair ever duplicates it; deliveries signed `X-Hub-Signature-256` (over the body alone, so
 * a body resent under another id is recognised by it) and identified by `X-GitHub-Delivery`, the
 * same on a redelivery.
 */
export const githubWebhooks: IntegrationWebhooks = {
  register: async (request, ctx) => (await registration()).registerHook(request, ctx),

  unregister: async (hook, ctx) => (await registration()).unregisterHook(hook, ctx),

  inspect: async (hook, request, ctx) => (await registration()).inspectHook(hook, request, ctx),

  verify: verifyGithubSignature,

  hasSignature: hasGithubSignature,

  signatureOf: githubSignatureOf,

  deliveryId: (delivery) => delivery.headers['x-github-delivery'],

  watchedBy,
};
