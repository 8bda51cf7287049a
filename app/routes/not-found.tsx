import { data } from "react-router";
import { NOT_FOUND_TITLE, NotFoundPage } from "~/components/not-found-page";
import type { Route } from "./+types/not-found";

export { NOT_FOUND_TITLE };

// Any path no other route claims: a real 404 status, inside the site shell.
export function loader() {
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = () => [
  { title: NOT_FOUND_TITLE },
  { name: "robots", content: "noindex" },
];

export default function NotFound() {
  return <NotFoundPage />;
}
