// How chat search cuts text into words, on both sides: what a person types becomes the tsquery,
// and a snippet finds the same words in the text it draws. The database cuts what it indexes the
// same way (`search_words`, migration 20261209010000_search_what_was_said): any run of characters
// other than letters and digits separates words, and an identifier is also cut where its case
// changes. Change one and the other must follow (lib/chat/chats/search.test.ts holds them together).

/** A word as search compares it (lower case), and where it stands in the text it came from. */
export type Word = { text: string; start: number; end: number };

/** What one typed piece (no spaces) asks for: any of these word sequences, the last word a prefix. */
export type SearchTerm = string[][];

// Letters, digits and the marks that combine with them: what the database's [[:alnum:]] holds.
const RUN = /[\p{L}\p{M}\p{N}]+/gu;

/** At most this many pieces of a search are looked for, and this many words in all. */
const MAX_TERMS = 8;
const MAX_WORDS = 16;

/** A run of letters and digits cut where its case changes, as the database's two replacements cut it ([[:digit:]] is 0 to 9). */
function casePieces(run: string): string[] {
  return run
    .replace(/([\p{Ll}0-9])(\p{Lu})/gu, "$1 $2")
    .replace(/(\p{Lu})(\p{Lu}\p{Ll})/gu, "$1 $2")
    .split(" ");
}

/** The runs of letters and digits of `text`, lower-cased, with their places. */
export function textWords(text: string): Word[] {
  return [...text.matchAll(RUN)].map((match) => ({
    text: match[0].toLowerCase(),
    start: match.index,
    end: match.index + match[0].length,
  }));
}

/** The same text's words with identifiers cut where their case changes ("camelCase" is "camel", "case"). */
export function casePieceWords(text: string): Word[] {
  return [...text.matchAll(RUN)].flatMap((match) => {
    let start = match.index;
    return casePieces(match[0]).map((piece) => {
      const word = { text: piece.toLowerCase(), start, end: start + piece.length };
      start = word.end;
      return word;
    });
  });
}

/**
 * What a person typed, as terms: each piece between spaces asks for its words in a row (an address
 * like "ada@example.com" is "ada", "example", "com"), either as written or cut where its case
 * changes, the last word as a prefix, so a search finds what is still being typed.
 */
export function parseSearch(typed: string): SearchTerm[] {
  const terms: SearchTerm[] = [];
  let budget = MAX_WORDS;
  for (const piece of typed.split(/\s+/u)) {
    if (terms.length === MAX_TERMS || budget === 0) break;
    const words = textWords(piece)
      .map((word) => word.text)
      .slice(0, budget);
    if (words.length === 0) continue;
    const pieces = casePieceWords(piece)
      .map((word) => word.text)
      .slice(0, MAX_WORDS);
    budget -= words.length;
    terms.push(pieces.join(" ") === words.join(" ") ? [words] : [words, pieces]);
  }
  return terms;
}

/** A tsquery phrase: the words in a row, the last a prefix. Words hold only letters and digits. */
function phrase(words: string[]): string {
  return words
    .map((word, index) => (index === words.length - 1 ? `'${word}':*` : `'${word}'`))
    .join(" <-> ");
}

/**
 * The tsquery for the terms: every term required. Only letters and digits reach it, so no input
 * can change the query's syntax. Null when nothing searchable was typed.
 */
export function termsQuery(terms: SearchTerm[]): string | null {
  if (terms.length === 0) return null;
  return terms
    .map((term) =>
      term.length === 1 ? phrase(term[0]!) : `(${term.map((words) => phrase(words)).join(" | ")})`,
    )
    .join(" & ");
}
