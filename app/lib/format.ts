// Dates render the same on the server and in the browser (no hydration
// mismatch), so they use one fixed time zone and say which.
const dateFormat = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  year: "numeric",
  timeZone: "UTC",
});
/** Day, month, year and 24-hour time in one time zone. */
const dateTimeIn = (timeZone: string) =>
  new Intl.DateTimeFormat("en-GB", {
    day: "numeric",
    month: "short",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hour12: false,
    timeZone,
  });
const dateTimeFormat = dateTimeIn("UTC");

const toDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));

/** 21 Nov 2026 */
export const formatDate = (value: Date | string) => dateFormat.format(toDate(value));

/** 21 Nov 2026, 07:30 UTC */
export const formatDateTime = (value: Date | string) => `${dateTimeFormat.format(toDate(value))} UTC`;

/** The first eight characters of a UUID, for people: #1a2b3c4d. */
export const shortId = (id: string) => `#${id.slice(0, 8)}`;

const istFormat = dateTimeIn("Asia/Kolkata");

/** 25 Nov 2026, 15:00 IST: meeting times are agreed in the agency's time zone. */
export const formatIst = (value: Date | string) => `${istFormat.format(toDate(value))} IST`;
