import type { Intent } from "../intent";

/**
 * One passage the assistant can answer from. `url` is the public page that
 * shows it (the answer's source link); `title` names the passage there.
 * `keywords` are extra words a visitor might use for it (they are searched,
 * never shown).
 */
export type ChatDocument = {
  /** Unique across every source, e.g. "plan:starter". */
  id: string;
  title: string;
  url: string;
  text: string;
  keywords?: string[];
  /** Searched like the text but never shown and not the passage's subject (a post's author, date and tags). */
  about?: string;
  /** The kinds of question this passage answers directly ("price", "who"…; ../intent.ts): it ranks first for them. */
  answers?: Intent[];
  /**
   * Questions this passage answers, as visitors asked them (an FAQ entry's
   * question and the gap questions it answered): each is matched by meaning on
   * its own, besides the passage's words.
   */
  phrasings?: string[];
  /**
   * The ways visitors ask about the passage in words it does not use
   * (seeds/chat-synonyms.json, ../synonyms.ts): searched with a low weight,
   * never shown.
   */
  askedAs?: string[];
  /**
   * What an answer from the passage opens with, when its text does not say it:
   * a post's or article's title, so that "any article on…" is answered with the
   * article's name.
   */
  lead?: string;
  /** The one thing the passage is about ("Motion", "Popular bundle"), for comparisons of two things. */
  entity?: string;
};

/**
 * A kind of site content the assistant knows. `load` reads it through its
 * model (the database, as seeded) and turns it into passages. Register a new
 * source in ./index.ts.
 */
export type ChatSource = {
  name: string;
  load: () => Promise<ChatDocument[]>;
};
