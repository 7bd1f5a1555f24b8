-- The passages a turn's answer cited (a JSON array of {id, text, origin, documentId, title, uri}), so that the next
-- follow-up grades them again for its own question. NULL: the answer cited nothing, or the turn predates this column.
ALTER TABLE conversation_turn ADD COLUMN cited TEXT;
