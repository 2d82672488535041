-- Chat search finds what the page draws, typed as people type it (decision 029): e-mail addresses,
-- addresses of pages, file paths and identifiers, the text of blocks and of ChoiceLists, not only
-- the words of messages.

-- The words of a text as search matches them. The parser of full-text search reads
-- "ada@example.com" or "src/app/page.tsx" as one token, which "example.com" or "page" never
-- matches; so every run of characters other than letters and digits becomes a space first, and an
-- address is its words in a row, which a search matches as a phrase. Identifiers are also split
-- where their case changes ("camelCaseName", "HTTPServer"), appended after the text so that its
-- own word positions stay as written. lib/chat/chats/search-words.ts splits what is typed the same way.
CREATE FUNCTION "search_words"("body" text) RETURNS tsvector
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  words text := regexp_replace(coalesce("body", ''), '[^[:alnum:]]+', ' ', 'g');
  pieces text := regexp_replace(
    regexp_replace(words, '([[:lower:][:digit:]])([[:upper:]])', '\1 \2', 'g'),
    '([[:upper:]])([[:upper:]][[:lower:]])', '\1 \2', 'g');
BEGIN
  IF pieces = words THEN
    RETURN to_tsvector('pg_catalog.simple'::regconfig, words);
  END IF;
  RETURN to_tsvector('pg_catalog.simple'::regconfig, words) || to_tsvector('pg_catalog.simple'::regconfig, pieces);
END
$$;

-- The text an item draws, part by part: the prose of its text parts (a link's address is not
-- drawn, only its text), a ChoiceList's prompt, labels and descriptions, the summary or text of a
-- frame this app cannot draw, and each block's plain-text fallback from the item's final blocks.
-- Never a frame's JSON, an action's input or a block's source.
CREATE FUNCTION "item_search_text"("parts" jsonb, "blocks" jsonb) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(string_agg(piece."text", E'\n' ORDER BY part."n", piece."m"), '')
  FROM jsonb_path_query("parts", '$[*]') WITH ORDINALITY AS part("value", "n")
  CROSS JOIN LATERAL jsonb_array_elements_text(CASE part."value" ->> 'kind'
    WHEN 'text' THEN jsonb_build_array(regexp_replace(regexp_replace(part."value" ->> 'text',
      '\]\([^)]*\)', ']', 'g'), '^ {0,3}\[[^]]*\]:.*$', '', 'gn'))
    WHEN 'component' THEN jsonb_path_query_array(part."value", '$.props.prompt')
      || jsonb_path_query_array(part."value", '$.props.choices[*].label')
      || jsonb_path_query_array(part."value", '$.props.choices[*].description')
    WHEN 'fallback' THEN CASE WHEN part."value" ? 'componentKey' AND part."value" ? 'summary'
      THEN jsonb_path_query_array(part."value", '$.summary') ELSE jsonb_path_query_array(part."value", '$.text') END
    WHEN 'block' THEN jsonb_path_query_array("blocks", '$[*] ? (@.id == $id).fallback',
      jsonb_build_object('id', part."value" -> 'blockId'))
    ELSE '[]'::jsonb END) WITH ORDINALITY AS piece("text", "m")
  WHERE piece."text" IS NOT NULL
$$;

-- What the index holds for an item: its words and one lexeme naming its owner ("visitor <id>",
-- which holds a space no word does), so one index scan answers "this visitor's items holding
-- these words" (decision 022). lib/chat/store/search.ts calls this function with the same arguments.
-- Building and maintaining an index runs with only pg_catalog on the search path: the path the
-- migration runs with is kept, so the two functions above are found.
CREATE FUNCTION "item_search_document"("parts" jsonb, "blocks" jsonb, "visitorId" uuid) RETURNS tsvector
LANGUAGE sql IMMUTABLE PARALLEL SAFE SET search_path FROM CURRENT AS $$
  SELECT "search_words"("item_search_text"("parts", "blocks"))
    || array_to_tsvector(ARRAY['visitor ' || coalesce("visitorId"::text, '')])
$$;

-- The index built from what each existing item draws, under the same name, replacing the one that
-- held only the words of text parts. Building it reads every item once: the backfill.
DROP INDEX "Item_text_search_idx";
CREATE INDEX "Item_text_search_idx" ON "Item" USING GIN (("item_search_document"("parts", "blocks", "visitorId")));
