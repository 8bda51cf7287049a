// Static data the baseline pages render: no database, no session, nothing computed per request
// but the slice that sets the page's size (?n=items).
export const ITEMS = Array.from({ length: 4000 }, (_, i) => ({
  id: i,
  title: `Item ${i}: a line of static text`,
  body: `Static body text number ${i}, the same on every request, long enough to weigh something.`,
}));

export function itemsFor(request: Request) {
  const n = Number(new URL(request.url).searchParams.get("n") ?? 0);
  return ITEMS.slice(0, Math.max(0, Math.min(ITEMS.length, Number.isFinite(n) ? n : 0)));
}
