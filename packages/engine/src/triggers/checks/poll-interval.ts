import type { Problem } from '../../workflow/diagnostic.js';
import { toMilliseconds } from '../../workflow/duration.js';
import { msLibrary } from '../../workflow/ms-library.js';
import type { BindingCheckInput } from './binding-check-input.js';

/** `interval` belongs to poll triggers, and may not poll faster than the trigger allows. */
export function checkPollInterval({ binding, trigger }: BindingCheckInput): Problem[] {
  if (binding.interval === undefined || trigger === undefined) return [];
  if (trigger.delivery === 'webhook') {
    return [
      {
        code: 'invalid-interval',
        pointer: '/interval',
        at: 'key',
        message: `"interval" only applies to poll triggers: ${trigger.id} is delivered by webhook, as its events happen`,
      },
    ];
  }
  const least = trigger.poll.minIntervalMs ?? trigger.poll.intervalMs;
  if (toMilliseconds(binding.interval) >= least) return [];
  const ms = msLibrary();
  return [
    {
      code: 'invalid-interval',
      pointer: '/interval',
      message: `${trigger.id} may poll at most every ${ms(least, { long: true })} (it asks the API each time); this asks for every ${ms(toMilliseconds(binding.interval), { long: true })}`,
    },
  ];
}
