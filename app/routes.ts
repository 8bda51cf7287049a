import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

// The route map. Paths follow the specs exactly (see ../shared/specs).
export default [
  route("healthz", "routes/healthz.ts"),

  // REST API (spec 001 §7); trailing slashes match too.
  route("api/auth/login", "routes/api/auth-login.ts"),
  route("api/auth/signup", "routes/api/auth-signup.ts"),
  route("api/profile", "routes/api/profile.ts"),
  route("api/contact/:form", "routes/api/contact.ts"),
  route("api/newsletter", "routes/api/newsletter.ts"),

  route("logout", "routes/auth/logout.ts"),

  layout("routes/public-layout.tsx", [
    index("routes/home.tsx"),

    layout("routes/auth/layout.tsx", [
      route("login", "routes/auth/login.tsx"),
      route("signup", "routes/auth/signup.tsx"),
      route("forgot-password", "routes/auth/forgot-password.tsx"),
      route("reset-password/:token", "routes/auth/reset-password.tsx"),
    ]),

    route("dashboard2", "routes/dashboard/layout.tsx", [
      index("routes/dashboard/index.tsx"),
      route("profile", "routes/dashboard/profile.tsx"),
    ]),

    route("contact", "routes/contact.tsx"),
    route("investorpage", "routes/investor-page.tsx"),
    route("createticket", "routes/create-ticket.tsx"),
    route("referrals", "routes/referrals.tsx"),
    route("newsletter", "routes/newsletter.tsx"),
    route("newsletter/:kind/:token", "routes/newsletter-token.tsx"),

    route("*", "routes/not-found.tsx"),
  ]),
] satisfies RouteConfig;
