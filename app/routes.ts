import { type RouteConfig, index, layout, prefix, route } from "@react-router/dev/routes";

// The route map. Paths are the product's own (docs/product.md); changing one breaks links and API clients.
export default [
  // REST API (docs/product.md, "REST API"); trailing slashes match too.
  route("api/auth/login", "routes/api/auth-login.ts"),
  route("api/auth/signup", "routes/api/auth-signup.ts"),
  route("api/profile", "routes/api/profile.ts"),
  route("api/contact/:form", "routes/api/contact.ts"),
  route("api/newsletter", "routes/api/newsletter.ts"),
  route("api/dashboard/stats", "routes/api/dashboard-stats.ts"),
  route("api/projects", "routes/api/projects.ts"),
  route("api/projects/:id", "routes/api/project.ts"),
  route("api/notifications", "routes/api/notifications.ts"),
  route("api/notifications/mark-all-read", "routes/api/notifications-mark-all-read.ts"),
  route("api/notifications/:id/mark-read", "routes/api/notification-mark-read.ts"),
  // The caller's organisation (issue #40): its members, invitations, roles.
  route("api/organisation", "routes/api/organisation/index.ts"),
  route("api/organisation/invitations", "routes/api/organisation/invitations.ts"),
  route("api/organisation/members/:username", "routes/api/organisation/member.ts"),
  // The chat assistant (docs/product.md, "Chat assistant"); /aizre-query-public is the path existing clients use for the same call.
  route("api/chat", "routes/api/chat.ts"),
  route("aizre-query-public", "routes/api/chat.ts", { id: "routes/api/chat-alias" }),
  route("api/chat/:action", "routes/api/chat-conversation.ts"),

  // The staff back-office's API and files (docs/decisions/0017): staff only, 404 for anyone else.
  // Each group sits in a pathless layout whose middleware is the staff gate (docs/decisions/0065).
  layout("routes/api/admin/layout.ts", [
    route("api/admin/inbox", "routes/api/admin/inbox.ts"),
    route("api/admin/projects", "routes/api/admin/projects.ts"),
    route("api/admin/projects/:id/transition", "routes/api/admin/project-transition.ts"),
    route("api/admin/audit-log", "routes/api/admin/audit-log.ts"),
  ]),
  layout("routes/admin/files.ts", [
    route("admin/inbox/export.csv", "routes/admin/inbox-export.ts"),
    route("admin/inbox/:type/:id/attachment", "routes/admin/inbox-attachment.ts"),
    route("admin/outbox/:id/attachments/:index", "routes/admin/email-attachment.ts"),
    // Staff put a project on hold or end the hold (the delivery clock, decision 0048).
    route("admin/projects/:id/clock", "routes/admin/project-clock.ts"),
    // Proofing (docs/decisions/0047): a version's image, rendered PDF page or PDF, for staff.
    route("admin/projects/:id/proof/:deliverableId/file/:page?", "routes/admin/proof-file.ts"),
  ]),

  // Billing (docs/product.md, "REST API"): shop, cart, checkout, tokens and subscriptions.
  route("api/shop-items", "routes/api/billing/shop-items.ts"),
  route("api/my-purchases", "routes/api/billing/my-purchases.ts"),
  route("api/download/:purchaseId", "routes/api/billing/download.ts"),
  route("api/cart", "routes/api/billing/cart.ts"),
  route("api/cart-item/:id", "routes/api/billing/cart-item.ts"),
  route("api/checkout", "routes/api/billing/checkout.ts"),
  route("api/token-packages", "routes/api/billing/token-packages.ts"),
  route("api/purchase-tokens", "routes/api/billing/purchase-tokens.ts"),
  route("api/token-history", "routes/api/billing/token-history.ts"),
  route("api/subscription-plans", "routes/api/billing/subscription-plans.ts"),
  route("api/my-subscription", "routes/api/billing/my-subscription.ts"),
  route("api/subscribe", "routes/api/billing/subscribe.ts"),
  route("api/cancel-subscription", "routes/api/billing/cancel-subscription.ts"),
  route("api/subscription-history", "routes/api/billing/subscription-history.ts"),
  // Stripe's signed events (docs/decisions/0036): authenticated by signature, not by session.
  route("api/webhooks/stripe", "routes/api/webhooks/stripe.ts"),

  // Project files: downloads checked against the project's owner.
  route("project/:id/files/:fileId", "routes/projects/file.ts"),
  // Proofing (docs/decisions/0047): a version's image, rendered PDF page or PDF, for its owner; staff through /admin.
  route("project/:id/proof/:deliverableId/file/:page?", "routes/projects/proof-file.ts"),
  // Shop files: signed, short-lived links for the purchase's owner.
  route("download/:purchaseId/file", "routes/billing/download-file.ts"),
  route("shop-images/:file", "routes/billing/shop-image.ts"),
  // Calendar invites: the client's own meetings only (docs/decisions/0050).
  route("dashboard2/meetings/:id/invite.ics", "routes/dashboard/meeting-invite.ts"),

  route("logout", "routes/auth/logout.ts"),

  // Client areas the workspace replaced (decision 0056): each answers with a redirect to its section.
  route("manageaccount", "routes/dashboard/moved.ts", { id: "moved/manageaccount" }),
  route("manageaccount/profile", "routes/dashboard/moved.ts", { id: "moved/manageaccount-profile" }),
  route("manageaccount/projects", "routes/dashboard/moved.ts", { id: "moved/manageaccount-projects" }),
  route("dashboard2/profile", "routes/dashboard/moved.ts", { id: "moved/dashboard2-profile" }),
  route("profile/projects", "routes/dashboard/moved.ts", { id: "moved/profile-projects" }),

  // Manage account: the data export and receipts are downloads, not pages.
  route("manageaccount/export", "routes/account/export.ts"),
  route("manageaccount/receipts/:id/:format?", "routes/account/receipt.ts"),
  route("manageaccount/checkouts/:id/receipt", "routes/account/checkout-receipt.ts"),
  // Saved cards with Stripe: its Customer Portal (docs/decisions/0036).
  route("manageaccount/billing/stripe-portal", "routes/account/stripe-portal.ts"),

  // Search engines: the sitemap lists every public page (app/lib/public-pages.ts).
  route("sitemap.xml", "routes/sitemap.ts"),
  route("robots.txt", "routes/robots.ts"),

  // The staff back-office: nested routes, staff only; anyone else gets this site's 404. It has its own
  // frame (header and sections), outside the public site's layout (decision 0071).
  route("admin", "routes/admin/layout.tsx", [
    index("routes/admin/index.tsx"),
    route("inbox", "routes/admin/inbox.tsx"),
    route("inbox/:type/:id", "routes/admin/submission.tsx"),
    route("projects", "routes/admin/projects.tsx"),
    route("projects/:id", "routes/admin/project.tsx"),
    route("projects/:id/proofing", "routes/admin/project-proofing.tsx"),
    route("clients", "routes/admin/clients.tsx"),
    route("clients/:id", "routes/admin/client.tsx"),
    // Client organisations with their members and roles (issue #40).
    route("organisations", "routes/admin/organisations.tsx"),
    route("outbox", "routes/admin/outbox.tsx"),
    route("outbox/:id", "routes/admin/email.tsx"),
    // Meetings confirmed from requests, with calendar invites (docs/decisions/0050).
    route("agenda", "routes/admin/agenda.tsx"),
    route("meetings/:source/:id", "routes/admin/meeting.tsx"),
    route("catalog", "routes/admin/catalog.tsx"),
    route("catalog/:kind/:id", "routes/admin/catalog-edit.tsx"),
    route("audit", "routes/admin/audit.tsx"),
    // Payments and refunds (docs/decisions/0036).
    route("payments", "routes/admin/payments.tsx"),
    route("payments/:id", "routes/admin/payment.tsx"),
    route("staff", "routes/admin/staff.tsx"),
    // The chat assistant's gap queue and the FAQ entries written from it (docs/decisions/0037).
    route("chat-gaps", "routes/admin/chat-gaps.tsx"),
    route("chat-gaps/:key", "routes/admin/chat-gap.tsx"),
    route("chat-faqs", "routes/admin/chat-faqs.tsx"),
    route("chat-faqs/:id", "routes/admin/chat-faq.tsx"),
    // The business reports, one period and currency for all (docs/decisions/0074, 0075).
    route("reports", "routes/admin/reports/layout.tsx", [
      index("routes/admin/reports/index.tsx"),
      route("revenue", "routes/admin/reports/revenue.tsx"),
      route("recurring", "routes/admin/reports/recurring.tsx"),
      route("liability", "routes/admin/reports/liability.tsx"),
      route("delivery", "routes/admin/reports/delivery.tsx"),
      route("pipeline", "routes/admin/reports/pipeline.tsx"),
      route("assistant", "routes/admin/reports/assistant.tsx"),
    ]),
    // Each report's CSV: one module, the report named by the path.
    ...["revenue", "recurring", "liability", "delivery", "pipeline", "assistant"].map((name) =>
      route(`reports/${name}.csv`, "routes/admin/reports/export.ts", { id: `admin-report-csv-${name}` }),
    ),
  ]),

  layout("routes/public-layout.tsx", [
    index("routes/home.tsx"),

    // Marketing pages (docs/product.md, "Marketing pages").
    route("services", "routes/services.tsx"),
    route("strategy", "routes/strategy.tsx"),
    route("solutions/:scolor?", "routes/solutions.tsx"),
    route("creative-tokens", "routes/creative-tokens.tsx"),

    layout("routes/auth/layout.tsx", [
      route("login", "routes/auth/login.tsx"),
      route("signup", "routes/auth/signup.tsx"),
      route("forgot-password", "routes/auth/forgot-password.tsx"),
      route("reset-password/:token", "routes/auth/reset-password.tsx"),
      route("staff-invite/:token", "routes/auth/staff-invite.tsx"),
    ]),

    // The client workspace (decision 0056): one layout and one navigation for everything a signed-in
    // client does. Its sections live under /dashboard2; the spec's other client routes render inside it.
    layout("routes/dashboard/layout.tsx", [
      ...prefix("dashboard2", [
        index("routes/dashboard/index.tsx"),
        route("activity", "routes/dashboard/activity.tsx"),
        route("projects", "routes/account/projects.tsx"),
        route("meetings", "routes/dashboard/meetings.tsx"),
        route("billing", "routes/dashboard/billing.tsx"),
        route("billing/tokens", "routes/dashboard/buy-tokens.tsx"),
        route("billing/plans/:planId", "routes/dashboard/subscribe.tsx"),
        route("shop", "routes/dashboard/shop.tsx"),
        route("purchases", "routes/dashboard/purchases.tsx"),
        route("recommendations", "routes/dashboard/recommendations.tsx"),
        route("notifications", "routes/dashboard/notifications.tsx"),
        route("settings", "routes/account/profile.tsx"),
        // The organisation's members, invitations and each person's emails (issue #40).
        route("team", "routes/dashboard/team.tsx"),
      ]),
      // Receipts, usage and saved cards: part of Wallet & billing, at the addresses emails link to.
      route("manageaccount/billing", "routes/account/billing.tsx"),
      route("manageaccount/billing/payment-methods", "routes/account/payment-methods.tsx"),
      // The latest project's page (meet, update, comment): part of Projects.
      route("profile", "routes/profile/index.tsx"),
      route("project/:id", "routes/projects/detail.tsx"),
      route("project/:id/proof/:deliverableId", "routes/projects/proof.tsx"),
      route("order", "routes/projects/order.tsx"),
      // A new project's brief: part of Projects.
      route("createprojectform", "routes/projects/create.tsx"),
      // The cart and the checkout's confirm step, the spend preview before any token is spent
      // (decision 0049): part of Shop.
      route("cart", "routes/billing/cart.tsx"),
      route("cart/checkout", "routes/billing/checkout-confirm.tsx"),
    ]),
    route("verify-email/:token", "routes/account/verify-email.tsx"),
    // Confirming a new account's address (decision 0053): the page that sends the link again, and the link.
    route("confirm-email", "routes/account/confirm-email.tsx"),
    route("confirm-email/:token", "routes/account/confirm-email-link.tsx"),
    route("account-deleted", "routes/account/deleted.tsx"),
    // Organisations (issue #40): accepting an invitation, creating one, switching the current one.
    route("invitations/:token", "routes/organisations/invitation.tsx"),
    route("organisations/new", "routes/organisations/new.tsx"),
    route("organisations/switch", "routes/organisations/switch.ts"),

    route("chat", "routes/chat.tsx"),
    route("contact", "routes/contact.tsx"),
    route("investorpage", "routes/investor-page.tsx"),
    route("careerpage", "routes/career-page.tsx"),
    route("collabpage", "routes/collab-page.tsx"),
    route("createticket", "routes/create-ticket.tsx"),
    route("referrals", "routes/referrals.tsx"),
    route("gift", "routes/gift.tsx"),
    route("newsletter", "routes/newsletter.tsx"),

    // Content pages (docs/product.md, "Content pages"); content in seeds/.
    route("blogpage", "routes/content/blog-page.tsx"),
    route("blog/:slug", "routes/content/blog-post.tsx"),
    route("article/:id", "routes/content/article.tsx"),
    route("teampage", "routes/content/team.tsx"),
    route("companyprofile", "routes/content/company-profile.tsx"),
    route("environment", "routes/content/environment.tsx"),
    route("events", "routes/content/events.tsx"),
    route("comingsoon", "routes/content/coming-soon.tsx"),
    route("helpsupport", "routes/content/help-support.tsx"),
    // One module for the four policies; the path names the policy.
    route("privacy", "routes/content/policy.tsx", { id: "policy-privacy" }),
    route("termscondition", "routes/content/policy.tsx", { id: "policy-termscondition" }),
    route("refundpolicy", "routes/content/policy.tsx", { id: "policy-refundpolicy" }),
    route("shipping", "routes/content/policy.tsx", { id: "policy-shipping" }),
    route("newsletter/:kind/:token", "routes/newsletter-token.tsx"),

    route("*", "routes/not-found.tsx"),
  ]),
] satisfies RouteConfig;
