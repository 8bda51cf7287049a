// A local stand-in for Razorpay, for tests without network
// (docs/decisions/0080). The official SDK is pointed at it (RAZORPAY_API_URL);
// it checks each request's shape (Basic authentication with the key pair,
// JSON bodies, amounts in paise as whole numbers, a receipt on orders) and
// answers with objects shaped as Razorpay documents them (order, payment,
// refund, plan, subscription). It serves the Checkout script our page
// loads (a dialog whose button pays), and a hosted checkout page for the
// journey without JavaScript, whose answer goes back to our callback by a
// plain form. Payments and webhooks are signed as Razorpay signs them:
// HMAC-SHA256 of `order_id|payment_id` (a subscription: `payment_id|subscription_id`)
// with the key secret, and of the raw body with the webhook secret.
import { createHmac, randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

type Obj = Record<string, unknown>;
/** Where a signed event goes: the raw body, its X-Razorpay-Signature and X-Razorpay-Event-Id; answers the status. */
export type Delivery = (payload: string, signature: string, eventId: string) => Promise<number>;
export type RazorpayEvent = { id: string; body: Obj };

const id = (prefix: string) => `${prefix}_${randomBytes(7).toString("hex")}`;
const unix = (date = new Date()) => Math.floor(date.getTime() / 1000);
const MONTH = 30 * 24 * 60 * 60;
const hmac = (message: string, secret: string) => createHmac("sha256", secret).update(message).digest("hex");
const escape = (value: unknown) => String(value ?? "").replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export type RazorpayDouble = {
  url: string;
  requests: Array<{ method: string; path: string; body: Obj }>;
  /** Shape problems found in requests (a test asserts there are none). */
  problems: string[];
  orders: Map<string, Obj>;
  payments: Map<string, Obj>;
  subscriptions: Map<string, Obj>;
  refunds: Map<string, Obj>;
  /** Pays an order or subscription as Checkout does: the payment, its webhooks, and the signed answer. */
  pay(orderOrSubscriptionId: string): Promise<{ answer: Record<string, string>; events: RazorpayEvent[] }>;
  /** The next month of a plan is charged: subscription.charged. */
  renew(subscriptionId: string): Promise<RazorpayEvent[]>;
  /** A renewal that could not be charged: subscription.pending, or `final`: subscription.halted. */
  failRenewal(subscriptionId: string, options?: { final?: boolean }): Promise<RazorpayEvent[]>;
  /** Pending refunds are processed: refund.processed for each. */
  processRefunds(): Promise<RazorpayEvent[]>;
  /** An event as Razorpay would send it (not sent). */
  event(type: string, payload: Record<string, Obj>): RazorpayEvent;
  sign(event: RazorpayEvent): { payload: string; signature: string; eventId: string };
  /** Sends events, in order, to the delivery target. */
  send(events: RazorpayEvent[]): Promise<RazorpayEvent[]>;
  deliverTo(target: Delivery | string | null): void;
  /** The order a one-off's events are sent in (out of order by default, as Razorpay may). */
  orderEventOrder: string[];
  /** The order a plan's first charge's events are sent in. */
  subscriptionEventOrder: string[];
  stop(): Promise<void>;
};

export async function startRazorpayDouble(options: {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  deliver?: Delivery | string | null;
  port?: number;
}): Promise<RazorpayDouble> {
  let target: Delivery | string | null = options.deliver ?? null;
  const requests: RazorpayDouble["requests"] = [];
  const problems: string[] = [];
  const orders = new Map<string, Obj>();
  const payments = new Map<string, Obj>();
  const plans = new Map<string, Obj>();
  const subscriptions = new Map<string, Obj>();
  const refunds = new Map<string, Obj>();
  let base = "";

  const event = (type: string, payload: Record<string, Obj>): RazorpayEvent => ({
    id: id("evt"),
    body: {
      entity: "event",
      account_id: "acc_double",
      event: type,
      contains: Object.keys(payload),
      payload: Object.fromEntries(
        Object.entries(payload).map(([name, entity]) => [name, { entity: structuredClone(entity) }]),
      ),
      created_at: unix(),
    },
  });
  const sign = (evt: RazorpayEvent) => {
    const payload = JSON.stringify(evt.body);
    return { payload, signature: hmac(payload, options.webhookSecret), eventId: evt.id };
  };
  async function send(events: RazorpayEvent[]) {
    for (const evt of events) {
      if (!target) continue;
      const { payload, signature, eventId } = sign(evt);
      const status =
        typeof target === "string"
          ? (
              await fetch(target, {
                method: "POST",
                headers: {
                  "Content-Type": "application/json",
                  "X-Razorpay-Signature": signature,
                  "X-Razorpay-Event-Id": eventId,
                },
                body: payload,
              })
            ).status
          : await target(payload, signature, eventId);
      if (status !== 200) problems.push(`webhook ${String(evt.body.event)} answered ${status}`);
    }
    return events;
  }

  function paymentFor(amount: number, currency: string, orderId: string, extra: Obj = {}): Obj {
    const payment: Obj = {
      id: id("pay"),
      entity: "payment",
      amount,
      currency,
      status: "captured",
      order_id: orderId,
      invoice_id: null,
      international: false,
      method: "upi",
      amount_refunded: 0,
      refund_status: null,
      captured: true,
      description: null,
      card_id: null,
      card: null,
      bank: null,
      wallet: null,
      vpa: "success@razorpay",
      email: "client@example.com",
      contact: "+919900000000",
      notes: {},
      fee: Math.round(amount * 0.02),
      tax: Math.round(amount * 0.0036),
      error_code: null,
      error_description: null,
      created_at: unix(),
      ...extra,
    };
    payments.set(payment.id as string, payment);
    return payment;
  }

  /** A subscription's next charge: its period moves on and its payment has Razorpay's own order and invoice. */
  function charge(sub: Obj): Obj {
    const plan = plans.get(sub.plan_id as string)!;
    const item = plan.item as Obj;
    const start = (sub.current_end as number | null) ?? unix();
    sub.current_start = start;
    sub.current_end = start + MONTH;
    sub.charge_at = start + MONTH;
    sub.status = "active";
    sub.paid_count = Number(sub.paid_count) + 1;
    sub.remaining_count = Number(sub.total_count) - Number(sub.paid_count);
    return paymentFor(Number(item.amount), String(item.currency), id("order"), {
      invoice_id: id("inv"),
      method: "card",
      card_id: id("card"),
      card: { id: id("card"), entity: "card", network: "RuPay", last4: "4366", type: "debit" },
    });
  }

  async function pay(
    sessionId: string,
  ): Promise<{ answer: Record<string, string>; events: RazorpayEvent[] }> {
    const order = orders.get(sessionId);
    if (order) {
      if (order.status === "paid") throw new Error(`Order ${sessionId} is already paid`);
      const payment = paymentFor(Number(order.amount), String(order.currency), sessionId);
      order.status = "paid";
      order.amount_paid = order.amount;
      order.amount_due = 0;
      order.attempts = Number(order.attempts) + 1;
      const all: Record<string, RazorpayEvent> = {
        "payment.authorized": event("payment.authorized", { payment: { ...payment, status: "authorized" } }),
        "payment.captured": event("payment.captured", { payment }),
        "order.paid": event("order.paid", { payment, order }),
      };
      const events = await send(double.orderEventOrder.map((type) => all[type]!));
      return {
        answer: {
          razorpay_payment_id: payment.id as string,
          razorpay_order_id: sessionId,
          razorpay_signature: hmac(`${sessionId}|${String(payment.id)}`, options.keySecret),
        },
        events,
      };
    }
    const sub = subscriptions.get(sessionId);
    if (!sub || sub.status !== "created") throw new Error(`No open order or subscription ${sessionId}`);
    sub.status = "authenticated";
    const payment = charge(sub);
    const all: Record<string, RazorpayEvent> = {
      "subscription.authenticated": event("subscription.authenticated", {
        subscription: { ...sub, status: "authenticated" },
      }),
      "subscription.activated": event("subscription.activated", { subscription: sub }),
      "subscription.charged": event("subscription.charged", { subscription: sub, payment }),
      "payment.captured": event("payment.captured", { payment }),
    };
    const events = await send(double.subscriptionEventOrder.map((type) => all[type]!));
    return {
      answer: {
        razorpay_payment_id: payment.id as string,
        razorpay_subscription_id: sessionId,
        razorpay_signature: hmac(`${String(payment.id)}|${sessionId}`, options.keySecret),
      },
      events,
    };
  }

  async function renew(subscriptionId: string) {
    const sub = subscriptions.get(subscriptionId)!;
    const payment = charge(sub);
    return send([
      event("payment.captured", { payment }),
      event("subscription.charged", { subscription: sub, payment }),
    ]);
  }

  async function failRenewal(subscriptionId: string, { final = false } = {}) {
    const sub = subscriptions.get(subscriptionId)!;
    sub.status = final ? "halted" : "pending";
    sub.charge_at = final ? null : unix() + 86400;
    return send([event(final ? "subscription.halted" : "subscription.pending", { subscription: sub })]);
  }

  async function processRefunds() {
    const events: RazorpayEvent[] = [];
    for (const refund of refunds.values()) {
      if (refund.status !== "pending") continue;
      refund.status = "processed";
      events.push(event("refund.processed", { refund, payment: payments.get(refund.payment_id as string)! }));
    }
    return send(events);
  }

  const error = (status: number, description: string) => ({
    status,
    body: {
      error: { code: "BAD_REQUEST_ERROR", description, source: "business", step: "payment_initiation" },
    },
  });

  /** The API our adapter calls, checked against the shapes Razorpay requires. */
  function api(method: string, path: string, body: Obj): { status: number; body: unknown } {
    const check = (ok: boolean, message: string) => {
      if (!ok) problems.push(`${method} ${path}: ${message}`);
      return ok;
    };
    const whole = (value: unknown) => Number.isInteger(value) && Number(value) > 0;
    const currency = (value: unknown) => ["INR", "USD", "EUR"].includes(String(value));
    let match: RegExpExecArray | null;
    if (method === "POST" && path === "/v1/orders") {
      if (
        !check(whole(body.amount), "amount must be a whole number of paise, above 0") ||
        !check(currency(body.currency), "currency must be an upper-case ISO code we price in") ||
        !check(
          typeof body.receipt === "string" && body.receipt.length <= 40,
          "receipt (up to 40 characters) ties it to our payment",
        ) ||
        !check(
          Boolean((body.notes as Obj | undefined)?.payment_id),
          "notes.payment_id ties it to our payment",
        )
      )
        return error(400, problems.at(-1)!);
      const order: Obj = {
        id: id("order"),
        entity: "order",
        amount: body.amount,
        amount_paid: 0,
        amount_due: body.amount,
        currency: body.currency,
        receipt: body.receipt,
        offer_id: null,
        status: "created",
        attempts: 0,
        notes: body.notes ?? {},
        created_at: unix(),
      };
      orders.set(order.id as string, order);
      return { status: 200, body: order };
    }
    if (method === "GET" && (match = /^\/v1\/orders\/(order_\w+)$/.exec(path))) {
      const order = orders.get(match[1]!);
      return order ? { status: 200, body: order } : error(400, "The id provided does not exist");
    }
    if (method === "POST" && path === "/v1/plans") {
      const item = body.item as Obj | undefined;
      if (
        !check(
          body.period === "monthly" && body.interval === 1,
          "a plan bills monthly (period, interval 1)",
        ) ||
        !check(
          whole(item?.amount) && currency(item?.currency) && Boolean(item?.name),
          "item needs name, amount, currency",
        )
      )
        return error(400, problems.at(-1)!);
      const plan: Obj = {
        id: id("plan"),
        entity: "plan",
        interval: 1,
        period: "monthly",
        item: { id: id("item"), active: true, ...item, type: "plan", unit: null },
        notes: body.notes ?? {},
        created_at: unix(),
      };
      plans.set(plan.id as string, plan);
      return { status: 200, body: plan };
    }
    if (method === "POST" && path === "/v1/subscriptions") {
      if (
        !check(plans.has(String(body.plan_id)), "plan_id must be a plan created first") ||
        !check(whole(body.total_count), "total_count is required") ||
        !check(
          Boolean((body.notes as Obj | undefined)?.payment_id),
          "notes.payment_id ties it to our payment",
        )
      )
        return error(400, problems.at(-1)!);
      const sub: Obj = {
        id: id("sub"),
        entity: "subscription",
        plan_id: body.plan_id,
        customer_id: null,
        status: "created",
        current_start: null,
        current_end: null,
        ended_at: null,
        quantity: body.quantity ?? 1,
        notes: body.notes ?? {},
        charge_at: null,
        start_at: null,
        end_at: null,
        auth_attempts: 0,
        total_count: body.total_count,
        paid_count: 0,
        customer_notify: Boolean(body.customer_notify),
        created_at: unix(),
        expire_by: null,
        short_url: `${base}/v1/checkout/subscription/${String(body.plan_id)}`,
        has_scheduled_changes: false,
        change_scheduled_at: null,
        source: "api",
        remaining_count: body.total_count,
      };
      subscriptions.set(sub.id as string, sub);
      return { status: 200, body: sub };
    }
    if ((match = /^\/v1\/subscriptions\/(sub_\w+)(\/cancel)?$/.exec(path))) {
      const sub = subscriptions.get(match[1]!);
      if (!sub) return error(400, "The id provided does not exist");
      if (method === "POST" && match[2]) {
        if (body.cancel_at_cycle_end === 1) {
          sub.end_at = sub.current_end;
          sub.has_scheduled_changes = true;
        } else {
          sub.status = "cancelled";
          sub.ended_at = unix();
          queueMicrotask(() => void send([event("subscription.cancelled", { subscription: sub })]));
        }
      }
      return { status: 200, body: sub };
    }
    if (method === "GET" && (match = /^\/v1\/payments\/(pay_\w+)$/.exec(path))) {
      const payment = payments.get(match[1]!);
      return payment ? { status: 200, body: payment } : error(400, "The id provided does not exist");
    }
    if (method === "POST" && (match = /^\/v1\/payments\/(pay_\w+)\/refund$/.exec(path))) {
      const payment = payments.get(match[1]!);
      if (!payment) return error(400, "The id provided does not exist");
      const left = Number(payment.amount) - Number(payment.amount_refunded);
      if (
        !check(
          whole(body.amount) && Number(body.amount) <= left,
          `amount must be whole paise, at most ${left}`,
        ) ||
        !check(payment.status === "captured", "only a captured payment is refunded")
      )
        return error(400, problems.at(-1)!);
      payment.amount_refunded = Number(payment.amount_refunded) + Number(body.amount);
      payment.refund_status = payment.amount_refunded === payment.amount ? "full" : "partial";
      const refund: Obj = {
        id: id("rfnd"),
        entity: "refund",
        amount: body.amount,
        currency: payment.currency,
        payment_id: payment.id,
        notes: body.notes ?? {},
        receipt: body.receipt ?? null,
        acquirer_data: { arn: null },
        created_at: unix(),
        batch_id: null,
        status: "pending",
        speed_processed: "normal",
        speed_requested: body.speed ?? "normal",
      };
      refunds.set(refund.id as string, refund);
      return { status: 200, body: refund };
    }
    problems.push(`unexpected ${method} ${path}`);
    return error(400, `The requested URL was not found on the server (${method} ${path}).`);
  }

  /** The Checkout script: a dialog on the merchant's page whose button pays and calls the handler. */
  const checkoutScript = () => `(() => {
  const base = ${JSON.stringify(base)};
  function Razorpay(options) { this.options = options; }
  Razorpay.prototype.open = function () {
    const o = this.options;
    const dialog = document.createElement("div");
    dialog.setAttribute("role", "dialog");
    dialog.setAttribute("aria-modal", "true");
    dialog.setAttribute("aria-labelledby", "rzp-double-title");
    dialog.style.cssText = "position:fixed;inset:0;background:rgba(0,0,0,.6);display:flex;align-items:center;justify-content:center;z-index:9999";
    const box = document.createElement("div");
    box.style.cssText = "background:#fff;color:#111;padding:24px;border-radius:8px;display:flex;flex-direction:column;gap:12px";
    const title = document.createElement("h2");
    title.id = "rzp-double-title";
    title.textContent = "Razorpay Checkout (test double)";
    const methods = document.createElement("p");
    methods.textContent = "UPI · Cards · Netbanking · Wallets";
    const pay = document.createElement("button");
    pay.type = "button";
    pay.textContent = "Pay with UPI";
    const close = document.createElement("button");
    close.type = "button";
    close.textContent = "Close";
    close.onclick = () => { dialog.remove(); if (o.modal && o.modal.ondismiss) o.modal.ondismiss(); };
    pay.onclick = async () => {
      pay.disabled = true;
      const response = await fetch(base + "/v1/checkout/pay", {
        method: "POST",
        headers: { "Content-Type": "text/plain" },
        body: JSON.stringify({ key_id: o.key, order_id: o.order_id, subscription_id: o.subscription_id, amount: o.amount }),
      });
      const answer = await response.json();
      dialog.remove();
      o.handler(answer);
    };
    box.append(title, methods, pay, close);
    dialog.append(box);
    document.body.append(dialog);
    pay.focus();
  };
  window.Razorpay = Razorpay;
})();`;

  const page = (title: string, inner: string) =>
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body><main>${inner}</main></body></html>`;
  const html = (res: http.ServerResponse, body: string, status = 200) =>
    void res.writeHead(status, { "Content-Type": "text/html; charset=utf-8" }).end(body);

  /** What the payer pays for a checkout: its order or subscription, checked against the key. */
  function checkoutOf(fields: Obj): { sessionId: string; amount: number; currency: string } | string {
    if (fields.key_id !== options.keyId) return "key_id is not this account's key";
    const order = orders.get(String(fields.order_id ?? ""));
    if (order)
      return {
        sessionId: order.id as string,
        amount: Number(order.amount),
        currency: String(order.currency),
      };
    const sub = subscriptions.get(String(fields.subscription_id ?? ""));
    if (!sub) return "order_id or subscription_id must be one created through the API";
    const item = plans.get(sub.plan_id as string)!.item as Obj;
    return { sessionId: sub.id as string, amount: Number(item.amount), currency: String(item.currency) };
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      void (async () => {
        const url = new URL(req.url ?? "/", "http://double");
        const raw = Buffer.concat(chunks).toString("utf8");
        if (url.pathname === "/v1/checkout.js") {
          return void res
            .writeHead(200, { "Content-Type": "text/javascript; charset=utf-8" })
            .end(checkoutScript());
        }
        if (url.pathname === "/v1/checkout/pay") {
          // From the Checkout script on the merchant's page: a simple cross-origin request.
          const cors = { "Access-Control-Allow-Origin": "*", "Content-Type": "application/json" };
          if (req.method === "OPTIONS")
            return void res
              .writeHead(204, {
                ...cors,
                "Access-Control-Allow-Methods": "POST",
                "Access-Control-Allow-Headers": String(req.headers["access-control-request-headers"] ?? ""),
              })
              .end();
          const checkout = checkoutOf(JSON.parse(raw || "{}") as Obj);
          if (typeof checkout === "string") {
            problems.push(`checkout: ${checkout}`);
            return void res.writeHead(400, cors).end(JSON.stringify(error(400, checkout).body));
          }
          const { answer } = await pay(checkout.sessionId);
          return void res.writeHead(200, cors).end(JSON.stringify(answer));
        }
        if (url.pathname === "/v1/checkout/embedded" && req.method === "POST") {
          // The hosted checkout our page's form posts to without JavaScript.
          const fields = Object.fromEntries(new URLSearchParams(raw)) as Obj;
          const checkout = checkoutOf(fields);
          if (typeof checkout === "string") {
            problems.push(`hosted checkout: ${checkout}`);
            return html(res, page("Razorpay", `<h1>${escape(checkout)}</h1>`), 400);
          }
          if (!/^https?:\/\//.test(String(fields.callback_url)))
            problems.push("hosted checkout: callback_url must be absolute");
          const amount = `${(checkout.amount / 100).toFixed(2)} ${checkout.currency}`;
          const hidden = ["key_id", "order_id", "subscription_id", "callback_url"]
            .filter((name) => fields[name])
            .map((name) => `<input type="hidden" name="${name}" value="${escape(fields[name])}">`)
            .join("");
          return html(
            res,
            page(
              "Razorpay hosted checkout (test double)",
              `<h1>Pay ${escape(amount)}</h1><p>UPI · Cards · Netbanking · Wallets</p><form method="post" action="/v1/checkout/embedded/pay">${hidden}<button type="submit">Pay with UPI</button></form><a href="${escape(fields.cancel_url)}">Cancel</a>`,
            ),
          );
        }
        if (url.pathname === "/v1/checkout/embedded/pay" && req.method === "POST") {
          const fields = Object.fromEntries(new URLSearchParams(raw)) as Obj;
          const checkout = checkoutOf(fields);
          if (typeof checkout === "string")
            return html(res, page("Razorpay", `<h1>${escape(checkout)}</h1>`), 400);
          const { answer } = await pay(checkout.sessionId);
          // Razorpay posts the answer to the callback; without JavaScript, the payer's button does.
          const hidden = Object.entries(answer)
            .map(([name, value]) => `<input type="hidden" name="${name}" value="${escape(value)}">`)
            .join("");
          return html(
            res,
            page(
              "Payment successful (test double)",
              `<h1>Payment successful</h1><form method="post" action="${escape(fields.callback_url)}">${hidden}<button type="submit">Return to the merchant</button></form>`,
            ),
          );
        }
        if (url.pathname.startsWith("/v1/")) {
          const expected = `Basic ${Buffer.from(`${options.keyId}:${options.keySecret}`).toString("base64")}`;
          if (req.headers.authorization !== expected) {
            problems.push(`${req.method} ${url.pathname}: not the key pair`);
            return void res
              .writeHead(401, { "Content-Type": "application/json" })
              .end(JSON.stringify(error(401, "Authentication failed").body));
          }
          let body: Obj = {};
          if (raw) {
            if (!String(req.headers["content-type"]).includes("application/json"))
              problems.push(`${req.method} ${url.pathname}: body is not JSON`);
            body = JSON.parse(raw) as Obj;
          }
          requests.push({ method: req.method!, path: url.pathname, body });
          const answer = api(req.method!, url.pathname, body);
          return void res
            .writeHead(answer.status, { "Content-Type": "application/json" })
            .end(JSON.stringify(answer.body));
        }
        res.writeHead(404).end("Not found");
      })().catch((failure: unknown) => {
        problems.push(String(failure));
        res.writeHead(500).end(String(failure));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const double: RazorpayDouble = {
    url: base,
    requests,
    problems,
    orders,
    payments,
    subscriptions,
    refunds,
    pay,
    renew,
    failRenewal,
    processRefunds,
    event,
    sign,
    send,
    deliverTo: (next) => {
      target = next;
    },
    orderEventOrder: ["payment.authorized", "order.paid", "payment.captured"],
    subscriptionEventOrder: [
      "payment.captured",
      "subscription.charged",
      "subscription.authenticated",
      "subscription.activated",
    ],
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return double;
}
