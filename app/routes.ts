import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

// The route map. Paths follow the specs exactly (see ../shared/specs).
export default [
  route("healthz", "routes/healthz.ts"),

  // REST API (spec 001 §7); trailing slashes match too.
  route("api/auth/login", "routes/api/auth-login.ts"),
  route("api/auth/signup", "routes/api/auth-signup.ts"),
  route("api/profile", "routes/api/profile.ts"),

  route("logout", "routes/auth/logout.ts"),

  // Search engines: the sitemap lists every public page (app/lib/public-pages.ts).
  route("sitemap.xml", "routes/sitemap.ts"),
  route("robots.txt", "routes/robots.ts"),

  layout("routes/public-layout.tsx", [
    index("routes/home.tsx"),

    // Marketing pages (spec 000 §2, spec 001 §2).
    route("services", "routes/services.tsx"),
    route("strategy", "routes/strategy.tsx"),
    route("solutions/:scolor?", "routes/solutions.tsx"),
    route("creative-tokens", "routes/creative-tokens.tsx"),

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

    route("*", "routes/not-found.tsx"),
  ]),
] satisfies RouteConfig;
