import { itemsFor } from "../items";

// A resource route: JSON, as an API read answers.
export function loader({ request }: { request: Request }) {
  return Response.json(itemsFor(request));
}
