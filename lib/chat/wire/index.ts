// Shared by the server (which stores and streams it) and the page (which folds it).
export * from "./parts";
export * from "./blocks";
export * from "./views";
export * from "./events";
export * from "./shares";
export {
  addEarlierItems,
  appendText,
  applyChatEvent,
  eventItemId,
  type SequencedEvent,
} from "./reducer";
export { diffParts } from "./diff";
export {
  confirmationOutcome,
  inputChanges,
  reopensList,
  type ConfirmationOutcome,
  type InputChange,
} from "./confirmations";
export * from "./search";
