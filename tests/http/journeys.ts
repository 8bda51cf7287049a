// No-JS journeys over HTTP: a page as a browser without JavaScript holds it
// (its HTML, its forms with the values they would send, its text), and a
// form submitted as that browser submits it, redirects followed.
import { expect } from "vitest";
import type { Visitor } from "./client";
import { attr, findAll, parseHtml, textOf, type Element } from "./html";

const TEXT_TYPES = new Set([
  "",
  "text",
  "email",
  "url",
  "tel",
  "search",
  "password",
  "number",
  "date",
  "month",
  "time",
  "datetime-local",
  "hidden",
]);

export type Button = {
  name: string;
  value: string;
  label: string;
  disabled: boolean;
};

export type Form = {
  element: Element;
  id: string | undefined;
  action: string | undefined;
  method: string;
  multipart: boolean;
  /** Name/value pairs a native submission sends as the page stands. */
  fields: [string, string][];
  buttons: Button[];
};

const squash = (text: string) => text.replace(/\s+/g, " ").trim();

/** The accessible name of an element, roughly: aria-label, else its text. */
export const labelOf = (el: Element) => squash(attr(el, "aria-label") ?? textOf(el));

const CONTROLS = ["input", "textarea", "select", "button"];

/** The form's controls: its own descendants and, anywhere in `doc`, those tied to it by a form attribute. */
function controlsOf(form: Element, doc?: Element): Element[] {
  const id = attr(form, "id");
  const own = findAll(
    form,
    (e) => CONTROLS.includes(e.tagName) && (attr(e, "form") === undefined || attr(e, "form") === id),
  );
  if (!doc || !id) return own;
  const outside = findAll(
    doc,
    (e) => CONTROLS.includes(e.tagName) && attr(e, "form") === id && !own.includes(e),
  );
  return [...own, ...outside];
}

function readForm(form: Element, doc?: Element): Form {
  const fields: [string, string][] = [];
  const buttons: Button[] = [];
  for (const el of controlsOf(form, doc)) {
    const name = attr(el, "name");
    const disabled = attr(el, "disabled") !== undefined;
    const type = (attr(el, "type") ?? "").toLowerCase();
    if (el.tagName === "button" && (type === "" || type === "submit")) {
      buttons.push({
        name: name ?? "",
        value: attr(el, "value") ?? "",
        label: labelOf(el),
        disabled,
      });
      continue;
    }
    if (el.tagName === "input" && type === "submit") {
      buttons.push({
        name: name ?? "",
        value: attr(el, "value") ?? "",
        label: attr(el, "aria-label") ?? attr(el, "value") ?? "",
        disabled,
      });
      continue;
    }
    if (!name || disabled) continue;
    if (el.tagName === "input") {
      if (type === "checkbox" || type === "radio") {
        if (attr(el, "checked") !== undefined) fields.push([name, attr(el, "value") ?? "on"]);
      } else if (TEXT_TYPES.has(type) || !["file", "button", "reset", "image"].includes(type)) {
        fields.push([name, attr(el, "value") ?? ""]);
      }
    } else if (el.tagName === "textarea") {
      fields.push([name, textOf(el).replace(/^\n/, "")]);
    } else if (el.tagName === "select") {
      const options = findAll(el, (o) => o.tagName === "option");
      const chosen = options.find((o) => attr(o, "selected") !== undefined) ?? options[0];
      if (chosen) fields.push([name, attr(chosen, "value") ?? textOf(chosen).trim()]);
    }
  }
  return {
    element: form,
    id: attr(form, "id"),
    action: attr(form, "action"),
    method: (attr(form, "method") ?? "get").toLowerCase(),
    multipart: (attr(form, "enctype") ?? "").toLowerCase() === "multipart/form-data",
    fields,
    buttons,
  };
}

export class Page {
  readonly doc: ReturnType<typeof parseHtml>;
  constructor(
    readonly visitor: Visitor,
    readonly url: string,
    readonly status: number,
    readonly html: string,
  ) {
    this.doc = parseHtml(html);
  }

  /** The page's visible-ish text, whitespace collapsed (scripts and styles left out). */
  get text(): string {
    const body = findAll(this.doc, (e) => e.tagName === "body")[0]!;
    const strip = (node: Element): string =>
      (node.childNodes as Element[])
        .map((child) =>
          child.nodeName === "#text"
            ? (child as unknown as { value: string }).value
            : "tagName" in child && !["script", "style", "template"].includes(child.tagName)
              ? strip(child)
              : "",
        )
        .join(" ");
    return squash(strip(body));
  }

  /** Every form on the page. */
  forms(): Form[] {
    return findAll(this.doc, (e) => e.tagName === "form").map((form) => readForm(form, this.doc as Element));
  }

  /** The one form with this id, or holding a submit button with this label (string: exact; RegExp: match). */
  form(match: { id?: string; button?: string | RegExp; action?: string }): Form {
    const found = this.forms().filter(
      (f) =>
        (match.id === undefined || f.id === match.id) &&
        (match.action === undefined || f.action === match.action) &&
        (match.button === undefined ||
          f.buttons.some((b) =>
            typeof match.button === "string" ? b.label === match.button : match.button!.test(b.label),
          )),
    );
    expect(found.length, `forms matching ${JSON.stringify(match)} on ${this.url}`).toBeGreaterThanOrEqual(1);
    return found[0]!;
  }

