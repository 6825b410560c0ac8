import { afterEach, describe, expect, it } from '@jest/globals';
import github from '../../../src/index.js';
import { bindingIdsOf } from './binding-files.js';
import { EVERY_TRIGGER_CASE } from './every-trigger-case.js';
import { useTriggerWorld } from './trigger-world.js';

const TRIGGERS = github.triggers ?? [];
const polled = (trigger: string) => TRIGGERS.find((one) => one.id === trigger)?.delivery === 'poll';

describe('every GitHub trigger, end to end on the emulator', () => {
  const world = useTriggerWorld(EVERY_TRIGGER_CASE);
  let active: string | undefined;
  afterEach(async () => {
    if (active !== undefined) await world.deactivate(active);
    active = undefined;
  });

  it('has one case for each trigger of the integration', () => {
    const ids = TRIGGERS.map((trigger) => trigger.id);

    expect(EVERY_TRIGGER_CASE.map((one) => one.trigger).sort()).toEqual([...ids].sort());
    expect(ids).toHaveLength(26);
  });

  it.each(EVERY_TRIGGER_CASE)(
    '$trigger runs its workflow on $cause, and not where its filter leaves the event out',
    async (one) => {
      const hand = world.hand(one.trigger);
      const ids = bindingIdsOf(one.trigger);
      await one.arrange?.(hand);
      active = one.trigger;
      await world.activate(one.trigger);

      await one.act(hand);
      await world.settled();

      expect(await world.inbox()).toEqual([`${one.trigger}: ${one.expected}`]);
      // Over HTTP each binding is sent one signed delivery, verified; a poll finds the event itself.
      const through = polled(one.trigger) ? { sent: 0, verified: 0 } : { sent: 1, verified: 1 };
      expect(world.outcomeOf(ids.runs)).toEqual({
        ...through,
        rejected: 0,
        deliveries: ['succeeded'],
        runs: ['succeeded'],
        errors: [],
      });
      expect(world.outcomeOf(ids.filteredOut)).toEqual({
        ...through,
        rejected: 0,
        deliveries: ['skipped'],
        runs: [],
        errors: [],
      });
    },
  );
});
