import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

// The route map. Paths follow the specs exactly (see ../shared/specs).
export default [
  route("healthz", "routes/healthz.ts"),
  layout("routes/public-layout.tsx", [
    index("routes/home.tsx"),
    route("*", "routes/not-found.tsx"),
  ]),
] satisfies RouteConfig;
