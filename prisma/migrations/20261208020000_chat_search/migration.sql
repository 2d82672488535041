-- Chat search (decision 022): a visitor's chats by the text of their messages and replies (the text
-- parts the page draws, never frames' JSON or block source), with built-in full-text search in the
-- 'simple' configuration: no stemming and no stop words, so any word typed is found as a prefix.

-- Each item carries its chat's owner, so one index answers "this visitor's items holding these
-- words" without visiting other visitors' matches. A chat never changes owner; the trigger fills
-- the column on every insert, whichever statement makes the item.
ALTER TABLE "Item" ADD COLUMN "visitorId" UUID;

UPDATE "Item" i SET "visitorId" = c."visitorId" FROM "Chat" c WHERE c."id" = i."chatId";

CREATE FUNCTION "item_visitor"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."visitorId" := (SELECT "visitorId" FROM "Chat" WHERE "id" = NEW."chatId");
  RETURN NEW;
END
$$;

CREATE TRIGGER "Item_visitor" BEFORE INSERT ON "Item" FOR EACH ROW EXECUTE FUNCTION "item_visitor"();

-- The item's words and one lexeme naming its owner ("visitor <id>", which holds a space the
-- parser never puts in a word): a search ANDs the owner into its query, so the index intersects
-- the visitor's items with the words' in one scan. Prisma cannot describe an expression index;
-- lib/chat/store/search.ts repeats this expression word for word, and lib/chat/chats/search.test.ts proves the
-- planner uses it.
CREATE INDEX "Item_text_search_idx" ON "Item" USING GIN ((
  to_tsvector('simple'::regconfig, jsonb_path_query_array("parts", '$[*] ? (@.kind == "text").text'))
  || array_to_tsvector(ARRAY['visitor ' || coalesce("visitorId"::text, '')])
));
