/** Values a block's controls could not have produced, or a block too large to check. */
export const VALUE_REFUSALS = ["refused_binding", "invalid_value", "budget_exceeded"] as const;
