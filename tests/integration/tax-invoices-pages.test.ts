// The tax invoice pages (decision 0082), as a browser without JavaScript uses
// them: the client's tax details form (a bad GSTIN or VAT number is a field
// error that keeps what was typed), the client's list and PDFs (their own
// only), staff's settings form, list by financial year and audited CSV export.
import { and, desc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { INVOICE_CSV_HEADER } from "~models/billing/invoices.server";
import { TAX_ID_MESSAGES, INVOICING_MESSAGES, financialYear } from "~models/billing/invoices";
import { purchaseTokens } from "~models/billing/token-purchases.server";
import { db } from "~models/platform/db.server";
import { auditLog, buyerTaxDetails, invoicingSettings, taxInvoices, users } from "~models/schema";
import { runSeed } from "~models/views/seed.server";
import * as clientPdf from "~/routes/dashboard/invoice-pdf";
import * as clientPage from "~/routes/dashboard/invoices";
import * as staffPdf from "~/routes/admin/invoice-pdf";
import * as staffExport from "~/routes/admin/invoices-export";
import * as staffList from "~/routes/admin/invoices";
import * as settingsPage from "~/routes/admin/invoicing-settings";
import * as paymentPage from "~/routes/admin/payment";
import { call, formRequest, getRequest } from "./helpers";
import { signedInClient, type Client } from "./project-helpers";

const card = { number: "4242424242424242", expMonth: 12, expYear: 2040, cvc: "123", name: "Asha Rao" };
let client: Client;
let other: Client;
let staff: Client;

beforeAll(async () => {
  await runSeed();
  [client, other, staff] = await Promise.all([signedInClient(), signedInClient(), signedInClient("staff")]);
});

const details = {
  legalName: "Kite Labs Private Limited",
  address: "2 MG Road\nBengaluru 560001",
  country: "IN",
  stateCode: "29",
  gstin: "29AAGCB7383J1Z4",
  vatNumber: "",
};
type Answer = {
  errors: Record<string, string>;
  typed: Record<string, string> | null;
  notice: { tone: string; message: string };
};

describe("the client's tax details and invoices", () => {
  it("refuses a bad GSTIN with a field error and keeps what was typed; accepts a good one", async () => {
    const bad = await call(
      clientPage.action,
      formRequest(
        "/dashboard2/billing/invoices",
        { ...details, gstin: "29AAGCB7383J1Z5" },
        { cookie: client.cookie },
      ),
    );
    expect(bad.status).toBe(400);
    expect((bad.body as Answer).errors).toEqual({ gstin: TAX_ID_MESSAGES.gstinChecksum });
    expect((bad.body as Answer).typed).toMatchObject({
      legalName: details.legalName,
      gstin: "29AAGCB7383J1Z5",
    });
    expect(await db().select().from(buyerTaxDetails).where(eq(buyerTaxDetails.accountId, client.id))).toEqual(
      [],
    );

    const badVat = await call(
      clientPage.action,
      formRequest(
        "/dashboard2/billing/invoices",
        { ...details, country: "FR", stateCode: "", gstin: "", vatNumber: "FR123" },
        { cookie: client.cookie },
      ),
    );
    expect((badVat.body as Answer).errors).toEqual({ vatNumber: TAX_ID_MESSAGES.vatFormat("FR") });

    const good = await call(
      clientPage.action,
      formRequest(
        "/dashboard2/billing/invoices",
        { ...details, gstin: "29aagcb7383j1z4" },
        { cookie: client.cookie },
      ),
    );
    expect(good.status).toBe(200);
    expect((good.body as Answer).notice.message).toBe(INVOICING_MESSAGES.buyerSaved);
    const [stored] = await db()
      .select()
      .from(buyerTaxDetails)
      .where(eq(buyerTaxDetails.accountId, client.id));
    expect(stored).toMatchObject({ gstin: "29AAGCB7383J1Z4", stateCode: "29", country: "IN" });
  });

  it("lists the organisation's invoices, each a PDF for it alone", async () => {
    const bought = await purchaseTokens(client.id, {
      package_id: "essential",
      region: "in",
      payment_method: "credit_card",
      card,
    });
    if (!bought.ok) throw new Error(bought.message);
    const page = await call(
      clientPage.loader,
      getRequest("/dashboard2/billing/invoices", { cookie: client.cookie }),
    );
    const { invoices, details: shown } = page.body as {
      invoices: Array<{ id: string; number: string; regime: string; total: string }>;
      details: { gstin: string };
    };
    expect(shown.gstin).toBe("29AAGCB7383J1Z4");
    expect(invoices).toHaveLength(1);
    expect(invoices[0]).toMatchObject({ regime: "Inter-state supply (IGST)", total: "₹5,800.00" });
    const id = invoices[0]!.id;

    const pdf = await call(
      clientPdf.loader,
      getRequest(`/dashboard2/billing/invoices/${id}/pdf`, { cookie: client.cookie }),
      { id },
    );
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("Content-Type")).toBe("application/pdf");
    expect(pdf.headers.get("Content-Disposition")).toBe(
      `attachment; filename="${invoices[0]!.number.replaceAll("/", "-")}.pdf"`,
    );
    expect(String(pdf.body).startsWith("%PDF-")).toBe(true);
    // Another organisation's, or a made-up id: not found.
    for (const [cookie, asked] of [
      [other.cookie, id],
      [client.cookie, "not-a-uuid"],
      [client.cookie, crypto.randomUUID()],
    ] as const)
      expect(
        (
          await call(clientPdf.loader, getRequest(`/dashboard2/billing/invoices/${asked}/pdf`, { cookie }), {
            id: asked,
          })
        ).status,
      ).toBe(404);
    const otherList = await call(
      clientPage.loader,
      getRequest("/dashboard2/billing/invoices", { cookie: other.cookie }),
    );
    expect((otherList.body as { invoices: unknown[] }).invoices).toEqual([]);
  });

  it("sends a visitor who is not signed in to log in", async () => {
    const outcome = await call(clientPage.loader, getRequest("/dashboard2/billing/invoices"));
    expect(outcome.status).toBe(302);
  });
});

