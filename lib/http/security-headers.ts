/** Where the API reference's renderer writes `<style>` elements without a nonce (decision 020); its scripts stay nonce-bound. */
export const INLINE_STYLE_PAGES = new Set(["/docs/api"]);

/** Next puts the nonce on its scripts ('strict-dynamic' loads their chunks), so no 'unsafe-inline'; Web APIs only. */
export function contentSecurityPolicy(
  nonce: string,
  { development = false, inlineStyles = false } = {},
): string {
  return [
    "default-src 'self'",
    // `next dev` evaluates modules for fast refresh; a production build never needs eval.
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${development ? " 'unsafe-eval'" : ""}`,
    // `next dev` injects its overlay's styles without the nonce; a production build does not.
    development || inlineStyles
      ? "style-src 'self' 'unsafe-inline'"
      : `style-src 'self' 'nonce-${nonce}'`,
    // A block's progress bar sets its width in a style attribute, which cannot carry a nonce.
    "style-src-attr 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** A fresh nonce for one response: 128 random bits, base64. */
export function createNonce(): string {
  return btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(16))));
}
