/** The class that sets --accent / --accent-ink for a package colour (marketing.css; white is the support pack's). */
export const accent = (colour: string) => `accent-${colour}`;
