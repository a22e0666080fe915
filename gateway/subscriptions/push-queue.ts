type Waiter<T> = (result: IteratorResult<T>) => void;

/**
 * An async iterator fed by pushes: what graphql-ws reads a subscription's results from. It lives as long
 * as its subscription, so it holds no array while nothing waits: values pushed and not read yet (a slow
 * reader), and reads waiting beyond the one graphql-ws makes at a time, only while there are some.
 */
export class PushQueue<T> implements AsyncIterableIterator<T> {
  private values: T[] | undefined;
  private waiter: Waiter<T> | undefined;
  private moreWaiters: Waiter<T>[] | undefined;
  private ended = false;

  private readonly onReturn: () => void;

  constructor(onReturn: () => void = () => undefined) {
    this.onReturn = onReturn;
  }

  get done(): boolean {
    return this.ended;
  }

  push(value: T): void {
    if (this.ended) return;
    const waiter = this.nextWaiter();
    if (waiter) waiter({ value, done: false });
    else (this.values ??= []).push(value);
  }

  /** No more values: pending ones are still read, then the iterator finishes. */
  end(): void {
    if (this.ended) return;
    this.ended = true;
    for (let waiter = this.nextWaiter(); waiter; waiter = this.nextWaiter()) waiter({ value: undefined, done: true });
    this.onReturn();
  }

  next(): Promise<IteratorResult<T>> {
    if (this.values) {
      const value = this.values.shift()!;
      if (this.values.length === 0) this.values = undefined;
      return Promise.resolve({ value, done: false });
    }
    if (this.ended) return Promise.resolve({ value: undefined, done: true });
    return new Promise((resolve) => {
      if (this.waiter) (this.moreWaiters ??= []).push(resolve);
      else this.waiter = resolve;
    });
  }

  /** The client stopped the subscription (or the socket closed). */
  return(): Promise<IteratorResult<T>> {
    this.values = undefined;
    this.end();
    return Promise.resolve({ value: undefined, done: true });
  }

  [Symbol.asyncIterator](): AsyncIterableIterator<T> {
    return this;
  }

  /** The oldest read waiting, taken. */
  private nextWaiter(): Waiter<T> | undefined {
    const waiter = this.waiter;
    this.waiter = this.moreWaiters?.shift();
    if (this.moreWaiters?.length === 0) this.moreWaiters = undefined;
    return waiter;
  }
}
