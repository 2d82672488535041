import * as z from "zod/mini";
import { isJsonRecord, type JsonRecord } from "./bounded-json";
import { CHOICE_LIST_LIMITS, IDENTIFIER_PATTERN } from "./constants";
import type { ComponentDefinition } from "./component-definition";

export const IdentifierSchema = z.string().check(z.regex(IDENTIFIER_PATTERN));

/** Action input must itself be bounded JSON; `z.record` would copy keys such as `__proto__` by assignment. */
export const ChoiceActionInputSchema = z.custom<JsonRecord>((value) =>
  isJsonRecord(value, CHOICE_LIST_LIMITS.actionInputKeyMax),
);

export const ChoiceActionSchema = z.strictObject({
  name: IdentifierSchema,
  input: ChoiceActionInputSchema,
});
export type ChoiceAction = z.infer<typeof ChoiceActionSchema>;

export const ChoiceSchema = z.strictObject({
  id: IdentifierSchema,
  label: z.string().check(z.minLength(1), z.maxLength(CHOICE_LIST_LIMITS.labelMax)),
  description: z.optional(
    z.string().check(z.minLength(1), z.maxLength(CHOICE_LIST_LIMITS.descriptionMax)),
  ),
  action: z.optional(ChoiceActionSchema),
});
export type Choice = z.infer<typeof ChoiceSchema>;

export const ChoiceListPropsSchema = z.strictObject({
  prompt: z.string().check(z.minLength(1), z.maxLength(CHOICE_LIST_LIMITS.promptMax)),
  choices: z.array(ChoiceSchema).check(
    z.minLength(CHOICE_LIST_LIMITS.choicesMin),
    z.maxLength(CHOICE_LIST_LIMITS.choicesMax),
    z.refine((choices) => new Set(choices.map((choice) => choice.id)).size === choices.length, {
      message: "Choice ids must be unique.",
    }),
  ),
});
export type ChoiceListProps = z.infer<typeof ChoiceListPropsSchema>;

/** Plain-text rendering for consumers that cannot draw buttons: `<prompt> <label1>, <label2>.` */
export function formatChoiceListFallback(props: ChoiceListProps): string {
  return `${props.prompt} ${props.choices.map((choice) => choice.label).join(", ")}.`;
}

export const CHOICE_LIST_KEY = "choice-list";

export const ChoiceListComponent: ComponentDefinition<typeof CHOICE_LIST_KEY, ChoiceListProps> =
  Object.freeze({
    key: CHOICE_LIST_KEY,
    props: ChoiceListPropsSchema,
    describe: formatChoiceListFallback,
  });
