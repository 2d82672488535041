import { App, applyDocumentTheme, type McpUiHostContext } from "@modelcontextprotocol/ext-apps";

// The deployment-window view: it shows the week's free windows (the tool's result, or a week it
// fetches with `deployment_slots` when the host lets it call tools), sends the one a person
// confirms as their message, and then draws itself answered. A host that knows the view was
// answered already says so in its context (`answered`), and the view draws answered at once.

type Window = { id: string; start: string; end: string; label: string };
type Slots = { service: string; weekOf: string; windows: Window[] };
type Answered = { text: string; at: string };

const view = document.getElementById("view")!;
const app = new App({ name: "Deployment window", version: "1.0.0" }, {}, { autoResize: true });
let slots: Slots | null = null;
let chosen: string | null = null;
let answered: Answered | null = null;

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Partial<HTMLElementTagNameMap[K]> = {},
  children: (Node | string)[] = [],
): HTMLElementTagNameMap[K] {
  const node = Object.assign(document.createElement(tag), props);
  node.append(...children);
  return node;
}

function readAnswered(context: McpUiHostContext | undefined): Answered | null {
  const value = context?.answered as Partial<Answered> | undefined;
  return value && typeof value.text === "string"
    ? { text: value.text, at: String(value.at ?? "") }
    : null;
}

function applyContext(context: McpUiHostContext | undefined): void {
  if (context?.theme) applyDocumentTheme(context.theme);
  answered = readAnswered(context) ?? answered;
  draw();
}

function readSlots(structured: unknown, service?: string): Slots | null {
  const value = structured as Partial<Slots> | undefined;
  if (!value || typeof value.weekOf !== "string" || !Array.isArray(value.windows)) return null;
  return {
    service: value.service ?? service ?? slots?.service ?? "the service",
    weekOf: value.weekOf,
    windows: value.windows,
  };
}

function draw(): void {
  if (answered) return drawAnswered(answered);
  if (!slots) return;
  const current = slots;
  const canFetch = Boolean(app.getHostCapabilities()?.serverTools);
  const radios = current.windows.map((window) =>
    element("label", { className: "slot" }, [
      element("input", {
        type: "radio",
        name: "window",
        value: window.id,
        checked: window.id === chosen,
        onchange: () => {
          chosen = window.id;
          confirm.disabled = false;
        },
      }),
      window.label,
    ]),
  );
  const confirm = element("button", {
    type: "submit",
    className: "primary",
    disabled: chosen === null,
    textContent: "Confirm window",
  });
  const week = canFetch
    ? [
        element("div", { className: "week" }, [
          element("button", {
            type: "button",
            textContent: "Previous week",
            onclick: () => void fetchWeek(-1),
          }),
          element("button", {
            type: "button",
            textContent: "Next week",
            onclick: () => void fetchWeek(1),
          }),
        ]),
      ]
    : [];
  const form = element("form", { onsubmit: (event) => (event.preventDefault(), void send()) }, [
    element("h1", { textContent: `Deploy ${current.service}` }),
    ...week,
    element("fieldset", {}, [
      element("legend", { textContent: `Free windows, week of ${current.weekOf}` }),
      current.windows.length === 0
        ? element("p", { className: "muted", textContent: "No free window this week." })
        : element("div", { className: "slots" }, radios),
    ]),
    confirm,
  ]);
  view.replaceChildren(form);
}

function drawAnswered({ text }: Answered): void {
  view.replaceChildren(
    element("h1", { textContent: "Deployment window chosen" }),
    element("p", { textContent: text }),
  );
}

async function fetchWeek(weeks: number): Promise<void> {
  if (!slots) return;
  const monday = new Date(Date.parse(`${slots.weekOf}T00:00:00Z`) + weeks * 7 * 86_400_000);
  const result = await app.callServerTool({
    name: "deployment_slots",
    arguments: { weekOf: monday.toISOString().slice(0, 10) },
  });
  const next = readSlots(result.structuredContent);
  if (next) [slots, chosen] = [next, null];
  draw();
}

async function send(): Promise<void> {
  const window = slots?.windows.find((each) => each.id === chosen);
  if (!slots || !window) return;
  const text = `Deploy ${slots.service} in the window ${window.label} (${window.id}).`;
  await app.updateModelContext({
    structuredContent: { service: slots.service, chosenWindow: window },
  });
  const sent = await app.sendMessage({ role: "user", content: [{ type: "text", text }] });
  if (sent.isError) {
    view.append(
      element("p", { role: "alert", textContent: "The chat did not take the choice. Try again." }),
    );
    return;
  }
  answered = { text, at: new Date().toISOString() };
  draw();
}

app.ontoolresult = (result) => {
  slots = readSlots(result.structuredContent) ?? slots;
  draw();
};
app.onhostcontextchanged = (context) => applyContext(context);
app.onteardown = async () => ({});
void app.connect().then(() => applyContext(app.getHostContext()));
