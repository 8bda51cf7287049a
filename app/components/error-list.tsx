export type ListOfErrors = Array<string | null | undefined> | null | undefined;

/**
 * A field's error messages. Its own module: the root layout renders one line of
 * it as a template for island pages' scripts (decision 0045) without loading
 * the rest of the form components.
 */
export function ErrorList({ id, errors }: { id?: string; errors?: ListOfErrors }) {
  const shown = errors?.filter(Boolean);
  if (!shown?.length) return null;
  return (
    <ul id={id} className="flex flex-col gap-1">
      {shown.map((error) => (
        <li key={error} className="flex items-start gap-1.5 text-sm text-red">
          <svg viewBox="0 0 16 16" width="14" height="14" className="mt-0.5 shrink-0" aria-hidden="true">
            <circle cx="8" cy="8" r="7" fill="none" stroke="currentColor" strokeWidth="1.5" />
            <path d="M8 4.5v4.2M8 11h.01" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
          </svg>
          <span>{error}</span>
        </li>
      ))}
    </ul>
  );
}
