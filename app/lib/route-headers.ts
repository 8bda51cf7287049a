import type { HeadersFunction } from "react-router";

/** A route's `headers`: the document gets the headers its loader chose (cache headers). */
export const loaderHeaders: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;
