import type { Entitlement } from '@toolsteps/sdk';

/**
 * Zendesk triggers are offered on Enterprise plans only, and Zendesk cannot be asked which plan an
 * account has: the host says so. The steps work on every plan.
 */
export const ENTERPRISE_PLAN: Entitlement = { id: 'zendesk.enterprise', title: 'Zendesk Enterprise plan' };
