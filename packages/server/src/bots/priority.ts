/**
 * Which bot question is answered next: a game with a person in it before a game of bots only, and in the
 * order asked within each. A person notices a slow bot; a bots-only game nobody may be watching does not.
 */

export type Priority = 'person' | 'bots';

export class PriorityQueues<T> {
  private readonly person: T[] = [];
  private readonly bots: T[] = [];

  add(priority: Priority, item: T): void {
    (priority === 'person' ? this.person : this.bots).push(item);
  }

  /** The next item: the oldest of a person's games, else the oldest of the bots-only games. */
  take(): T | undefined {
    return this.person.shift() ?? this.bots.shift();
  }

  size(priority: Priority): number {
    return (priority === 'person' ? this.person : this.bots).length;
  }

  /** Everything still waiting, emptying the queues. */
  drain(): T[] {
    return [...this.person.splice(0), ...this.bots.splice(0)];
  }
}

/** A table's priority from its seats: any seat of a person (even one a bot has taken over) counts. */
export function priorityOf(seats: readonly { readonly kind: 'human' | 'bot' }[]): Priority {
  return seats.some((s) => s.kind === 'human') ? 'person' : 'bots';
}
