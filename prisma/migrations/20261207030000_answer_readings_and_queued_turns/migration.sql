-- An answer keeps the readings its pick was proven on (query → { readId, args, value, readAt }),
-- so an answered live block draws the data it was answered on, forever. Older answers have none.
ALTER TABLE "UiAnswer" ADD COLUMN "readings" JSONB;

-- A queued message is given the id of the turn that will answer it when it is queued.
ALTER TABLE "QueuedMessage" ADD COLUMN "turnId" UUID;

-- A pick's message carries its whole origin: what was picked, with which values, and when.
UPDATE "Item" item SET "origin" = item."origin" || jsonb_build_object(
    'values', answer."values", 'sourceAt', to_char(answer."sourceAt", 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'older', answer."older", 'at', to_char(answer."at", 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
  FROM "UiAnswer" answer
  WHERE answer."messageId" = item."id" AND item."origin"->>'kind' = 'uiChoice';
UPDATE "QueuedMessage" queued SET "origin" = queued."origin" || jsonb_build_object(
    'values', answer."values", 'sourceAt', to_char(answer."sourceAt", 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'older', answer."older", 'at', to_char(answer."at", 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
  FROM "UiAnswer" answer
  WHERE answer."queuedId" = queued."id" AND queued."origin"->>'kind' = 'uiChoice';
