import { useNonce } from "~/components/nonce";

/**
 * Structured data for search engines. Data, not code, but it is an inline
 * <script> all the same, so it carries the CSP nonce like every other one.
 */
export function JsonLd({ data }: { data: object }) {
  // "<" is escaped so no string in the data can close the element.
  return (
    <script
      type="application/ld+json"
      nonce={useNonce()}
      dangerouslySetInnerHTML={{ __html: JSON.stringify(data).replace(/</g, "\\u003c") }}
    />
  );
}
