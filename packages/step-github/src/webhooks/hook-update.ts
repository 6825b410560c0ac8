import type { HttpClient, Registration, RegistrationRequest, Static } from '@toolsteps/sdk';
import { Hook } from './hook-answer.js';
import { hookRefusal } from './hook-refusal.js';
import { type HookTarget, hooksPath, sameTarget, targetOfRegistration } from './hook-target.js';

/**
 * Puts the hook back as the binding asks: `PATCH .../hooks/{hook_id}` with the whole config (GitHub
 * removes a secret an update leaves out), the events and `active`. `missing` when it is gone.
 */
export async function updateHook(
  http: HttpClient,
  target: HookTarget,
  hookId: number,
  request: RegistrationRequest,
): Promise<'updated' | 'missing'> {
  const { status } = await http.request<Static<typeof Hook>>({
    method: 'PATCH',
    path: hooksPath(target, hookId),
    json: hookSettings(request),
    retrySafe: true,
    acceptStatus: [403, 404],
    expect: Hook,
  });
  if (status === 403) throw hookRefusal(target, status, 'update its webhook');
  return status === 404 ? 'missing' : 'updated';
}

/** The id of the hook a reconcile hands back, when it is on the target asked for now (a binding may have moved). */
export function previousHookId(previous: Registration | undefined, target: HookTarget): number | undefined {
  if (previous === undefined) return undefined;
  const hookId = Number(previous.hookId);
  if (!Number.isInteger(hookId) || hookId < 1) return undefined;
  try {
    return sameTarget(targetOfRegistration(previous), target) ? hookId : undefined;
  } catch {
    return undefined;
  }
}

/** The hook a binding asks for. `insecure_ssl: '0'`: GitHub checks the receiver's certificate. */
export function hookSettings(request: RegistrationRequest) {
  return {
    config: { url: request.url, content_type: 'json', secret: request.secret, insecure_ssl: '0' },
    events: [...request.subscribes],
    active: true,
  };
}
