// Reads server-rendered HTML the way a browser without JavaScript would: a
// spec-compliant parse (parse5), the forms in <main> with the fields a native
// submission sends, and markup that an unescaped payload would have created.
import { parse } from "parse5";
import type { DefaultTreeAdapterMap } from "parse5";

type Node = DefaultTreeAdapterMap["node"];
export type Element = DefaultTreeAdapterMap["element"];

const isElement = (node: Node): node is Element => "tagName" in node;

export function attr(element: Element, name: string): string | undefined {
  return element.attrs.find((a) => a.name === name)?.value;
}

/** Every element under `root`, in document order, that `match` accepts. */
export function findAll(root: Node, match: (element: Element) => boolean): Element[] {
  const found: Element[] = [];
  const walk = (node: Node) => {
    if (isElement(node) && match(node)) found.push(node);
    // <template> keeps its children in a fragment of its own.
    const parent =
      isElement(node) && node.tagName === "template" ? (node as unknown as { content: Node }).content : node;
    for (const child of "childNodes" in parent ? (parent.childNodes as Node[]) : []) walk(child);
  };
  walk(root);
  return found;
}

export const parseHtml = (html: string) => parse(html) as Node;

export function textOf(node: Node): string {
  if (node.nodeName === "#text") return (node as DefaultTreeAdapterMap["textNode"]).value;
  return "childNodes" in node ? (node.childNodes as Node[]).map(textOf).join("") : "";
}

/** Elements an unescaped XSS payload would have created (ids and handlers used by the payload corpus). */
export function injectedMarkup(html: string): string[] {
  return findAll(parseHtml(html), (el) => {
    const id = attr(el, "id");
    if (id === "xss-probe" || id === "xss-probe-script") return true;
    if (/alert/.test(attr(el, "onerror") ?? "") || /alert/.test(attr(el, "onload") ?? "")) return true;
    return el.tagName === "a" && /^\s*javascript:/i.test(attr(el, "href") ?? "");
  }).map((el) => `<${el.tagName} ${el.attrs.map((a) => `${a.name}="${a.value}"`).join(" ")}>`.slice(0, 120));
}

export type NativeForm = {
  action: string | undefined;
  multipart: boolean;
  /** Name/value pairs a native submission sends as the page stands (hidden, checked, selected, typed). */
  fields: [string, string][];
  /** Names of the text fields a visitor can type into (text-like inputs and textareas; honeypots excluded). */
  textFields: string[];
  /** The first submit button's name and value, which the browser adds when it is pressed. */
  submitter?: [string, string];
};

const TEXT_TYPES = new Set(["", "text", "email", "url", "tel", "search"]);

function isHiddenFromPeople(el: Element, ancestors: Element[]): boolean {
  if (attr(el, "tabindex") === "-1" || attr(el, "hidden") !== undefined) return true;
  return ancestors.some((a) => attr(a, "hidden") !== undefined || attr(a, "aria-hidden") === "true");
}

/** The POST forms inside <main>, read as a browser without JavaScript would submit them. */
export function postFormsInMain(html: string): NativeForm[] {
  const main = findAll(parseHtml(html), (el) => el.tagName === "main")[0];
  if (!main) return [];
  return findAll(
    main,
    (el) => el.tagName === "form" && (attr(el, "method") ?? "").toLowerCase() === "post",
  ).map((form) => {
    const fields: [string, string][] = [];
    const textFields: string[] = [];
    let submitter: [string, string] | undefined;
    const walk = (node: Node, ancestors: Element[]) => {
      if (!isElement(node)) return;
      const name = attr(node, "name");
      const disabled = attr(node, "disabled") !== undefined;
      if (node.tagName === "input" && name && !disabled) {
        const type = (attr(node, "type") ?? "").toLowerCase();
        if (TEXT_TYPES.has(type)) {
          fields.push([name, attr(node, "value") ?? ""]);
          if (!isHiddenFromPeople(node, ancestors)) textFields.push(name);
        } else if (type === "checkbox" || type === "radio") {
          if (attr(node, "checked") !== undefined) fields.push([name, attr(node, "value") ?? "on"]);
        } else if (type === "submit") {
          submitter ??= [name, attr(node, "value") ?? ""];
        } else if (type !== "file" && type !== "button" && type !== "reset" && type !== "image") {
          fields.push([name, attr(node, "value") ?? ""]);
        }
      } else if (node.tagName === "textarea" && name && !disabled) {
        fields.push([name, textOf(node)]);
        if (!isHiddenFromPeople(node, ancestors)) textFields.push(name);
      } else if (node.tagName === "select" && name && !disabled) {
        const options = findAll(node, (el) => el.tagName === "option");
        const chosen = options.find((o) => attr(o, "selected") !== undefined) ?? options[0];
        if (chosen) fields.push([name, attr(chosen, "value") ?? textOf(chosen).trim()]);
      } else if (node.tagName === "button" && (attr(node, "type") ?? "submit") === "submit" && !submitter) {
        submitter = name ? [name, attr(node, "value") ?? ""] : ["", ""];
      }
      for (const child of node.childNodes as Node[]) walk(child, [...ancestors, node]);
    };
    for (const child of form.childNodes as Node[]) walk(child, [form]);
    return {
      action: attr(form, "action"),
      multipart: (attr(form, "enctype") ?? "").toLowerCase() === "multipart/form-data",
      fields,
      textFields,
      submitter: submitter && submitter[0] ? submitter : undefined,
    };
  });
}
