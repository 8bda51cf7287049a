// What a member sees in place of a step their role may not take (issue #40,
// decision 0079): the reason and whom to ask, worded in models/identity/role-messages.ts.

export function RoleRefusal({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <p
      data-testid="role-refusal"
      className="rounded-xl border border-border bg-surface px-4 py-3 text-sm text-text"
    >
      {message}
    </p>
  );
}
