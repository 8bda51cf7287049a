// Issue 35: the public forms start from a signed-in account's own name, email,
// phone and company, and a visitor's start empty. A prefilled page is one
// account's: it is never stored by the page cache nor served to anyone else
// (decisions 0009 and 0030).
import { beforeAll, expect, test } from "vitest";
import type { Visitor } from "./client";
import { client, anonymous, bearer, type Identity } from "./identities";
import { open, valueOf } from "./journeys";

let asha: Identity;
let ravi: Identity;

/** Each form page, its form and the fields the account's details fill in (field → the account's value). */
const FORMS = (who: { email: string }) =>
  [
    {
      path: "/contact",
      id: "office-visit",
      fields: {
        your_name: "Asha Rao",
        company_email: who.email,
        company_name: "Rao Foods",
        phone_country: "AE",
        phone_number: "50 123 4567",
      },
    },
    { path: "/contact", id: "service-quote", fields: { your_name: "Asha Rao", company_name: "Rao Foods" } },
    { path: "/contact", id: "investor-meeting", fields: { your_name: "Asha Rao", phone_country: "AE" } },
    {
      path: "/careerpage",
      id: "job-application",
      fields: { full_name: "Asha Rao", email_address: who.email },
    },
    {
      path: "/collabpage",
      id: "collaboration",
      fields: { name: "Asha Rao", email: who.email, organization: "Rao Foods" },
    },
    {
      path: "/investorpage",
      id: "investment-inquiry",
      fields: {
        full_name: "Asha Rao",
        email_address: who.email,
        organization: "Rao Foods",
        phone_country: "AE",
        phone_number: "50 123 4567",
      },
    },
  ] as const;

async function saveProfile(who: Identity, profile: Record<string, string>) {
  const saved = await who.visitor.request("/api/profile/", {
    method: "PUT",
    body: { json: profile },
    headers: bearer(who),
  });
  expect(saved.status, await saved.clone().text()).toBe(200);
}

/** A page's HTML and its caching headers. */
async function fetchPage(visitor: Visitor, path: string) {
  const response = await visitor.get(path);
  return {
    html: await response.text(),
    cacheControl: response.headers.get("cache-control"),
    pageCache: response.headers.get("x-page-cache"),
  };
}

beforeAll(async () => {
  asha = await client("prefilla");
  ravi = await client("prefillb");
  await saveProfile(asha, {
    first_name: "Asha",
    last_name: "Rao",
    contact: "50 123 4567",
    country_code: "AE",
    company_name: "Rao Foods",
  });
  await saveProfile(ravi, { first_name: "Ravi", last_name: "Iyer" });
});

test("a signed-in client's forms start from their own name, email, phone and company", async () => {
  for (const { path, id, fields } of FORMS({ email: asha.email! })) {
    const form = (await open(asha.visitor, path)).form({ id });
    for (const [name, value] of Object.entries(fields))
      expect(valueOf(form, name), `${path} ${id} ${name}`).toBe(value);
  }
});

test("another client gets theirs: no phone or company where the account has none", async () => {
  const contact = (await open(ravi.visitor, "/contact")).form({ id: "office-visit" });
  expect(valueOf(contact, "your_name")).toBe("Ravi Iyer");
  expect(valueOf(contact, "company_email")).toBe(ravi.email);
  expect(valueOf(contact, "company_name")).toBe("");
  expect(valueOf(contact, "phone_number")).toBe("");
  expect(valueOf(contact, "phone_country")).toBe("IN");
});

test("a visitor's forms start empty", async () => {
  const visitor = anonymous().visitor;
  for (const { path, id, fields } of FORMS({ email: asha.email! })) {
    const form = (await open(visitor, path)).form({ id });
    for (const name of Object.keys(fields))
      expect(valueOf(form, name), `${path} ${id} ${name}`).toBe(name === "phone_country" ? "IN" : "");
  }
});

test("a prefilled page is never stored or served to anyone else", async () => {
  const paths = [...new Set(FORMS({ email: "" }).map((form) => form.path)), "/services", "/"];
  for (const path of paths) {
    // Signed-in first, twice: never stored, never a hit, always private.
    for (let i = 0; i < 2; i++) {
      const mine = await fetchPage(asha.visitor, path);
      expect(mine.cacheControl, path).toBe("private, no-store");
      expect(mine.pageCache, path).toBeNull();
    }
    // Then visitors, twice (the second may come from the page cache): nothing of Asha's.
    for (let i = 0; i < 2; i++) {
      const theirs = await fetchPage(anonymous().visitor, path);
      expect(theirs.html, path).not.toContain(asha.email!);
      expect(theirs.html, path).not.toContain("Rao Foods");
      expect(theirs.html, path).not.toContain("Asha Rao");
    }
    // And a signed-in client after a visitor warmed the cache still gets their own page.
    const after = await fetchPage(ravi.visitor, path);
    expect(after.pageCache, path).toBeNull();
    expect(after.html, path).not.toContain(asha.email!);
  }
  const contact = (await open(ravi.visitor, "/contact")).form({ id: "office-visit" });
  expect(valueOf(contact, "your_name")).toBe("Ravi Iyer");
});
