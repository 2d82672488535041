// Picks no page could send, on the release checklist's block: values its controls cannot produce
// (off the Slider's step of 5, an Item checked twice, which would pass the `@Count($checks) < 2`
// that keeps "Release" disabled) and revisions no reply has. Each must be refused with a 4xx and a
// code and write nothing, and the block must then still take the pick a page can send, so a
// refusal for any other reason (a stale revision, a missing block) cannot pass for one.
import { CHECKLIST, checklistBlock, messagesFromPicks, READY, repliedChat } from "./chats";
import { type Answer, describeAnswers, hasCode, Tally, Visitor } from "./http";
import { n, type Suite } from "./suite";

const FORGED_VALUES: Array<[string, Record<string, unknown>]> = [
  ["$rollout 7 (step 5)", { ...READY, $rollout: 7 }],
  ["$rollout 99.999", { ...READY, $rollout: 99.999 }],
  ['$checks ["tests","tests"]', { ...READY, $checks: ["tests", "tests"] }],
];
const FORGED_REVISIONS: Array<[string, number]> = [
  ["2^31", 2 ** 31],
  ["2^32+1", 2 ** 32 + 1],
  ["2^53-1", Number.MAX_SAFE_INTEGER],
  ["-1", -1],
  ["1.5", 1.5],
];

/** A fresh checklist reply and a way to pick on its block, with any field replaced. */
async function checklist(base: string, tally: Tally) {
  const visitor = new Visitor(base, tally);
  const { chatId, reply } = await repliedChat(visitor, CHECKLIST);
  const block = checklistBlock(reply);
  const pick = (values: unknown, extra: Record<string, unknown> = {}) =>
    visitor.post(`/api/chats/${chatId}/ui-choices`, {
      itemId: block.itemId,
      blockId: block.blockId,
      revision: block.revision,
      choiceId: block.release,
      values,
      ...extra,
    });
  return { chatId, itemId: block.itemId, pick };
}

/** What a pick left in Postgres: stored answers of the reply and messages sent to the agent. */
async function written(suite: Suite, chatId: string, itemId: string): Promise<number> {
  return (
    (await suite.rows.count(`SELECT count(*)::int AS "count" FROM "UiAnswer" WHERE "itemId" = $1`, [
      itemId,
    ])) + (await messagesFromPicks(suite.rows, chatId))
  );
}

/** Each forged value on a block of its own: an accepted one would answer the block. */
export async function forgedValues(suite: Suite, base: string): Promise<void> {
  const attacks = new Tally();
  const answers: Answer[] = [];
  let accepted = 0;
  let controls = 0;
  for (const [label, values] of FORGED_VALUES) {
    const block = await checklist(base, new Tally());
    const answer = await block.pick(values);
    attacks.note(label, answer.status);
    answers.push(answer);
    if (
      (answer.status >= 200 && answer.status < 300) ||
      (await written(suite, block.chatId, block.itemId)) > 0
    )
      accepted += 1;
    else if ((await block.pick(READY)).status === 200) controls += 1;
  }
  const misanswered = answers.filter(
    (answer) => answer.status !== 422 || answer.body.code !== "invalid_value",
  ).length;
  suite.print(
    `forgery  ${FORGED_VALUES.length} picks with values no control can produce (${FORGED_VALUES.map(([label]) => label).join(", ")}): ${accepted} forged picks accepted, ${misanswered} answered other than 422 invalid_value (${describeAnswers(answers)}); ${controls} of ${FORGED_VALUES.length - accepted} refused blocks then took a page's pick`,
  );
  if (accepted > 0 || misanswered > 0 || attacks.serverErrors > 0)
    suite.fail(
      `forged picks: ${accepted} accepted, ${misanswered} not 422 invalid_value: ${describeAnswers(answers)}`,
    );
  if (controls < FORGED_VALUES.length - accepted)
    suite.fail(
      `forged picks: ${FORGED_VALUES.length - accepted - controls} refused blocks did not take a page's pick afterwards, so their refusals prove nothing`,
    );
}

/** Revisions outside any reply's on one block: each refused with a code, the block still answerable. */
export async function forgedRevisions(suite: Suite, base: string): Promise<void> {
  const attacks = new Tally();
  const block = await checklist(base, new Tally());
  const answers: Answer[] = [];
  for (const [label, revision] of FORGED_REVISIONS) {
    const answer = await block.pick(READY, { revision });
    attacks.note(`revision ${label}`, answer.status);
    answers.push(answer);
  }
  const uncoded = answers.filter(
    (answer) => answer.status >= 400 && answer.status < 500 && !hasCode("POST", answer),
  ).length;
  const notRefused = answers.filter((answer) => answer.status < 400 || answer.status >= 500).length;
  const stored = await written(suite, block.chatId, block.itemId);
  const control = stored === 0 ? (await block.pick(READY)).status : 0;
  suite.print(
    `forgery  ${n(FORGED_REVISIONS.length)} picks with revisions ${FORGED_REVISIONS.map(([label]) => label).join(", ")}: ${attacks.serverErrors} × 5xx, ${notRefused} not answered 4xx, ${uncoded} 4xx without a code (${describeAnswers(answers)}), ${stored} answers written; the block then took a page's pick: ${control === 200 ? "yes" : `no (${control})`}`,
  );
  if (attacks.serverErrors + notRefused + uncoded + stored > 0)
    suite.fail(
      `forged revisions: ${attacks.failures.slice(0, 3).join("; ") || describeAnswers(answers)}; ${stored} written`,
    );
  else if (control !== 200)
    suite.fail(
      `forged revisions: the block did not take a page's pick afterwards (${control}), so its refusals prove nothing`,
    );
}
