import type { Entitlement } from '@toolsteps/sdk';

/**
 * The spec limits Zendesk's triggers to Enterprise plans, and Zendesk cannot be asked which plan an
 * account has: the host says so. The steps work on every plan.
 */
export const ENTERPRISE_PLAN: Entitlement = { id: 'zendesk.enterprise', title: 'Zendesk Enterprise plan' };