describe("staff", () => {
  it("edit the invoicing settings: bad fields are field errors, nothing saved; good ones saved, audited, kept from the seed", async () => {
    const loaded = await call(
      settingsPage.loader,
      getRequest("/admin/settings/invoicing", { cookie: staff.cookie }),
    );
    const values = (loaded.body as { values: Record<string, string> }).values;
    expect(values).toMatchObject({
      gstin: "27AAKCA1234F1Z0",
      stateCode: "27",
      sacCode: "998361",
      rateUSD: "84.2500",
    });
    // A LUT that has lapsed is pointed out: exports then pay IGST.
    const lapsed = await call(
      settingsPage.action,
      formRequest(
        "/admin/settings/invoicing",
        { ...values, lutValidFrom: "2020-04-01", lutValidTo: "2021-03-31" },
        { cookie: staff.cookie },
      ),
    );
    expect(lapsed.status).toBe(200);
    const warned = await call(
      settingsPage.loader,
      getRequest("/admin/settings/invoicing", { cookie: staff.cookie }),
    );
    expect((warned.body as { lutWarning: string | null }).lutWarning).toBe(INVOICING_MESSAGES.lutNotInForce);
    await call(
      settingsPage.action,
      formRequest("/admin/settings/invoicing", values, { cookie: staff.cookie }),
    );

    const bad = await call(
      settingsPage.action,
      formRequest(
        "/admin/settings/invoicing",
        { ...values, gstin: "27AAKCA1234F1Z1", rateUSD: "abc", sacCode: "12345", lutValidTo: "2026-01-01" },
        { cookie: staff.cookie },
      ),
    );
    expect(bad.status).toBe(400);
    expect((bad.body as Answer).errors).toMatchObject({
      gstin: TAX_ID_MESSAGES.gstinChecksum,
      rateUSD: expect.stringContaining("rupees per unit"),
      sacCode: expect.stringContaining("six digits"),
      lutValidTo: "The LUT ends after it starts.",
    });
    expect((bad.body as Answer).typed).toMatchObject({ rateUSD: "abc" });

    const good = await call(
      settingsPage.action,
      formRequest("/admin/settings/invoicing", { ...values, rateUSD: "85.10" }, { cookie: staff.cookie }),
    );
    expect(good.status).toBe(200);
    const [row] = await db().select().from(invoicingSettings);
    expect(row).toMatchObject({ managedBy: "staff", data: { exchangeRates: { USD: "85.10" } } });
    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "invoicing.settings"))
      .orderBy(desc(auditLog.createdAt));
    expect(entry).toMatchObject({ actorId: staff.id, targetType: "invoicing" });
    // The seed runs again (a deploy): staff's settings stay.
    await runSeed();
    const [after] = await db().select().from(invoicingSettings);
    expect(after!.data).toMatchObject({ exchangeRates: { USD: "85.10" } });
  });

  it("list a financial year's invoices and export them as CSV, audited", async () => {
    const year = financialYear(new Date());
    const list = await call(
      staffList.loader,
      getRequest(`/admin/invoices?year=${year}`, { cookie: staff.cookie }),
    );
    const body = list.body as { years: string[]; rows: Array<{ id: string; number: string; buyer: string }> };
    expect(body.years).toContain(year);
    expect(body.rows.map((r) => r.buyer)).toContain("Kite Labs Private Limited");
    const none = await call(
      staffList.loader,
      getRequest("/admin/invoices?year=2001-02", { cookie: staff.cookie }),
    );
    expect((none.body as { rows: unknown[] }).rows).toEqual([]);

    const csv = await call(
      staffExport.loader,
      getRequest(`/admin/invoices.csv?year=${year}`, { cookie: staff.cookie }),
    );
    expect(csv.status).toBe(200);
    expect(csv.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    const text = String(csv.body);
    expect(text.split(/\r?\n/)[0]).toBe(INVOICE_CSV_HEADER.join(","));
    const [invoice] = await db().select().from(taxInvoices).where(eq(taxInvoices.accountId, client.id));
    const line = text.split(/\r?\n/).find((l) => l.includes(invoice!.number))!;
    // Taxable 4915.25, IGST 884.75, total 5800.00 (hand-computed in tax-invoices.test.ts).
    expect(line).toContain("29AAGCB7383J1Z4");
    expect(line).toContain(
      "inter_state,998361,INR,4915.25,0.00,0.00,884.75,0.00,5800.00,1,4915.25,884.75,5800.00",
    );
    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "invoice.export"), eq(auditLog.actorId, staff.id)));
    expect(entry).toMatchObject({ targetId: year });

    const pdf = await call(
      staffPdf.loader,
      getRequest(`/admin/invoices/${invoice!.id}/pdf`, { cookie: staff.cookie }),
      {
        id: invoice!.id,
      },
    );
    expect(pdf.headers.get("Content-Type")).toBe("application/pdf");
    // The payment's page links its tax invoice.
    const paymentView = await call(
      paymentPage.loader,
      getRequest(`/admin/payments/${invoice!.paymentId}`, { cookie: staff.cookie }),
      { id: invoice!.paymentId },
    );
    expect((paymentView.body as { documents: unknown[] }).documents).toEqual([
      { id: invoice!.id, number: invoice!.number, kind: "invoice" },
    ]);
  });

  it("with studio access see no invoices: 403", async () => {
    const studio = await signedInClient("staff");
    await db().update(users).set({ staffAccess: "studio" }).where(eq(users.id, studio.id));
    for (const [handler, path] of [
      [staffList.loader, "/admin/invoices"],
      [staffExport.loader, "/admin/invoices.csv"],
      [settingsPage.loader, "/admin/settings/invoicing"],
    ] as const)
      expect((await call(handler, getRequest(path, { cookie: studio.cookie }))).status, path).toBe(403);
    expect(
      (
        await call(
          settingsPage.action,
          formRequest("/admin/settings/invoicing", {}, { cookie: studio.cookie }),
        )
      ).status,
    ).toBe(403);
  });
});
