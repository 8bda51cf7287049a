import { Form, useLocation } from "react-router";
import { ROLE_LABELS, type OrganisationRole } from "~models/identity/roles";

// The workspace's organisation switcher (issue #40): a plain POST form, so it
// works without JavaScript; shown only to a person in more than one organisation.

export type SwitcherOrganisation = { id: string; name: string; role: OrganisationRole };

export function OrganisationSwitcher({
  organisations,
  currentId,
}: {
  organisations: readonly SwitcherOrganisation[];
  currentId: string | null;
}) {
  const location = useLocation();
  if (organisations.length < 2) return null;
  return (
    <Form
      method="post"
      action="/organisations/switch"
      className="flex flex-col gap-2 rounded-2xl border border-border bg-surface p-3"
      data-testid="organisation-switcher"
    >
      <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
      <label htmlFor="organisation-switch" className="text-xs font-semibold text-text-muted">
        Organisation
      </label>
      <div className="flex gap-2">
        <select
          id="organisation-switch"
          name="organisationId"
          defaultValue={currentId ?? undefined}
          className="field-control min-w-0 flex-1 py-1.5 text-sm"
        >
          {organisations.map((organisation) => (
            <option key={organisation.id} value={organisation.id}>
              {organisation.name} ({ROLE_LABELS[organisation.role]})
            </option>
          ))}
        </select>
        <button
          type="submit"
          className="rounded-full border border-border px-3 py-1.5 text-sm font-semibold hover:border-text-muted"
        >
          Switch
        </button>
      </div>
    </Form>
  );
}
