import { createContext, useContext } from "react";

/** The CSP nonce for this render; empty in the browser, where it is not needed. */
export const NonceContext = createContext("");
export const useNonce = () => useContext(NonceContext);
