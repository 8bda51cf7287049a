import { Form } from "react-router";
import { ROLE_LABELS, type OrganisationRole } from "~models/identity/roles";

// The organisation switcher (issue #40), on the Team page: a plain POST form,
// so it works without JavaScript; shown to a person in more than one
// organisation. It leads to the other organisation's home (the page it came
// from may be the first one's). Not in the workspace layout: every page's
// script would carry it, and /project/:id would go over its JavaScript budget.

type Organisation = { id: string; name: string; role: OrganisationRole };

export function OrganisationSwitcher({
  organisations,
  currentId,
}: {
  organisations: readonly Organisation[];
  currentId: string | null;
}) {
  if (organisations.length < 2) return null;
  return (
    <Form
      method="post"
      action="/organisations/switch"
      className="flex flex-wrap items-end gap-2"
      data-testid="organisation-switcher"
    >
      <label className="flex min-w-0 flex-1 flex-col gap-1 text-sm">
        <span className="text-text-muted">Organisation</span>
        <select
          name="organisationId"
          defaultValue={currentId ?? undefined}
          className="field-control min-w-0 py-1.5 text-sm"
        >
          {organisations.map((o) => (
            <option key={o.id} value={o.id}>
              {o.name} ({ROLE_LABELS[o.role]})
            </option>
          ))}
        </select>
      </label>
      <button
        type="submit"
        className="rounded-full border border-border px-3 py-1.5 text-sm font-semibold hover:border-text-muted"
      >
        Switch
      </button>
    </Form>
  );
}
