import { renderToStaticMarkup } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { NeedsYouNow, type Waiting } from "./needs-you-now";

const render = (items: Waiting[]) => {
  const router = createMemoryRouter([{ path: "*", element: <NeedsYouNow items={items} /> }]);
  return renderToStaticMarkup(<RouterProvider router={router} />);
};

describe("Home's Needs you now", () => {
  it("lists each waiting thing with the link that deals with it", () => {
    const html = render([
      {
        key: "unread-notifications",
        text: "2 unread notifications",
        to: "/dashboard2/notifications",
        action: "Read them",
      },
      {
        key: "cart-waiting",
        text: "1 item in your cart, not checked out yet",
        to: "/cart",
        action: "Go to cart",
      },
    ]);
    expect(html).toContain('data-testid="unread-notifications"');
    expect(html).toMatch(/2 unread notifications.*href="\/dashboard2\/notifications"[^>]*>Read them</);
    expect(html).toMatch(/not checked out yet.*href="\/cart"[^>]*>Go to cart</);
    expect(html).not.toContain("Nothing needs you right now.");
  });

  it("says so, calmly, when nothing waits", () => {
    expect(render([])).toContain("Nothing needs you right now.");
  });
});
