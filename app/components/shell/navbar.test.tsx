import { renderToStaticMarkup } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import navigation from "../../../seeds/navigation.json";
import { Navbar, type NavbarUser } from "./navbar";

function render(user: NavbarUser) {
  const router = createMemoryRouter(
    [{ path: "*", element: <Navbar siteName="Ascendra" navigation={navigation} user={user} /> }],
    { initialEntries: ["/dashboard2"] },
  );
  return renderToStaticMarkup(<RouterProvider router={router} />);
}

/** The hrefs of every link whose text (tags stripped) is `text`. */
const linksNamed = (html: string, text: string) =>
  [...html.matchAll(/<a[^>]*href="([^"]*)"[^>]*>(.*?)<\/a>/g)]
    .filter((m) => m[2]!.replace(/<[^>]+>/g, "").trim() === text)
    .map((m) => m[1]);
const count = (html: string, re: RegExp) => html.match(re)?.length ?? 0;

describe("the site navbar", () => {
  it("gives a signed-in client one way into the workspace, one cart and Logout, and no Account or Profile", () => {
    const html = render({ username: "asha", role: "client", cartCount: 2 });
    // The bar's entry from sm up and the menu's below it: the same one, never both on screen.
    expect(linksNamed(html, "Workspace")).toEqual(["/dashboard2", "/dashboard2"]);
    expect(linksNamed(html, "Account")).toEqual([]);
    expect(linksNamed(html, "Profile")).toEqual([]);
    expect(linksNamed(html, "Dashboard")).toEqual([]);
    expect(count(html, /href="\/cart"/g)).toBe(1);
    expect(html).toContain('aria-label="Cart, 2 items"');
    expect(count(html, /action="\/logout"/g)).toBe(2);
  });

  it("keeps staff's Back-office entry, without a cart", () => {
    const html = render({ username: "sam", role: "staff" });
    expect(linksNamed(html, "Back-office")).toEqual(["/admin", "/admin"]);
    expect(linksNamed(html, "Workspace")).toEqual([]);
    expect(count(html, /href="\/cart"/g)).toBe(0);
  });

  it("shows a visitor the seeded Profile link and Sign in", () => {
    const html = render(null);
    expect(linksNamed(html, "Profile")).toEqual(["/profile", "/profile"]);
    expect(linksNamed(html, "Sign in")).toContain("/login");
    expect(count(html, /action="\/logout"/g)).toBe(0);
  });
});