  /** Elements with data-testid = id. */
  byTestId(id: string): Element[] {
    return findAll(this.doc, (e) => attr(e, "data-testid") === id);
  }

  testIdText(id: string): string {
    const found = this.byTestId(id);
    expect(found.length, `[data-testid=${id}] on ${this.url}`).toBeGreaterThanOrEqual(1);
    return squash(textOf(found[0]!));
  }

  /** Whether the page shows this exact text (whitespace collapsed). */
  expectText(text: string) {
    expect(this.text, `on ${this.url}`).toContain(text);
  }

  expectNoText(text: string) {
    expect(this.text, `on ${this.url}`).not.toContain(text);
  }

  /** The elements with this tag whose accessible name matches. */
  named(tag: string, name: string | RegExp): Element[] {
    return findAll(
      this.doc,
      (e) => e.tagName === tag && (typeof name === "string" ? labelOf(e) === name : name.test(labelOf(e))),
    );
  }

  links(name: string | RegExp): string[] {
    return this.named("a", name).map((a) => attr(a, "href") ?? "");
  }
}

/** The value a field of `form` sends (undefined when it sends none). */
export const valueOf = (form: Form, name: string) => form.fields.find(([n]) => n === name)?.[1];

/** Whether the checkbox/radio `name` (with `value`, if given) is checked in the form. */
export const isChecked = (form: Form, name: string, value?: string) =>
  form.fields.some(([n, v]) => n === name && (value === undefined || v === value));

/** GETs a path, following redirects; the page as the visitor ends up on it. */
export async function open(visitor: Visitor, path: string): Promise<Page> {
  const first = await visitor.get(path);
  return landed(visitor, path, first);
}

async function landed(visitor: Visitor, path: string, response: Response): Promise<Page> {
  let url = path;
  let current = response;
  for (
    let i = 0;
    i < 5 && current.status >= 300 && current.status < 400 && current.headers.get("location");
    i++
  ) {
    await current.arrayBuffer();
    url = current.headers.get("location")!;
    current = await visitor.get(url);
  }
  const base = new URL(visitor.baseURL);
  const resolved = new URL(url, base);
  return new Page(
    visitor,
    resolved.pathname + resolved.search + resolved.hash,
    current.status,
    await current.text(),
  );
}

export type Values = Record<string, string | null | File | string[]>;

/**
 * Submits `form` of `page` as a browser without JavaScript: its fields as they
 * stand, `values` typed over them (null unchecks/empties), the button whose
 * label is `button` pressed; follows the redirects.
 */
export async function submit(
  page: Page,
  form: Form,
  values: Values = {},
  button?: string | RegExp,
): Promise<{
  response: Response;
  page: Page;
  status: number;
  location: string | null;
}> {
  const pairs: [string, string | File][] = [];
  const overridden = new Set(Object.keys(values));
  for (const [name, value] of form.fields) if (!overridden.has(name)) pairs.push([name, value]);
  for (const [name, value] of Object.entries(values)) {
    if (value === null) continue;
    if (Array.isArray(value)) for (const v of value) pairs.push([name, v]);
    else pairs.push([name, value]);
  }
  const pressed =
    button === undefined
      ? form.buttons[0]
      : form.buttons.find((b) => (typeof button === "string" ? b.label === button : button.test(b.label)));
  expect(
    pressed,
    `button ${String(button)} in form ${form.id ?? form.action ?? ""} on ${page.url}`,
  ).toBeDefined();
  expect(pressed!.disabled, `button ${pressed!.label} is enabled`).toBe(false);
  if (pressed!.name) pairs.push([pressed!.name, pressed!.value]);
  const target = new URL(form.action ?? page.url, new URL(page.url, page.visitor.baseURL));
  const path = target.pathname + target.search;
  if (form.method === "get") {
    const query = new URLSearchParams(pairs.filter((p): p is [string, string] => typeof p[1] === "string"));
    const next = await open(page.visitor, `${target.pathname}?${query}`);
    return {
      response: new Response(null, { status: next.status }),
      page: next,
      status: next.status,
      location: null,
    };
  }
  let body: { form: Record<string, string> } | { multipart: FormData };
  const hasFile = pairs.some(([, v]) => typeof v !== "string");
  const repeated = new Set(pairs.map(([n]) => n)).size !== pairs.length;
  if (form.multipart || hasFile || repeated) {
    const data = new FormData();
    for (const [name, value] of pairs) data.append(name, value);
    if (form.multipart || hasFile) body = { multipart: data };
    else
      body = {
        raw: new URLSearchParams(pairs as [string, string][]).toString(),
        contentType: "application/x-www-form-urlencoded",
      } as never;
  } else {
    body = { form: Object.fromEntries(pairs as [string, string][]) };
  }
  const response = await page.visitor.post(path, body);
  const status = response.status;
  const location = response.headers.get("location");
  return {
    response,
    status,
    location,
    page: await landed(page.visitor, path, response),
  };
}

/** A small PDF file, as a file input would send it. */
export const pdf = (name: string) => new File(["%PDF-1.4\n%%EOF\n"], name, { type: "application/pdf" });

/** A form's own text, whitespace collapsed (messages shown inside it). */
export const formText = (form: Form) => squash(textOf(form.element));

/** The elements under `root` with this tag whose accessible name matches. */
export function namedIn(root: Element, tag: string, name: string | RegExp): Element[] {
  return findAll(
    root,
    (e) => e.tagName === tag && (typeof name === "string" ? labelOf(e) === name : name.test(labelOf(e))),
  );
}
