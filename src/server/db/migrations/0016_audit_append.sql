ALTER TABLE "audit_chain_heads" ADD COLUMN "prev_hash" text;--> statement-breakpoint
-- hand-written
-- The chained audit append (decision 011) as one function, so each connection plans its two
-- statements once (PL/pgSQL caches them) instead of parsing and planning a three-part CTE on
-- every event: a third to two fifths of the append's time went there (bench/audit-append-probe.ts).
-- The head moves first: UPDATE takes the row lock (the appends of one chain still run one at a
-- time until the caller's transaction ends), and its SET reads the newest committed version, so
-- sequence + 1 and the link hash follow the head another transaction committed meanwhile. The old
-- hash comes back through prev_hash. Answers the event's position, or null when the chain has no
-- head row yet (the caller makes it from the events and calls again).
CREATE OR REPLACE FUNCTION audit_append(
  p_chain text, p_id uuid, p_agency_id uuid, p_actor_user_id uuid, p_action text,
  p_entity_type text, p_entity_id text, p_details jsonb, p_ip_address text, p_user_agent text,
  p_request_id text, p_created_at timestamptz, p_content_digest text, p_personal_hash text
) RETURNS bigint AS $$
DECLARE
  v_sequence bigint;
  v_prev_hash text;
  v_hash text;
BEGIN
  UPDATE audit_chain_heads
    SET sequence = sequence + 1, prev_hash = hash,
      hash = encode(sha256(convert_to(hash || p_content_digest, 'UTF8')), 'hex')
    WHERE chain = p_chain
    RETURNING sequence, prev_hash, hash INTO v_sequence, v_prev_hash, v_hash;
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  INSERT INTO audit_events (id, agency_id, actor_user_id, action, entity_type, entity_id, details,
    ip_address, user_agent, request_id, created_at, sequence, prev_hash, hash, content_hash)
  VALUES (p_id, p_agency_id, p_actor_user_id, p_action, p_entity_type, p_entity_id, p_details,
    p_ip_address, p_user_agent, p_request_id, p_created_at, v_sequence, v_prev_hash, v_hash,
    p_personal_hash);
  RETURN v_sequence;
END;
$$ LANGUAGE plpgsql;
