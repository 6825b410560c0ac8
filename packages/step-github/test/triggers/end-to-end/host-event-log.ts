import type { TriggerHostEvent } from '@toolsteps/engine';

type EventOf<T extends TriggerHostEvent['type']> = Extract<TriggerHostEvent, { type: T }>;

/** Records a trigger host's events, and waits for one a test expects however late it comes. */
export class HostEventLog {
  readonly events: TriggerHostEvent[] = [];
  private waiters: Array<{ matches: (event: TriggerHostEvent) => boolean; resolve: () => void }> = [];

  readonly listener = (event: TriggerHostEvent): void => {
    this.events.push(event);
    this.waiters = this.waiters.filter((waiter) => {
      if (!waiter.matches(event)) return true;
      waiter.resolve();
      return false;
    });
  };

  /** The events of one type about one binding, oldest first. */
  of<T extends TriggerHostEvent['type']>(type: T, bindingId: string): Array<EventOf<T>> {
    return this.events.filter(
      (event): event is EventOf<T> => event.type === type && event.bindingId === bindingId,
    );
  }

  /** Resolves once an event of this type about this binding matching `matches` has been told. */
  seen<T extends TriggerHostEvent['type']>(
    type: T,
    bindingId: string,
    matches: (event: EventOf<T>) => boolean = () => true,
  ): Promise<void> {
    const test = (event: TriggerHostEvent) =>
      event.type === type && event.bindingId === bindingId && matches(event as EventOf<T>);
    if (this.events.some(test)) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push({ matches: test, resolve }));
  }
}
