import { useLoaderData } from "react-router";
import { itemsFor } from "../items";

export function loader({ request }: { request: Request }) {
  return { items: itemsFor(request) };
}

export function meta() {
  return [{ title: "Baseline page" }];
}

export default function Page() {
  const { items } = useLoaderData<typeof loader>();
  return (
    <main>
      <h1>Baseline page</h1>
      <ul>
        {items.map((item) => (
          <li key={item.id}>
            <h2>{item.title}</h2>
            <p>{item.body}</p>
          </li>
        ))}
      </ul>
    </main>
  );
}
