// A PDF whose pages could not be rendered (no pdftoppm, a render stopped at its
// limits): staff are told when they upload it, and the client's proof page says
// so in words instead of showing an empty space or a broken image.
import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import {
  createStaticHandler,
  createStaticRouter,
  StaticRouterProvider,
  useActionData,
  useLoaderData,
  useParams,
} from "react-router";
import { eq } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import { db } from "~models/platform/db.server";
import { proofDeliverables } from "~models/schema";
import { runSeed } from "~models/views/seed.server";
import { PROOF_MESSAGES } from "~models/projects/proofing";
import { transitionProject } from "~models/views/revision-rounds.server";
import * as adminProject from "~/routes/admin/project-proofing";
import * as proofPage from "~/routes/projects/proof";
import { call, getRequest } from "./helpers";
import {
  multipartRequest,
  projectOf,
  signedInClient,
  withTemporaryDataDir,
  type Client,
} from "./project-helpers";
import { realPdfFile } from "./proofing-helpers";

withTemporaryDataDir();

let staff: Client;
beforeAll(async () => {
  await runSeed();
  staff = await signedInClient("staff");
});

/** The proof page as the server renders it for `request`. */
async function renderProofPage(request: Request) {
  const Component = proofPage.default as unknown as (props: {
    loaderData: unknown;
    actionData: unknown;
    params: unknown;
  }) => ReactNode;
  function Route() {
    return <Component loaderData={useLoaderData()} actionData={useActionData()} params={useParams()} />;
  }
  const routes = [
    { path: "/project/:id/proof/:deliverableId", loader: proofPage.loader as never, Component: Route },
  ];
  const handler = createStaticHandler(routes);
  const context = await handler.query(request);
  if (context instanceof Response) throw new Error(`answered ${context.status}`);
  return renderToString(
    <StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} />,
  );
}

it("a PDF without a preview: staff are told at upload, the client reads why and what to do", async () => {
  const previous = process.env.PDFTOPPM;
  process.env.PDFTOPPM = "/nonexistent/pdftoppm";
  try {
    const client = await signedInClient();
    const project = await projectOf(client);
    expect((await transitionProject(project.id, staff, "accept")).ok).toBe(true);
    const uploaded = await call(
      adminProject.action,
      multipartRequest(
        `/admin/projects/${project.id}/proofing`,
        { intent: "proof_upload", proof_file: await realPdfFile("flyer.pdf", 2) },
        { cookie: staff.cookie },
      ),
      { id: project.id },
    );
    expect(uploaded.status).toBe(303);
    const landed = await call(
      adminProject.loader,
      getRequest(uploaded.headers.get("Location")!, { cookie: staff.cookie }),
      { id: project.id },
    );
    expect(landed.body).toMatchObject({
      proofing: { uploaded: { message: PROOF_MESSAGES.fileAddedWithoutPreview(1, "flyer.pdf") } },
    });

    const [version] = await db()
      .select({ id: proofDeliverables.id })
      .from(proofDeliverables)
      .where(eq(proofDeliverables.projectId, project.id));
    const deliverableId = version!.id;
    const html = await renderProofPage(
      getRequest(`/project/${project.id}/proof/${deliverableId}`, { cookie: client.cookie }),
    );
    expect(html).toContain(PROOF_MESSAGES.previewUnavailable);
    expect(html).toContain("Download the PDF");
  } finally {
    if (previous === undefined) delete process.env.PDFTOPPM;
    else process.env.PDFTOPPM = previous;
  }
});
