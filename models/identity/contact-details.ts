/**
 * What a signed-in account has told us about itself, as the public forms ask
 * for it (name, email, phone, company): their starting values, so a client
 * does not type again what we know. "" where the account has nothing; the
 * name is the real name only (a username is not a name to sign a form with).
 */
export type ContactDetails = {
  name: string;
  email: string;
  /** The phone's country (ISO code, as the forms' country select takes it), "" with no phone. */
  phoneCountry: string;
  phone: string;
  company: string;
  companyEmail: string;
};

export const NO_CONTACT_DETAILS: ContactDetails = {
  name: "",
  email: "",
  phoneCountry: "",
  phone: "",
  company: "",
  companyEmail: "",
};
