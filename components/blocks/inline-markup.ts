/** Text without these characters reads the same as Markdown, and skips the parser. */
const MARKUP = /[*_`[\]<&\\~]|https?:\/\/|www\./i;

/** A text run split into the spaces at its ends, which join it to its neighbours, and its core; null without markup. */
export function inlineMarkup(text: string): { lead: string; core: string; trail: string } | null {
  if (!MARKUP.test(text)) return null;
  const [, lead = "", core = "", trail = ""] = /^(\s*)([\s\S]*?)(\s*)$/.exec(text) ?? [];
  return { lead, core, trail };
}
