/** A computation kept per request (oncePerRequest), which a combined read may fill in advance. */
export type PerRequest<Args extends unknown[], T> = ((request: Request, ...args: Args) => Promise<T>) & {
  /**
   * Gives this request's value before anyone asked for it (a read that found
   * it along with something else); false, changing nothing, when it is already
   * known or being computed.
   */
  prime: (request: Request, value: Promise<T>) => boolean;
  /** Whether this request's value is known or being computed. */
  has: (request: Request) => boolean;
};

/**
 * Wraps a computation so it runs once per request: a navigation's loaders
 * get the same Request, so a layout and its child route share the result.
 * The memo is weak, so it goes with the request.
 */
export function oncePerRequest<Args extends unknown[], T>(
  compute: (request: Request, ...args: Args) => Promise<T>,
): PerRequest<Args, T> {
  const memo = new WeakMap<Request, Promise<T>>();
  const get = (request: Request, ...args: Args): Promise<T> => {
    let value = memo.get(request);
    if (!value) {
      value = compute(request, ...args);
      memo.set(request, value);
    }
    return value;
  };
  return Object.assign(get, {
    prime(request: Request, value: Promise<T>) {
      if (memo.has(request)) return false;
      memo.set(request, value);
      return true;
    },
    has: (request: Request) => memo.has(request),
  });
}
