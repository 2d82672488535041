/**
 * The sandbox proxy an MCP App's view runs inside (served at /mcp-sandbox). The page frames it with
 * `sandbox="allow-scripts allow-forms"` and no `allow-same-origin`, so it runs in an opaque origin:
 * it cannot read the app's DOM, cookies or storage, nor navigate the top window. It waits for the
 * view's HTML from the host (`ui/notifications/sandbox-resource-ready`), draws it in an inner
 * `srcdoc` iframe (its own sandbox, `allow-scripts allow-forms` at most, and the view's CSP in a
 * meta element), and relays JSON-RPC both ways: to the host at the app's origin only, to the view
 * with `*`, the one target an opaque origin accepts.
 */

/** The inner frame's sandbox may only ever hold these. */
const INNER_SANDBOX_TOKENS = ["allow-scripts", "allow-forms"];

function proxyScript(hostOrigin: string): string {
  return `(() => {
  const host = ${JSON.stringify(hostOrigin)};
  const allowed = new Set(${JSON.stringify(INNER_SANDBOX_TOKENS)});
  let inner = null;
  const toHost = (message) => window.parent.postMessage(message, host);
  const withPolicy = (html, csp) => {
    if (!csp) return html;
    const meta = '<meta http-equiv="Content-Security-Policy" content="' + csp.replace(/"/g, "&quot;") + '">';
    return /<head[^>]*>/i.test(html) ? html.replace(/<head[^>]*>/i, (head) => head + meta) : meta + html;
  };
  window.addEventListener("message", (event) => {
    const data = event.data;
    if (!data || data.jsonrpc !== "2.0") return;
    if (event.source === window.parent && event.origin === host) {
      if (data.method === "ui/notifications/sandbox-resource-ready") {
        const params = data.params || {};
        if (inner) inner.remove();
        inner = document.createElement("iframe");
        const tokens = String(params.sandbox || "allow-scripts").split(/\\s+/).filter((token) => allowed.has(token));
        inner.setAttribute("sandbox", tokens.join(" "));
        inner.setAttribute("title", document.title);
        inner.srcdoc = withPolicy(String(params.html || ""), params.csp ? String(params.csp) : "");
        document.body.append(inner);
        return;
      }
      if (inner && inner.contentWindow) inner.contentWindow.postMessage(data, "*");
    } else if (inner && event.source === inner.contentWindow) {
      toHost(data);
    }
  });
  toHost({ jsonrpc: "2.0", method: "ui/notifications/sandbox-proxy-ready", params: {} });
})();`;
}

const STYLE =
  "html,body{margin:0;height:100%;background:transparent}iframe{display:block;border:0;width:100%;height:100%}";

/** The proxy's page for a host at `hostOrigin`, and its own Content-Security-Policy. */
export function sandboxProxyPage(hostOrigin: string): { html: string; policy: string } {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>MCP App</title><style>${STYLE}</style></head><body><script>${proxyScript(hostOrigin)}</script></body></html>`;
  // Inline script and style are the view's own (a srcdoc frame inherits this policy, and the
  // view's meta policy narrows it further); nothing is fetched from anywhere. Who may frame it is
  // X-Frame-Options' SAMEORIGIN (the route's), which a srcdoc frame does not inherit.
  const policy = [
    "default-src 'none'",
    "script-src 'unsafe-inline'",
    "style-src 'unsafe-inline'",
    "img-src data:",
    "font-src data:",
    "media-src data:",
    "connect-src 'none'",
    "frame-src 'self'",
    "child-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
  ].join("; ");
  return { html, policy };
}
