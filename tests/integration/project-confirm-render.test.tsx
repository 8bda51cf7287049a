// The project page and /order as the server renders them (decision 0057): the
// confirm page without JavaScript is the step's dialog shown open with its
// POST form; /order shows the status vocabulary and no staff-only fields.
import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import {
  createStaticHandler,
  createStaticRouter,
  StaticRouterProvider,
  useActionData,
  useLoaderData,
} from "react-router";
import { describe, expect, it } from "vitest";
import * as detailPage from "~/routes/projects/detail";
import * as orderPage from "~/routes/projects/order";
import { getRequest } from "./helpers";
import { projectOf, signedInClient } from "./project-helpers";

async function renderRoute(
  module: { loader: (args: never) => unknown; default: (props: never) => unknown },
  path: string,
  request: Request,
) {
  const Component = module.default as unknown as (props: {
    loaderData: unknown;
    actionData: unknown;
  }) => ReactNode;
  function Route() {
    return <Component loaderData={useLoaderData()} actionData={useActionData()} />;
  }
  const handler = createStaticHandler([{ path, loader: module.loader as never, Component: Route }]);
  const context = await handler.query(request);
  if (context instanceof Response) throw new Error(`${path} answered ${context.status}`);
  return renderToString(
    <StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} />,
  );
}

describe("confirm steps without JavaScript", () => {
  it("links Cancel Project to its confirm page, where the dialog is open with the consequence and the form", async () => {
    const client = await signedInClient();
    const project = await projectOf(client, { title: "Confirm me" });
    const plain = await renderRoute(
      detailPage,
      "/project/:id",
      getRequest(`/project/${project.id}`, { cookie: client.cookie }),
    );
    expect(plain).toContain(`href="/project/${project.id}?confirm=cancel"`);
    expect(plain).not.toContain("<dialog open");
    expect(plain).not.toContain("Approve &amp; Publish");
    expect(plain).toContain("Submitted");
    expect(plain).not.toContain("In Review");

    const confirm = await renderRoute(
      detailPage,
      "/project/:id",
      getRequest(`/project/${project.id}?confirm=cancel`, { cookie: client.cookie }),
    );
    expect(confirm).toMatch(/<dialog open=""[^>]*data-testid="confirm-page"/);
    expect(confirm).toContain("Cancel this project?");
    expect(confirm).toContain("cannot be reopened");
    const button = confirm.slice(confirm.lastIndexOf("<button", confirm.indexOf("Yes, cancel this project")));
    expect(button).toMatch(/^<button[^>]*name="intent"/);
    expect(button).toMatch(/^<button[^>]*value="cancel"/);
  });
});

describe("/order in the status vocabulary", () => {
  it("shows a fresh brief as Submitted, the studio's move, with no priority, client field, progress or estimate", async () => {
    const client = await signedInClient();
    await projectOf(client, { title: "Order words", timeline: "1_week" });
    const html = await renderRoute(orderPage, "/order", getRequest("/order", { cookie: client.cookie }));
    expect(html).toContain("Submitted");
    expect(html).toContain("The studio&#x27;s move");
    expect(html).not.toContain("priority");
    expect(html).not.toContain("Under Review");
    expect(html).not.toContain("being checked for quality");
    expect(html).not.toContain('role="progressbar"');
    expect(html).not.toContain("Estimated completion");
    expect(html).not.toMatch(/>Client</);
  });
});
