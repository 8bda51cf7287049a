import { describe, expect, it } from "vitest";
import { findOutcome, type OutcomeNode } from "./outcome-focus";

// No DOM library in the unit project: a small tree that answers the two
// attribute selectors findOutcome asks (`[name]` and `[name=value]`), in
// document order, as the DOM does.
class Element implements OutcomeNode {
  parentElement: Element | null = null;
  constructor(
    readonly tagName: string,
    readonly attributes: Record<string, string>,
    readonly children: Element[],
    readonly name: string,
  ) {
    for (const child of children) child.parentElement = this;
  }
  querySelector(selector: string): Element | null {
    const [, attribute, value] = /^\[([\w-]+)(?:=([\w-]+))?\]$/.exec(selector) ?? [];
    if (!attribute) throw new Error(`unsupported selector ${selector}`);
    for (const child of this.children) {
      const own = child.attributes[attribute];
      if (own !== undefined && (value === undefined || own === value)) return child;
      const deeper = child.querySelector(selector);
      if (deeper) return deeper;
    }
    return null;
  }
}

const el = (name: string, tagName = "DIV", attributes: Record<string, string> = {}, ...children: Element[]) =>
  new Element(tagName, attributes, children, name);
const outcome = (name: string) => el(name, "DIV", { "data-outcome": "" });

/** A page with two forms, each with its own answer slot, inside <body>. */
function page({ profile, password }: { profile: Element[]; password: Element[] }) {
  const profileButton = el("profile button", "BUTTON");
  const passwordButton = el("password button", "BUTTON");
  const profileForm = el("profile form", "FORM", {}, ...profile, profileButton);
  const passwordForm = el("password form", "FORM", {}, ...password, passwordButton);
  const body = el(
    "body",
    "BODY",
    {},
    el("main", "MAIN", {}, el("section", "SECTION", {}, profileForm), passwordForm),
  );
  return { body, profileButton, passwordButton, profileForm, passwordForm };
}

describe("findOutcome", () => {
  it("finds the answer of the form that was sent, not another form's", () => {
    const { body, passwordButton } = page({
      profile: [outcome("profile saved")],
      password: [outcome("password refused")],
    });
    expect(findOutcome(passwordButton, body)?.name).toBe("password refused");
  });

  it("walks up from the form to an answer shown beside it (a page-level notice)", () => {
    const notice = outcome("page notice");
    const button = el("button", "BUTTON");
    const body = el(
      "body",
      "BODY",
      {},
      el("main", "MAIN", {}, notice, el("aside", "ASIDE", {}, el("form", "FORM", {}, button))),
    );
    expect(findOutcome(button, body)).toBe(notice);
  });

  it("starts from the form itself when the button is gone", () => {
    const { body, profileForm } = page({ profile: [outcome("profile saved")], password: [] });
    expect(findOutcome(profileForm, body)?.name).toBe("profile saved");
  });

  it("focuses the first field the server marked invalid when the form shows no message", () => {
    const { body, passwordButton } = page({
      profile: [outcome("profile saved")],
      password: [
        el("current", "INPUT", { "aria-invalid": "false" }),
        el("new", "INPUT", { "aria-invalid": "true" }),
        el("repeat", "INPUT", { "aria-invalid": "true" }),
      ],
    });
    expect(findOutcome(passwordButton, body)?.name).toBe("new");
  });

  it("prefers the form's message to its invalid fields", () => {
    const { body, passwordButton } = page({
      profile: [],
      password: [el("new", "INPUT", { "aria-invalid": "true" }), outcome("password refused")],
    });
    expect(findOutcome(passwordButton, body)?.name).toBe("password refused");
  });

  it("falls back to the first answer on the page when it does not know where the post came from", () => {
    const { body } = page({ profile: [outcome("profile saved")], password: [outcome("password refused")] });
    expect(findOutcome<Element>(null, body)?.name).toBe("profile saved");
  });

  it("finds nothing when the page shows no answer", () => {
    const { body, profileButton } = page({ profile: [], password: [] });
    expect(findOutcome(profileButton, body)).toBeNull();
  });
});
