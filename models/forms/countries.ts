/**
 * docs/product.md, "Accounts": the 20 countries of the profile's country list, India first as the
 * default. The flag is kept as the spec lists it, but lists show the country code instead: a flag
 * emoji is an empty box where no emoji font is installed (most Windows and Linux desktops).
 */
export const COUNTRIES = [
  { code: "IN", dial: "+91", flag: "🇮🇳", name: "India" },
  { code: "US", dial: "+1", flag: "🇺🇸", name: "United States" },
  { code: "CA", dial: "+1", flag: "🇨🇦", name: "Canada" },
  { code: "GB", dial: "+44", flag: "🇬🇧", name: "United Kingdom" },
  { code: "CN", dial: "+86", flag: "🇨🇳", name: "China" },
  { code: "JP", dial: "+81", flag: "🇯🇵", name: "Japan" },
  { code: "DE", dial: "+49", flag: "🇩🇪", name: "Germany" },
  { code: "FR", dial: "+33", flag: "🇫🇷", name: "France" },
  { code: "IT", dial: "+39", flag: "🇮🇹", name: "Italy" },
  { code: "ES", dial: "+34", flag: "🇪🇸", name: "Spain" },
  { code: "AU", dial: "+61", flag: "🇦🇺", name: "Australia" },
  { code: "BR", dial: "+55", flag: "🇧🇷", name: "Brazil" },
  { code: "RU", dial: "+7", flag: "🇷🇺", name: "Russia" },
  { code: "KR", dial: "+82", flag: "🇰🇷", name: "South Korea" },
  { code: "AE", dial: "+971", flag: "🇦🇪", name: "United Arab Emirates" },
  { code: "SA", dial: "+966", flag: "🇸🇦", name: "Saudi Arabia" },
  { code: "ZA", dial: "+27", flag: "🇿🇦", name: "South Africa" },
  { code: "MX", dial: "+52", flag: "🇲🇽", name: "Mexico" },
  { code: "SG", dial: "+65", flag: "🇸🇬", name: "Singapore" },
  { code: "MY", dial: "+60", flag: "🇲🇾", name: "Malaysia" },
] as const;

export type CountryCode = (typeof COUNTRIES)[number]["code"];
export const COUNTRY_CODES = COUNTRIES.map((c) => c.code) as [CountryCode, ...CountryCode[]];
export const DEFAULT_COUNTRY: CountryCode = "IN";

/** The options of a phone number's country list: "India (IN, +91)". */
export const PHONE_COUNTRY_OPTIONS = COUNTRIES.map((c) => ({
  value: c.code,
  label: `${c.name} (${c.code}, ${c.dial})`,
}));
