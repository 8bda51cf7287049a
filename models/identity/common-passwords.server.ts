import { ACCOUNT_MESSAGES } from "./accounts";

// Passwords attackers try first. The list is zxcvbn-ts's "passwords-common"
// (@zxcvbn-ts/language-common), drawn from leaked password corpora and ranked
// most common first. It stays on the server: the browser never loads it.

/**
 * How many of the most common passwords are refused: the top 10,000, the usual
 * size of a "most common passwords" deny list. The tail of the 49k list holds
 * leaked strings that are not common in any useful sense (docs/decisions/0029).
 */
export const REFUSED_COMMON_PASSWORDS = 10_000;

let refused: Promise<Set<string>> | undefined;
// Loaded on first use (about half a second), not at boot.
const refusedPasswords = () =>
  (refused ??= import("@zxcvbn-ts/language-common").then(
    ({ dictionary }) => new Set(dictionary["passwords-common"].slice(0, REFUSED_COMMON_PASSWORDS)),
  ));

/** The list is lowercase; "Password" and "PASSWORD" are as guessable as "password". */
export async function isCommonPassword(password: string): Promise<boolean> {
  return (await refusedPasswords()).has(password.toLowerCase());
}

/**
 * The server's last word on a new password, after the schema's length checks:
 * a message when it is one of the most common, otherwise null. Every place a
 * password is set (signup, reset, change, staff invitation) asks it.
 */
export async function newPasswordProblem(password: string): Promise<string | null> {
  return (await isCommonPassword(password)) ? ACCOUNT_MESSAGES.passwordTooCommon : null;
}
