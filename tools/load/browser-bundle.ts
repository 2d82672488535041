// First-load JS of `/` and of a chat page, from the build: what a browser loads before the route
// is interactive, each file gzipped (level 9), summed (first-load-js.ts).
import { join } from "node:path";
import type { BrowserLoad, BrowserScenario } from "./browser-context";
import { firstLoadJs } from "./first-load-js";

const root = join(__dirname, "../..");
const AIM_KIB = 150;

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

async function run(load: BrowserLoad): Promise<void> {
  const home = firstLoadJs(join(root, ".next"), "/");
  const chat = firstLoadJs(join(root, ".next"), "/chats/[chatId]");
  const largest = [...chat.files].sort((a, b) => b.gzipBytes - a.gzipBytes).slice(0, 4);
  load.note(
    `first-load JS: / ${kib(home.gzipBytes)} in ${home.files.length} files; a chat page ${kib(chat.gzipBytes)} in ${chat.files.length} files (gzip -9 of each file the build has the route load before it is interactive)`,
  );
  load.figure({
    figure: "First-load JS, chat page (gzip)",
    measured: kib(chat.gzipBytes),
    baseline: `/: ${kib(home.gzipBytes)}`,
    ratio: `${(chat.gzipBytes / home.gzipBytes).toFixed(2)}×`,
    aim: `≤ ${AIM_KIB} KiB`,
    met: chat.gzipBytes <= AIM_KIB * 1024,
    why: `${chat.files.length} files; the largest ${largest.map((file) => `${file.file.split("/").pop()} ${kib(file.gzipBytes)}`).join(", ")}`,
  });
}

export const bundle: BrowserScenario = { name: "first-load-js", run };
