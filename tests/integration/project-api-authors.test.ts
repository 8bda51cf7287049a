// GET /api/projects/{id}/ names who wrote each message (issue #40): a message
// by another member of the organisation carries their name and username; the
// organisation's own account still reads "Client" and staff "Project Manager",
// so a one-person organisation's answer keeps its fields and labels.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { findMembership } from "~models/identity/organisations.server";
import { addComment } from "~models/projects/project-conversation.server";
import { db } from "~models/platform/db.server";
import { organisationMembers, projectComments } from "~models/schema";
import { runSeed } from "~models/views/seed.server";
import * as apiProject from "~/routes/api/project";
import * as apiProjects from "~/routes/api/projects";
import { api, body } from "./billing-helpers";
import { signedInClient, validProject, type Client } from "./project-helpers";

type Comment = {
  id: string;
  text: string;
  author: string;
  author_username: string | null;
  role: string;
  timestamp: string;
};
type Detail = {
  id: string;
  title: string;
  files: unknown[];
  comments: Comment[];
  comments_total: number;
  comments_older: string | null;
};

beforeAll(async () => {
  await runSeed();
});

async function projectOf(owner: Client) {
  const created = await api.send(apiProjects.action, owner, "POST", "/api/projects/", validProject);
  expect(created.status).toBe(201);
  return body<{ id: string }>(created).id;
}

const detail = async (who: Client, id: string) => {
  const answer = await api.get(apiProject.loader, who, `/api/projects/${id}/`, { id });
  expect(answer.status).toBe(200);
  return body<Detail>(answer);
};

describe("the project API's messages", () => {
  it("keeps a one-person organisation's labels: Client and Project Manager, in order", async () => {
    const owner = await signedInClient();
    const staff = await signedInClient("staff");
    const id = await projectOf(owner);
    await addComment(id, { id: owner.id, role: "client" }, "Here is the brief");
    await addComment(id, { id: staff.id, role: "staff" }, "Thanks, starting today");
    const { comments } = await detail(owner, id);
    expect(
      comments.map(({ text, author, author_username, role }) => ({ text, author, author_username, role })),
    ).toEqual([
      { text: "Here is the brief", author: "Client", author_username: owner.username, role: "client" },
      { text: "Thanks, starting today", author: "Project Manager", author_username: null, role: "staff" },
    ]);
    expect(Number.isNaN(Date.parse(comments[0]!.timestamp))).toBe(false);
  });

  it("labels a colleague's message with their name, for every member who reads it", async () => {
    const owner = await signedInClient();
    const { organisationId } = (await findMembership(owner.id))!;
    const colleague = await signedInClient();
    await db().delete(organisationMembers).where(eq(organisationMembers.userId, colleague.id));
    await db().insert(organisationMembers).values({ organisationId, userId: colleague.id, role: "approver" });
    const id = await projectOf(owner);
    await addComment(id, { id: owner.id, role: "client", personId: colleague.id }, "Warmer palette, please");
    await addComment(id, { id: owner.id, role: "client" }, "Agreed");
    const name = `${colleague.firstName} ${colleague.lastName}`.trim() || colleague.username;
    for (const reader of [owner, colleague]) {
      const { comments } = await detail(reader, id);
      expect(comments.map((c) => [c.author, c.author_username])).toEqual([
        [name, colleague.username],
        ["Client", owner.username],
      ]);
    }
  });
});

describe("a long thread through the project API", () => {
  it("answers the newest 100 messages, and the older ones a page at a time through comments_older", async () => {
    const owner = await signedInClient();
    const id = await projectOf(owner);
    const start = Date.now() - 3_600_000;
    await db()
      .insert(projectComments)
      .values(
        Array.from({ length: 105 }, (_, i) => ({
          projectId: id,
          authorId: owner.id,
          authorRole: "client",
          body: `Message ${i + 1}`,
          createdAt: new Date(start + i * 1000),
        })),
      );
    const first = await detail(owner, id);
    expect(first.comments).toHaveLength(100);
    expect(first.comments[0]!.text).toBe("Message 6");
    expect(first.comments.at(-1)!.text).toBe("Message 105");
    expect(first.comments_total).toBe(105);
    expect(new URL(first.comments_older!).pathname + new URL(first.comments_older!).search).toBe(
      `/api/projects/${id}/?comments_before=${first.comments[0]!.id}`,
    );

    const cursor = new URL(first.comments_older!);
    const answer = await api.get(apiProject.loader, owner, `${cursor.pathname}${cursor.search}`, { id });
    const older = body<Detail>(answer);
    expect(older.comments.map((c) => c.text)).toEqual([1, 2, 3, 4, 5].map((n) => `Message ${n}`));
    expect(older.comments_total).toBe(105);
    expect(older.comments_older).toBeNull();

    const refused = await api.get(apiProject.loader, owner, `/api/projects/${id}/?comments_before=nope`, {
      id,
    });
    expect(refused.status).toBe(400);
    expect(body<Record<string, string[]>>(refused)).toEqual({
      comments_before: ["Not a message of this project: use the comments_older link of the last answer."],
    });
  });
});
