/** An async iterator fed by pushes: what graphql-ws reads a subscription's results from. */
export class PushQueue<T> implements AsyncIterableIterator<T> {
  private readonly values: T[] = [];
  private readonly waiting: ((result: IteratorResult<T>) => void)[] = [];
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
    const waiter = this.waiting.shift();
    if (waiter) waiter({ value, done: false });
    else this.values.push(value);
  }

  /** No more values: pending ones are still read, then the iterator finishes. */
  end(): void {
    if (this.ended) return;
    this.ended = true;
    for (const waiter of this.waiting.splice(0)) waiter({ value: undefined, done: true });
    this.onReturn();
  }

  next(): Promise<IteratorResult<T>> {
    if (this.values.length) return Promise.resolve({ value: this.values.shift()!, done: false });
    if (this.ended) return Promise.resolve({ value: undefined, done: true });
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  /** The client stopped the subscription (or the socket closed). */
  return(): Promise<IteratorResult<T>> {
    this.values.length = 0;
    this.end();
    return Promise.resolve({ value: undefined, done: true });
  }

  [Symbol.asyncIterator](): AsyncIterableIterator<T> {
    return this;
  }
}
