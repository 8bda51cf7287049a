import { users } from "../schema";

/** The columns of an `AccountUser` (accounts.server.ts): what a session, an API token or a sign-in reads of a user. */
export const accountColumns = {
  id: users.id,
  username: users.username,
  email: users.email,
  role: users.role,
  firstName: users.firstName,
  lastName: users.lastName,
};
