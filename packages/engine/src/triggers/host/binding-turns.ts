/**
 * One change of a binding's registration at a time: an activation, a deactivation and a reconcile of
 * the same binding run one after the other, so a reconcile that began before a deactivation cannot
 * register again the hook the deactivation removed. Different bindings go on side by side.
 */
export class BindingTurns {
  private readonly turns = new Map<string, Promise<unknown>>();

  take<T>(bindingId: string, work: () => Promise<T>): Promise<T> {
    const previous = this.turns.get(bindingId) ?? Promise.resolve();
    const turn = previous.catch(() => undefined).then(work);
    const settled = turn.catch(() => undefined);
    this.turns.set(bindingId, settled);
    // Forgotten once over, unless another turn queued behind it.
    void settled.then(() => {
      if (this.turns.get(bindingId) === settled) this.turns.delete(bindingId);
    });
    return turn;
  }
}
