import "server-only";
import type { Documented } from "../operation";
import * as answers from "./answers";
import * as chats from "./chats";
import * as deployment from "./deployment";
import * as shares from "./shares";

/** Every operation by its id: a declaration added to one of these modules is served and documented. */
export const OPERATIONS: Readonly<Record<string, Documented>> = {
  ...chats,
  ...answers,
  ...deployment,
  ...shares,
};
