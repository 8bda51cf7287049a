import type { profiles } from "../schema";
import type { AccountUser } from "./accounts.server";

// Identity's REST wire shapes (docs/product.md, "Accounts"; decision 0069): the
// user object of /api/auth/login/ and /api/auth/signup/, and GET/PUT
// /api/profile/'s {user, profile}. Pure: the routes and readProfile call these.

/** The user object the API returns (docs/product.md, "Accounts"). */
export function apiUser(user: AccountUser) {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
  };
}

/** The `profile` part of GET /api/profile/, from the profile row (null: never saved), the plan name and balance. */
export function profileFields(profile: typeof profiles.$inferSelect | null, plan: string, tokens: number) {
  return {
    contact: profile?.contact ?? "",
    country_code: profile?.countryCode ?? "IN",
    current_plan: plan,
    creative_tokens: tokens,
    company_name: profile?.companyName ?? "",
    company_email: profile?.companyEmail ?? "",
    company_website: profile?.companyWebsite ?? "",
    avatar: profile?.avatar ?? null,
  };
}

/** GET and PUT /api/profile/: the account's names and the profile's fields with the plan name and balance. */
export function apiProfile(
  user: Pick<AccountUser, "firstName" | "lastName" | "username" | "email">,
  profile: typeof profiles.$inferSelect | null,
  plan: string,
  tokens: number,
) {
  return {
    user: {
      first_name: user.firstName,
      last_name: user.lastName,
      username: user.username,
      email: user.email,
    },
    profile: profileFields(profile, plan, tokens),
  };
}
