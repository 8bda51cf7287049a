import { NO_CONTACT_DETAILS, type ContactDetails } from "~models/identity/contact-details";
import { getContactDetails } from "~models/identity/contact-details.server";
import { findMember } from "./membership.server";

/**
 * The starting values of a public form's name, email, phone and company: the
 * signed-in person's own, none for a visitor. Reading the session marks the
 * answer private (decision 0030): a signed-in request is never stored by the
 * page cache nor served from it, so one account's details never reach another
 * visitor; a signed-out request reads nothing and gets empty fields.
 */
export async function formPrefill(request: Request): Promise<ContactDetails> {
  const member = await findMember(request);
  return member ? getContactDetails(member.person.id) : NO_CONTACT_DETAILS;
}
