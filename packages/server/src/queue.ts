/**
 * Runs tasks one after another: everything that changes one game goes through its queue, so a game has
 * exactly one writer in this process even when storage is asynchronous.
 */
export class SerialQueue {
  private tail: Promise<unknown> = Promise.resolve();

  run<T>(task: () => T | Promise<T>): Promise<T> {
    const result = this.tail.then(task);
    this.tail = result.catch(() => undefined);
    return result;
  }
}
