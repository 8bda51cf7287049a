import { Link } from "react-router";
import { listFaqPage } from "~models/chat/faqs.server";
import { FAQ_DEFAULT_URL } from "~models/chat/gaps";
import { PagedTable } from "~/components/admin/paged-table";
import { cell, PageHeader } from "~/components/admin/ui";
import { listQuery } from "~/lib/admin-list.server";
import { adminMeta } from "~/lib/admin-meta";
import { formatDateTime } from "~/lib/format";
import { staffOf } from "~/lib/staff-gate.server";
import type { Route } from "./+types/chat-faqs";

// FAQ entries staff wrote for the chat assistant (docs/decisions/0037).

export const meta: Route.MetaFunction = () => adminMeta("Chat FAQ entries");

export async function loader({ request, context }: Route.LoaderArgs) {
  await staffOf({ request, context });
  const query = listQuery(request);
  const { rows, page } = await listFaqPage(query.page);
  return { faqs: rows, page };
}

export default function ChatFaqs({ loaderData }: Route.ComponentProps) {
  const { faqs, page } = loaderData;
  return (
    <>
      <PageHeader
        title="Chat FAQ entries"
        description={
          <>
            What the assistant answers from besides the site's pages. Written from the{" "}
            <Link to="/admin/chat-gaps" className="underline underline-offset-4">
              chat gaps
            </Link>
            ; <code>npm run chat:export-faqs</code> copies them to seeds/chat-faqs.json.
          </>
        }
      />
      <PagedTable
        rows={faqs}
        caption="FAQ entries"
        columns={["Question", "Answer", "Links to", "Questions answered", "Changed"]}
        empty="No entries yet. Answer a chat gap to write the first."
        page={page}
        noun={["entry", "entries"]}
      >
        {(faq) => (
          <tr key={faq.id} data-testid="faq-row">
            <td className={cell}>
              <Link
                to={`/admin/chat-faqs/${faq.id}`}
                className="font-semibold break-words underline-offset-4 hover:underline"
              >
                {faq.question}
              </Link>
            </td>
            <td className={`${cell} max-w-md break-words text-text-muted`}>{faq.answer}</td>
            <td className={`${cell} break-all`}>{faq.link ?? FAQ_DEFAULT_URL}</td>
            <td className={cell}>{faq.answered}</td>
            <td className={`${cell} whitespace-nowrap text-text-muted`}>{formatDateTime(faq.updatedAt)}</td>
          </tr>
        )}
      </PagedTable>
    </>
  );
}
