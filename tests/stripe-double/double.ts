// A local stand-in for Stripe's API, for tests without network
// (docs/decisions/0036). The official SDK is pointed at it with its
// host/port/protocol options (STRIPE_API_URL). It checks each request's shape
// (authentication, API version, form-encoded parameters we rely on,
// idempotency keys on creates) and answers with objects shaped as Stripe
// documents them. It also serves a tiny "hosted page" whose Pay button
// completes the checkout, sends the signed webhooks Stripe would send, and
// redirects to the success URL; and it can renew a plan or fail a renewal.
import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";

type Obj = Record<string, unknown>;
export type Delivery = (payload: string, signature: string) => Promise<number>;

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString("hex")}`;
const unix = (date = new Date()) => Math.floor(date.getTime() / 1000);
const MONTH = 30 * 24 * 60 * 60;

/** Stripe's form encoding (a[b][0][c]=x) back into nested objects. */
function parseStripeForm(body: string): Obj {
  const root: Obj = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.split(/\[|\]\[|\]/).filter((part) => part !== "");
    let node: Obj = root;
    path.forEach((part, i) => {
      if (i === path.length - 1) node[part] = value;
      else node = (node[part] ??= {}) as Obj;
    });
  }
  return root;
}

export type StripeDouble = {
  url: string;
  /** Every API request: method, path, parsed body. */
  requests: Array<{ method: string; path: string; body: Obj; idempotencyKey: string | null }>;
  /** Shape problems found in requests (a test asserts there are none). */
  problems: string[];
  sessions: Map<string, Obj>;
  subscriptions: Map<string, Obj>;
  /** Pays an open checkout as the hosted page's button does; returns the events it sent. */
  pay(sessionId: string): Promise<Stripe.Event[]>;
  /** The next month of a plan is paid: invoice.paid. */
  renew(subscriptionId: string): Promise<Stripe.Event[]>;
  /** A renewal the card cannot pay; `final` means Stripe gave up and cancelled the plan. */
  failRenewal(subscriptionId: string, options?: { final?: boolean }): Promise<Stripe.Event[]>;
  /** A signed event as Stripe would send it, without sending it. */
  sign(event: Stripe.Event): { payload: string; signature: string };
  event(type: string, object: Obj): Stripe.Event;
  /** Where events go: a function (integration tests) or our server's URL. */
  deliverTo(target: Delivery | string | null): void;
  /** Order of the events a plan's checkout sends (out of order by default, as Stripe may). */
  subscriptionEventOrder: string[];
  stop(): Promise<void>;
};

export async function startStripeDouble(options: {
  webhookSecret: string;
  port?: number;
  deliver?: Delivery | string | null;
}): Promise<StripeDouble> {
  const signer = new Stripe("sk_test_double");
  let target: Delivery | string | null = options.deliver ?? null;
  const requests: StripeDouble["requests"] = [];
  const problems: string[] = [];
  const customers = new Map<string, Obj>();
  const sessions = new Map<string, Obj>();
  const subscriptions = new Map<string, Obj>();
  const invoices = new Map<string, Obj>();
  const refunds = new Map<string, Obj>();
  const byIdempotencyKey = new Map<string, Obj>();
  let base = "";

  const event = (type: string, object: Obj): Stripe.Event =>
    ({
      id: id("evt"),
      object: "event",
      api_version: "2026-10-28.endive",
      created: unix(),
      data: { object: structuredClone(object) },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    }) as unknown as Stripe.Event;

  const sign = (evt: Stripe.Event) => {
    const payload = JSON.stringify(evt);
    const signature = signer.webhooks.generateTestHeaderString({ payload, secret: options.webhookSecret });
    return { payload, signature };
  };

  async function send(events: Stripe.Event[]) {
    for (const evt of events) {
      if (!target) continue;
      const { payload, signature } = sign(evt);
      const status =
        typeof target === "string"
          ? (
              await fetch(target, {
                method: "POST",
                headers: { "Content-Type": "application/json", "Stripe-Signature": signature },
                body: payload,
              })
            ).status
          : await target(payload, signature);
      if (status !== 200) problems.push(`webhook ${evt.type} answered ${status}`);
    }
    return events;
  }

  function subscriptionObject(session: Obj, customer: string): Obj {
    const now = unix();
    const line = (session.line_items as Obj[])[0]!;
    const price = line.price_data as Obj;
    const sub: Obj = {
      id: id("sub"),
      object: "subscription",
      customer,
      status: "active",
      cancel_at_period_end: false,
      canceled_at: null,
      cancellation_details: { comment: null, feedback: null, reason: null },
      start_date: now,
      created: now,
      currency: price.currency,
      latest_invoice: null,
      metadata: (session.subscription_data as Obj | undefined)?.metadata ?? {},
      items: {
        object: "list",
        data: [
          {
            id: id("si"),
            object: "subscription_item",
            current_period_start: now,
            current_period_end: now + MONTH,
            quantity: 1,
            price: {
              id: id("price"),
              object: "price",
              currency: price.currency,
              unit_amount: Number(price.unit_amount),
              recurring: { interval: "month", interval_count: 1 },
            },
          },
        ],
        has_more: false,
        url: "/v1/subscription_items",
      },
    };
    return sub;
  }

  function invoiceFor(sub: Obj, reason: string, paid: boolean, attempt = 1): Obj {
    const item = (sub.items as { data: Obj[] }).data[0]!;
    const amount = Number((item.price as Obj).unit_amount);
    const intent = id("pi");
    const inv: Obj = {
      id: id("in"),
      object: "invoice",
      customer: sub.customer,
      currency: sub.currency,
      billing_reason: reason,
      status: paid ? "paid" : "open",
      amount_due: amount,
      amount_paid: paid ? amount : 0,
      amount_remaining: paid ? 0 : amount,
      attempt_count: attempt,
      attempted: true,
      next_payment_attempt: paid ? null : unix() + 3 * 86400,
      period_start: item.current_period_start,
      period_end: item.current_period_start,
      created: unix(),
      livemode: false,
      metadata: {},
      parent: {
        type: "subscription_details",
        quote_details: null,
        subscription_details: { subscription: sub.id, metadata: sub.metadata },
      },
      lines: {
        object: "list",
        data: [
          {
            id: id("il"),
            object: "line_item",
            amount,
            currency: sub.currency,
            period: { start: item.current_period_start, end: item.current_period_end },
          },
        ],
        has_more: false,
        url: "/v1/invoices/lines",
      },
      payments: {
        object: "list",
        data: [
          {
            id: id("inpay"),
            object: "invoice_payment",
            status: paid ? "paid" : "open",
            payment: { type: "payment_intent", payment_intent: intent },
          },
        ],
        has_more: false,
      },
    };
    invoices.set(inv.id as string, inv);
    sub.latest_invoice = inv.id;
    return inv;
  }

  async function pay(sessionId: string): Promise<Stripe.Event[]> {
    const session = sessions.get(sessionId);
    if (!session || session.status !== "open") throw new Error(`No open checkout ${sessionId}`);
    const customer =
      (session.customer as string | null) ?? createCustomer({ email: session.customer_email }).id;
    session.customer = customer;
    session.status = "complete";
    session.payment_status = "paid";
    if (session.mode === "payment") {
      session.payment_intent = id("pi");
      return send([event("checkout.session.completed", session)]);
    }
    const sub = subscriptionObject(session, customer as string);
    subscriptions.set(sub.id as string, sub);
    const inv = invoiceFor(sub, "subscription_create", true);
    session.subscription = sub.id;
    session.invoice = inv.id;
    const all: Record<string, Stripe.Event> = {
      "checkout.session.completed": event("checkout.session.completed", session),
      "invoice.paid": event("invoice.paid", inv),
      "customer.subscription.created": event("customer.subscription.created", sub),
    };
    return send(double.subscriptionEventOrder.map((type) => all[type]!));
  }

  async function renew(subscriptionId: string) {
    const sub = subscriptions.get(subscriptionId)!;
    const item = (sub.items as { data: Obj[] }).data[0]!;
    item.current_period_start = item.current_period_end;
    item.current_period_end = Number(item.current_period_end) + MONTH;
    const inv = invoiceFor(sub, "subscription_cycle", true);
    return send([event("invoice.paid", inv), event("customer.subscription.updated", sub)]);
  }

  async function failRenewal(subscriptionId: string, { final = false } = {}) {
    const sub = subscriptions.get(subscriptionId)!;
    const attempt = final ? 4 : 1;
    sub.status = final ? "canceled" : "past_due";
    const inv = invoiceFor(sub, "subscription_cycle", false, attempt);
    if (final) {
      inv.next_payment_attempt = null;
      sub.canceled_at = unix();
      sub.cancellation_details = { comment: null, feedback: null, reason: "payment_failed" };
      return send([event("invoice.payment_failed", inv), event("customer.subscription.deleted", sub)]);
    }
    return send([event("invoice.payment_failed", inv), event("customer.subscription.updated", sub)]);
  }

  function createCustomer(body: Obj): Obj {
    const customer = {
      id: id("cus"),
      object: "customer",
      email: body.email ?? null,
      metadata: body.metadata ?? {},
      created: unix(),
      livemode: false,
    };
    customers.set(customer.id, customer);
    return customer;
  }

  const stripeError = (status: number, message: string) => ({
    status,
    body: { error: { type: "invalid_request_error", message } },
  });

  /** The API: what our adapter calls, checked against the shape Stripe requires. */
  function api(
    method: string,
    path: string,
    body: Obj,
    key: string | null,
  ): { status: number; body: unknown } {
    const check = (ok: boolean, message: string) => {
      if (!ok) problems.push(`${method} ${path}: ${message}`);
      return ok;
    };
    if (method === "POST" && key && byIdempotencyKey.has(`${path}:${key}`))
      return { status: 200, body: byIdempotencyKey.get(`${path}:${key}`) };
    const remember = (object: Obj) => {
      if (key) byIdempotencyKey.set(`${path}:${key}`, object);
      return { status: 200, body: object };
    };
    let match: RegExpExecArray | null;
    if (method === "POST" && path === "/v1/customers") return remember(createCustomer(body));
    if (method === "POST" && path === "/v1/checkout/sessions") {
      const lines = body.line_items as Obj[] | undefined;
      const line = lines?.[0] as Obj | undefined;
      const price = line?.price_data as Obj | undefined;
      const valid =
        check(
          body.mode === "payment" || body.mode === "subscription",
          "mode must be payment or subscription",
        ) &&
        check(Boolean(price), "line_items[0][price_data] is required") &&
        check(
          /^\d+$/.test(String(price?.unit_amount)),
          "unit_amount must be a whole number of minor units",
        ) &&
        check(
          ["usd", "eur", "inr"].includes(String(price?.currency)),
          "currency must be a lower-case ISO code",
        ) &&
        check(
          body.mode !== "subscription" || (price?.recurring as Obj | undefined)?.interval === "month",
          "a subscription's price must recur monthly",
        ) &&
        check(/^https?:\/\//.test(String(body.success_url)), "success_url must be absolute") &&
        check(/^https?:\/\//.test(String(body.cancel_url)), "cancel_url must be absolute") &&
        check(
          Boolean((body.metadata as Obj | undefined)?.payment_id),
          "metadata[payment_id] ties it to our payment",
        ) &&
        check(Boolean(key), "an Idempotency-Key is expected on create");
      if (!valid) return stripeError(400, problems.at(-1)!);
      const sessionId = id("cs_test");
      const session: Obj = {
        id: sessionId,
        object: "checkout.session",
        mode: body.mode,
        status: "open",
        payment_status: "unpaid",
        url: `${base}/pay/${sessionId}`,
        client_reference_id: body.client_reference_id ?? null,
        metadata: body.metadata ?? {},
        customer: body.customer ?? null,
        customer_email: body.customer_email ?? null,
        currency: price!.currency,
        amount_total: Number(price!.unit_amount),
        success_url: body.success_url,
        cancel_url: body.cancel_url,
        payment_intent: null,
        subscription: null,
        invoice: null,
        line_items: lines,
        subscription_data: body.subscription_data,
        livemode: false,
        created: unix(),
      };
      sessions.set(sessionId, session);
      const { line_items: _lines, subscription_data: _data, ...visible } = session;
      return remember(visible);
    }
    if (method === "GET" && (match = /^\/v1\/checkout\/sessions\/([\w]+)$/.exec(path))) {
      const session = sessions.get(match[1]!);
      if (!session) return stripeError(404, "No such checkout.session");
      const { line_items: _lines, subscription_data: _data, ...visible } = session;
      return { status: 200, body: visible };
    }
    if ((match = /^\/v1\/subscriptions\/(\w+)$/.exec(path))) {
      const sub = subscriptions.get(match[1]!);
      if (!sub) return stripeError(404, "No such subscription");
      if (method === "POST") {
        if (
          check(
            ["true", "false"].includes(String(body.cancel_at_period_end)),
            "cancel_at_period_end is a boolean",
          )
        )
          sub.cancel_at_period_end = body.cancel_at_period_end === "true";
      } else if (method === "DELETE") {
        sub.status = "canceled";
        sub.canceled_at = unix();
        sub.cancellation_details = { comment: null, feedback: null, reason: "cancellation_requested" };
      }
      return { status: 200, body: sub };
    }
    if (method === "GET" && (match = /^\/v1\/invoices\/(\w+)$/.exec(path))) {
      const inv = invoices.get(match[1]!);
      return inv ? { status: 200, body: inv } : stripeError(404, "No such invoice");
    }
    if (method === "POST" && path === "/v1/refunds") {
      if (
        !check(/^pi_/.test(String(body.payment_intent)), "payment_intent is required") ||
        !check(/^\d+$/.test(String(body.amount)), "amount must be minor units") ||
        !check(Boolean(key), "an Idempotency-Key is expected on create")
      )
        return stripeError(400, problems.at(-1)!);
      const refund = {
        id: id("re"),
        object: "refund",
        amount: Number(body.amount),
        payment_intent: body.payment_intent,
        charge: id("ch"),
        currency: "inr",
        status: "succeeded",
        metadata: body.metadata ?? {},
        created: unix(),
      };
      refunds.set(refund.id, refund);
      return remember(refund);
    }
    if (method === "POST" && path === "/v1/billing_portal/sessions") {
      if (!check(customers.has(String(body.customer)), "customer must exist"))
        return stripeError(400, "No such customer");
      return remember({
        id: id("bps"),
        object: "billing_portal.session",
        customer: body.customer,
        return_url: body.return_url,
        url: `${base}/portal/${String(body.customer)}?return=${encodeURIComponent(String(body.return_url))}`,
      });
    }
    problems.push(`unexpected ${method} ${path}`);
    return stripeError(404, `Unrecognized request URL (${method}: ${path})`);
  }

  const page = (title: string, inner: string) =>
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body><main>${inner}</main></body></html>`;

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      void (async () => {
        const url = new URL(req.url ?? "/", "http://double");
        const raw = Buffer.concat(chunks).toString("utf8");
        let match: RegExpExecArray | null;
        if ((match = /^\/pay\/(\w+)$/.exec(url.pathname))) {
          const session = sessions.get(match[1]!);
          if (!session) return void res.writeHead(404).end("No such checkout");
          if (req.method === "POST") {
            await pay(session.id as string);
            return void res.writeHead(303, { Location: String(session.success_url) }).end();
          }
          const amount = `${(Number(session.amount_total) / 100).toFixed(2)} ${String(session.currency).toUpperCase()}`;
          return void res
            .writeHead(200, { "Content-Type": "text/html; charset=utf-8" })
            .end(
              page(
                "Stripe Checkout (test double)",
                `<h1>Pay ${amount}</h1><form method="post"><button type="submit">Pay</button></form><a href="${String(session.cancel_url)}">Cancel</a>`,
              ),
            );
        }
        if (url.pathname.startsWith("/v1/")) {
          const auth = req.headers.authorization ?? "";
          if (!/^Bearer (sk|rk)_test_\w+$/.test(auth)) {
            problems.push(`${req.method} ${url.pathname}: no test secret key`);
            return void res.writeHead(401).end(JSON.stringify({ error: { message: "Invalid API key" } }));
          }
          if (!req.headers["stripe-version"])
            problems.push(`${req.method} ${url.pathname}: no Stripe-Version`);
          const body = req.method === "GET" ? parseStripeForm(url.search.slice(1)) : parseStripeForm(raw);
          const key = (req.headers["idempotency-key"] as string | undefined) ?? null;
          requests.push({ method: req.method!, path: url.pathname, body, idempotencyKey: key });
          const answer = api(req.method!, url.pathname, body, key);
          return void res
            .writeHead(answer.status, { "Content-Type": "application/json", "Request-Id": id("req") })
            .end(JSON.stringify(answer.body));
        }
        res.writeHead(404).end("Not found");
      })().catch((error: unknown) => {
        problems.push(String(error));
        res.writeHead(500).end(String(error));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const double: StripeDouble = {
    url: base,
    requests,
    problems,
    sessions,
    subscriptions,
    pay,
    renew,
    failRenewal,
    sign,
    event,
    deliverTo: (next) => {
      target = next;
    },
    subscriptionEventOrder: ["invoice.paid", "customer.subscription.created", "checkout.session.completed"],
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return double;
}
