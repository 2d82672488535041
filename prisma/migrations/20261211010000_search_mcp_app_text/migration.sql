-- Chat search finds an MCP App's text too: the `fallback` of an `mcp-app` part, the result's text
-- that stands for the view for a reader who cannot run it and that the agent's history reads.
-- Never the call's input or the view's HTML. lib/chat/chats/snippet.ts (`itemPlainText`) draws
-- the same text for a snippet.
CREATE OR REPLACE FUNCTION "item_search_text"("parts" jsonb, "blocks" jsonb) RETURNS text
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
    WHEN 'mcp-app' THEN jsonb_path_query_array(part."value", '$.fallback')
    ELSE '[]'::jsonb END) WITH ORDINALITY AS piece("text", "m")
  WHERE piece."text" IS NOT NULL
$$;

-- The index holds what the function returned when each item was written: built again, every item
-- is read once and an MCP App's text is found in replies written before this migration too.
REINDEX INDEX "Item_text_search_idx";
