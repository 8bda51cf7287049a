/**
 * Wraps a computation so it runs once per request: a navigation's loaders
 * get the same Request, so a layout and its child route share the result.
 * The memo is weak, so it goes with the request.
 */
export function oncePerRequest<Args extends unknown[], T>(
  compute: (request: Request, ...args: Args) => Promise<T>,
) {
  const memo = new WeakMap<Request, Promise<T>>();
  return (request: Request, ...args: Args): Promise<T> => {
    let value = memo.get(request);
    if (!value) {
      value = compute(request, ...args);
      memo.set(request, value);
    }
    return value;
  };
}
