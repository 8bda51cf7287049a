import { Form } from "react-router";

/** Logout: a POST to /logout (never a link, so nothing can sign a visitor out by loading a URL). */
export function LogoutForm({ className, buttonClassName }: { className?: string; buttonClassName: string }) {
  return (
    <Form method="post" action="/logout" className={className}>
      <button type="submit" className={buttonClassName}>
        Logout
      </button>
    </Form>
  );
}
