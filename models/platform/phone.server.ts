import { parsePhoneNumberFromString, type CountryCode } from "libphonenumber-js/min";
import { COMMON_MESSAGES, PHONE_LIMITS } from "./form-fields";

/**
 * The number in E.164 (+919820012345), or an error message. A number typed
 * with + is read as international; otherwise with the chosen country.
 */
export function toE164(
  raw: string,
  country: string,
): { ok: true; e164: string } | { ok: false; message: string } {
  const phone = parsePhoneNumberFromString(
    raw,
    raw.trim().startsWith("+") ? undefined : (country as CountryCode),
  );
  if (!phone || !phone.isPossible()) return { ok: false, message: COMMON_MESSAGES.phoneInvalid };
  const digits = String(phone.nationalNumber).length;
  if (digits < PHONE_LIMITS.minNationalDigits || digits > PHONE_LIMITS.maxNationalDigits) {
    return { ok: false, message: COMMON_MESSAGES.phoneLength };
  }
  return { ok: true, e164: phone.number };
}
