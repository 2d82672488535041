import { lazy, Suspense } from "react";
import { useDrawn } from "@/components/chat/drawn-context";
import { useInLabel } from "./context";
import { inlineMarkup } from "./inline-markup";

const InlineMarkdownText = lazy(() => import("./inline-markdown-text"));

/** One text run: inline Markdown, as the server drew it for a finished message, or parsed here. */
export function InlineMarkdown({ text }: { text: string }) {
  const inLabel = useInLabel();
  const markup = inlineMarkup(text);
  const drawn = useDrawn(inLabel ? "inlineLabel" : "inline", markup?.core ?? "");
  if (!markup) return <>{text}</>;
  return (
    <>
      {markup.lead}
      {drawn !== undefined ? (
        drawn
      ) : (
        // Until the parser has loaded, the text reads as written.
        <Suspense fallback={markup.core}>
          <InlineMarkdownText source={markup.core} inLabel={inLabel} />
        </Suspense>
      )}
      {markup.trail}
    </>
  );
}
