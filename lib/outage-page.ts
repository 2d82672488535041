// What a page answers while the database is out of reach. A page cannot set its own status (Next
// gives an error boundary 500), so the proxy answers this before the page renders. Web APIs only.

/** The page's own words, which checks and tests look for. */
export const OUTAGE_SENTENCE = "Answerable cannot reach its database right now.";

// As long as the API's `database-unavailable` asks a client to wait before trying again.
export const OUTAGE_RETRY_SECONDS = 5;

/** Whether a request asks for a page (a document, or the data of a client navigation), not the API or a file. */
export function isPageRequest(request: Request): boolean {
  const { pathname } = new URL(request.url);
  if (request.method !== "GET" && request.method !== "HEAD") return false;
  return (
    !pathname.startsWith("/api/") &&
    !pathname.startsWith("/_next/") &&
    !/\.[a-z0-9]+$/i.test(pathname)
  );
}

/**
 * 503 with Retry-After and a page that says so in plain words, counts down and reloads by itself
 * (a refresh meta without script), and offers a button to try at once. The database back, the
 * next load is the page itself. Its script and style carry the nonce of the response's policy.
 */
export function outageResponse({ nonce, policy }: { nonce: string; policy: string }): Response {
  const seconds = OUTAGE_RETRY_SECONDS;
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Can’t reach the database · Answerable</title>
<noscript><meta http-equiv="refresh" content="${seconds}"></noscript>
<style nonce="${nonce}">
  :root { color-scheme: light dark; font-family: ui-sans-serif, system-ui, sans-serif; }
  body { margin: 0; display: grid; min-height: 100dvh; place-items: center; background: Canvas; color: CanvasText; }
  main { max-width: 32rem; padding: 2rem 1rem; line-height: 1.5; }
  h1 { font-size: 1.25rem; margin: 0 0 .75rem; }
  button { font: inherit; padding: .5rem 1rem; border-radius: .5rem; border: 1px solid #4f46e5; background: #4f46e5; color: #fff; cursor: pointer; }
</style>
</head>
<body>
<main>
<h1>${OUTAGE_SENTENCE}</h1>
<p>This page tries again by itself and opens as soon as the database is back.</p>
<p id="countdown">Trying again in ${seconds} seconds…</p>
<form method="get"><button type="submit">Try again</button></form>
</main>
<script nonce="${nonce}">
  (function () {
    var left = ${seconds};
    var status = document.getElementById("countdown");
    var tick = setInterval(function () {
      left -= 1;
      if (left > 0) { status.textContent = "Trying again in " + left + (left === 1 ? " second…" : " seconds…"); return; }
      clearInterval(tick);
      status.textContent = "Trying again…";
      location.reload();
    }, 1000);
  })();
</script>
</body>
</html>
`;
  return new Response(html, {
    status: 503,
    headers: {
      "content-type": "text/html; charset=utf-8",
      "retry-after": String(seconds),
      "cache-control": "no-store",
      "content-security-policy": policy,
    },
  });
}
