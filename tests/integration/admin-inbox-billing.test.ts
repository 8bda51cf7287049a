import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { handOffConversation } from "~models/chat/assistant.server";
import { db } from "~models/platform/db.server";
import { giftCards, supportTickets } from "~models/schema";
import { runSeed } from "~models/content/seed.server";
import * as exportRoute from "~/routes/admin/inbox-export";
import * as inboxPage from "~/routes/admin/inbox";
import * as submissionPage from "~/routes/admin/submission";
import * as giftPage from "~/routes/gift";
import { sendTicket } from "./admin-helpers";
import { body } from "./billing-helpers";
import { call, formRequest, getRequest } from "./helpers";
import { signedInClient, type Client } from "./project-helpers";

// Gift cards and chat handoffs in the back-office inbox, beside the forms.

let staff: Client;
beforeAll(async () => {
  await runSeed();
  staff = await signedInClient("staff");
});

type InboxData = {
  items: Array<{
    type: string;
    typeLabel: string;
    id: string;
    handled: boolean;
    name: string;
    summary: string;
  }>;
};
const inbox = async (query = "") =>
  body<InboxData>(await call(inboxPage.loader, getRequest(`/admin/inbox${query}`, { cookie: staff.cookie })));
const detail = (type: string, id: string) =>
  call(submissionPage.loader, getRequest(`/admin/inbox/${type}/${id}`, { cookie: staff.cookie }), {
    type,
    id,
  });

const card = {
  card_number: "4242424242424242",
  card_expiry: "01/39",
  card_cvc: "321",
  card_name: "Ravi Menon",
};

async function buyGift(senderName: string) {
  const page = body<{ idempotencyKey: string }>(await call(giftPage.loader, getRequest("/gift")));
  const fields = {
    idempotency_key: page.idempotencyKey,
    amount: "15000",
    recipientName: "Meera",
    recipientEmail: "meera@studio.example",
    senderName,
    senderEmail: "ravi@brand.example",
    message: "For the new studio!",
    ...card,
  };
  const outcome = await call(giftPage.action, formRequest("/gift", fields));
  return body<{ card: { code: string } }>(outcome).card.code;
}

describe("gift cards in the inbox", () => {
  it("are listed with the other submissions, filtered by type and search, shown with every field, handled, and exported without the full code", async () => {
    const code = await buyGift("Ravi Giftsender");
    const [row] = await db().select().from(giftCards).where(eq(giftCards.senderName, "Ravi Giftsender"));

    const all = await inbox("?q=Giftsender");
    expect(all.items).toMatchObject([
      { type: "gift_card", typeLabel: "Gift card", id: row!.id, handled: false, name: "Ravi Giftsender" },
    ]);
    expect(all.items[0]!.summary).toContain("₹15000 for Meera <meera@studio.example>");
    expect((await inbox("?type=gift_card")).items.every((item) => item.type === "gift_card")).toBe(true);
    expect((await inbox("?type=service_quote&q=Giftsender")).items).toEqual([]);

    const page = body<{ submission: { fields: Array<[string, string]> } }>(
      await detail("gift_card", row!.id),
    );
    const fields = Object.fromEntries(page.submission.fields);
    expect(fields).toMatchObject({
      Amount: "₹15,000 (INR)",
      Sender: "Ravi Giftsender",
      Recipient: "Meera",
      "Recipient email": "meera@studio.example",
      Message: "For the new studio!",
      Code: code,
      Redeemed: "No",
    });
    expect(Object.keys(fields)).toEqual([
      "Amount",
      "Sender",
      "Sender email",
      "Recipient",
      "Recipient email",
      "Message",
      "Delivery date",
      "Emailed",
      "Code",
      "Valid until",
      "Redeemed",
      "Redeemed by account",
      "Bought from account",
      "Payment",
    ]);

    const handled = await call(
      submissionPage.action,
      formRequest(`/admin/inbox/gift_card/${row!.id}`, { intent: "handled" }, { cookie: staff.cookie }),
      { type: "gift_card", id: row!.id },
    );
    expect(handled.status).toBe(200);
    expect((await inbox("?q=Giftsender&status=handled")).items).toHaveLength(1);

    const csv = String(
      (
        await call(
          exportRoute.loader,
          getRequest("/admin/inbox/export.csv?type=gift_card&q=Giftsender", { cookie: staff.cookie }),
        )
      ).body,
    );
    expect(csv).toContain("Ravi Giftsender");
    expect(csv).not.toContain(code);
    expect(csv).toContain(`ASC-••••-••••-${code.slice(-4)}`);
  });
});

describe("chat handoffs in the inbox", () => {
  it("have their own type, apart from support tickets sent through the form", async () => {
    const formTicket = await sendTicket("Invoice question");
    const outcome = await handOffConversation(
      { email: "handoff@clinic.example", visitor: "visitor-handoff-test" } as never,
      { clientAddress: "198.51.100.77" },
    );
    if (outcome.status !== "ok") throw new Error(JSON.stringify(outcome));
    const [ticket] = await db().select().from(supportTickets).where(eq(supportTickets.id, outcome.id));
    expect(ticket!.channel).toBe("chat");

    const chats = await inbox("?type=chat_handoff");
    expect(chats.items.map((i) => i.id)).toContain(outcome.id);
    expect(chats.items.map((i) => i.id)).not.toContain(formTicket);
    expect(chats.items.find((i) => i.id === outcome.id)).toMatchObject({
      typeLabel: "Chat handoff",
      name: "handoff@clinic.example",
    });
    expect(chats.items.find((i) => i.id === outcome.id)!.summary).toMatch(
      /^#\d+ chat transcript: Conversation /,
    );
    const tickets = await inbox("?type=support_ticket");
    expect(tickets.items.map((i) => i.id)).toContain(formTicket);
    expect(tickets.items.map((i) => i.id)).not.toContain(outcome.id);

    const page = body<{ submission: { typeLabel: string; fields: Array<[string, string]> } }>(
      await detail("chat_handoff", outcome.id),
    );
    expect(page.submission.typeLabel).toBe("Chat handoff");
    expect(page.submission.fields.map(([label]) => label)).toContain("Transcript");
    // The same row is not found under the other type.
    expect((await detail("support_ticket", outcome.id)).status).toBe(404);
  });
});
