import { blockFollowUp } from "./block-scenarios";
import { exampleFollowUp } from "./example-scenarios";
import { outcomeReply } from "./outcome-replies";
import type { Script } from "./scenario";
import { chunkText } from "./pacing";
import { commandList, findStarter, HELP_COMMAND, helpReply, starterKey } from "./starters";

const CHOICE =
  /^The person chose "(.+)" from your UI reply; their message is the visible context of that choice\.\n\n([\s\S]*)$/;

/**
 * The mock agent's reply to a message: the next step for a picked choice, an answer to an action's
 * outcome, a starter's scenario, the slash commands, or the help reply.
 */
export function scriptedReply(message: string): Script {
  const chosen = CHOICE.exec(message);
  if (chosen) {
    const [, label = "", context = ""] = chosen;
    const followUp = blockFollowUp(context) ?? exampleFollowUp(context);
    if (followUp) return { text: followUp, pace: 1 };
    // A pick on the help reply's list sends a starter, which its scenario answers.
    return starterScript(context) ?? { text: `Noted: **${label}**. ${nextStep(label)}`, pace: 1 };
  }
  const outcome = outcomeReply(message);
  if (outcome) return { text: outcome, pace: 1 };
  if (starterKey(message) === HELP_COMMAND) return commandList();
  return starterScript(message) ?? helpReply(message);
}

/** The chunks a script streams in: its pieces, or small ones as a model streams tokens. */
export function scriptChunks({ text, pieces }: Script): string[] {
  return pieces ?? chunkText(text);
}

function starterScript(message: string): Script | null {
  const found = findStarter(message);
  return (
    found && {
      text: found.scenario.reply(),
      subagent: found.scenario.subagent?.(),
      pace: found.pace,
      app: found.scenario.app,
    }
  );
}

function nextStep(label: string): string {
  if (/documentation/i.test(label)) return "The component guide starts with the manifest.";
  if (/demo/i.test(label)) return "The demo walks through a ChoiceList from start to finish.";
  return "What would you like to do next?";
}
