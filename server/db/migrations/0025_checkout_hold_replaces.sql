-- The checkout's hold also replaces the member's other checkouts, in the same statement and only
-- when the new hold succeeds (a member who opens a checkout again and finds the stock gone keeps
-- what they held), and checks the purchase cap against what the member bought under the same
-- locks. Replaces 0024's klubb_hold_checkout (another argument list).
--  1. locks the member's live sessions in id order (one member's holds are made one at a time);
--     goes on only while this session is still 'pending' (the member's other hold may have
--     replaced it meanwhile: outcome 'notPending');
--  2. locks the variants' rows in id order (FOR NO KEY UPDATE, as lockVariants does);
--  3. in new statements (each sees everything committed before the locks were granted):
--     availability for this member as server/commerce/stock.ts computes it, with their other
--     sessions' holds given back to them; the purchase cap (p_caps, 0 for none) against their
--     paid orders; outcome 'soldOut' or 'capReached' changes nothing;
--  4. 'held': one hold per line, the other sessions' holds deleted and the sessions ended
--     ('expired', end_reason 'replaced'), places the waiting list offered this member moved to
--     this checkout. Answers the replaced sessions (ids, and provider ids to expire there) and
--     whether anything is left to do for them (places they held, or members waiting for their units).
-- To change it, CREATE OR REPLACE it in a new migration.
DROP FUNCTION IF EXISTS klubb_hold_checkout(text, text, text, timestamptz, timestamptz, text[], integer[]);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION klubb_hold_checkout(
  p_brand_id text, p_checkout_id text, p_user_id text, p_expires_at timestamptz, p_at timestamptz,
  p_variant_ids text[], p_quantities integer[], p_caps integer[]
)
RETURNS TABLE (outcome text, replaced_ids text[], replaced_provider_ids text[], follow_up boolean)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  v_live text[];
  v_others text[];
  v_outcome text;
  v_freed text[];
  v_provider_ids text[];
BEGIN
  SELECT coalesce(array_agg(s.id), ARRAY[]::text[]) INTO v_live FROM (
    SELECT cs.id FROM checkout_session cs
    WHERE cs.brand_id = p_brand_id AND cs.user_id = p_user_id AND cs.status IN ('open', 'pending')
    ORDER BY cs.id FOR NO KEY UPDATE
  ) s;
  IF NOT (p_checkout_id = ANY (v_live)) THEN
    RETURN QUERY SELECT 'notPending'::text, ARRAY[]::text[], ARRAY[]::text[], false;
    RETURN;
  END IF;
  v_others := array_remove(v_live, p_checkout_id);
  PERFORM 1 FROM item_variant iv
  WHERE iv.brand_id = p_brand_id AND iv.id = ANY (p_variant_ids) ORDER BY iv.id FOR NO KEY UPDATE;
  WITH wanted AS (
    SELECT w.id, w.quantity, w.cap FROM unnest(p_variant_ids, p_quantities, p_caps) AS w (id, quantity, cap)
  ),
  lines AS (
    SELECT w.id, w.quantity, w.cap, COALESCE(b.bought, 0) AS bought,
      GREATEST(0,
        GREATEST(0, iv.stock - COALESCE(s.sold, 0) - COALESCE(h.held, 0) - COALESCE(h.offered, 0)) - COALESCE(q.queued, 0)
      ) + COALESCE(h.own_offered, 0) AS available
    FROM wanted w
    JOIN item_variant iv ON iv.brand_id = p_brand_id AND iv.id = w.id
    LEFT JOIN LATERAL (
      SELECT sum(ol.quantity) AS sold FROM order_line ol
      JOIN purchase_order o ON o.brand_id = ol.brand_id AND o.id = ol.order_id
      WHERE ol.brand_id = p_brand_id AND ol.item_variant_id = w.id AND o.status = 'paid'
    ) s ON true
    LEFT JOIN LATERAL (
      SELECT sum(ol.quantity) AS bought FROM order_line ol
      JOIN purchase_order o ON o.brand_id = ol.brand_id AND o.id = ol.order_id
      WHERE ol.brand_id = p_brand_id AND ol.item_variant_id = w.id AND o.status = 'paid' AND o.user_id = p_user_id
    ) b ON true
    LEFT JOIN LATERAL (
      SELECT
        sum(sh.quantity) FILTER (WHERE sh.kind = 'checkout' AND NOT (sh.checkout_session_id = ANY (v_others))) AS held,
        sum(sh.quantity) FILTER (WHERE sh.kind = 'waiting_list') AS offered,
        sum(sh.quantity) FILTER (WHERE sh.kind = 'waiting_list' AND sh.user_id = p_user_id) AS own_offered
      FROM stock_hold sh
      WHERE sh.brand_id = p_brand_id AND sh.item_variant_id = w.id AND sh.expires_at > p_at
    ) h ON true
    LEFT JOIN LATERAL (
      SELECT count(*) AS queued FROM waiting_list_entry e
      WHERE e.brand_id = p_brand_id AND e.item_variant_id = w.id AND e.status = 'waiting'
    ) q ON true
  )
  SELECT CASE
    WHEN count(*) < cardinality(p_variant_ids) THEN 'soldOut'
    WHEN bool_or(l.cap > 0 AND l.bought + l.quantity > l.cap) THEN 'capReached'
    WHEN bool_or(l.available < l.quantity) THEN 'soldOut'
    ELSE 'held'
  END INTO v_outcome FROM lines l;
  IF v_outcome IS DISTINCT FROM 'held' THEN
    RETURN QUERY SELECT coalesce(v_outcome, 'soldOut'), ARRAY[]::text[], ARRAY[]::text[], false;
    RETURN;
  END IF;
  INSERT INTO stock_hold (brand_id, item_variant_id, kind, checkout_session_id, user_id, quantity, expires_at)
  SELECT p_brand_id, w.id, 'checkout', p_checkout_id, p_user_id, w.quantity, p_expires_at
  FROM unnest(p_variant_ids, p_quantities) AS w (id, quantity);
  WITH freed AS (
    DELETE FROM stock_hold sh
    WHERE sh.brand_id = p_brand_id AND sh.checkout_session_id = ANY (v_others)
    RETURNING sh.item_variant_id
  )
  SELECT coalesce(array_agg(DISTINCT f.item_variant_id), ARRAY[]::text[]) INTO v_freed FROM freed f;
  WITH ended AS (
    UPDATE checkout_session cs SET status = 'expired', settled_at = p_at, end_reason = 'replaced'
    WHERE cs.brand_id = p_brand_id AND cs.id = ANY (v_others)
    RETURNING cs.provider_session_id
  )
  SELECT coalesce(array_agg(e.provider_session_id) FILTER (WHERE e.provider_session_id IS NOT NULL), ARRAY[]::text[])
  INTO v_provider_ids FROM ended e;
  WITH taken AS (
    UPDATE waiting_list_entry e SET checkout_session_id = p_checkout_id
    WHERE e.brand_id = p_brand_id AND e.user_id = p_user_id AND e.item_variant_id = ANY (p_variant_ids)
      AND e.status = 'offered' AND e.offered_until > p_at
    RETURNING e.item_variant_id
  )
  DELETE FROM stock_hold sh USING taken t
  WHERE sh.brand_id = p_brand_id AND sh.item_variant_id = t.item_variant_id AND sh.user_id = p_user_id AND sh.kind = 'waiting_list';
  RETURN QUERY SELECT 'held'::text, v_others, v_provider_ids,
    EXISTS (SELECT 1 FROM waiting_list_entry e WHERE e.brand_id = p_brand_id AND e.checkout_session_id = ANY (v_others))
    OR EXISTS (SELECT 1 FROM waiting_list_entry e WHERE e.brand_id = p_brand_id AND e.item_variant_id = ANY (v_freed) AND e.status = 'waiting');
END
$$;
--> statement-breakpoint
-- Allowances above 2^31 (a limit configured out of the way) stay numbers, not an out-of-range error.
DROP FUNCTION IF EXISTS klubb_take_rate_limits(text[], text[], integer[], bigint[], timestamptz);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION klubb_take_rate_limits(
  p_buckets text[], p_keys text[], p_maxes bigint[], p_windows_ms bigint[], p_at timestamptz
)
RETURNS TABLE (allowed boolean, refused_index integer, retry_after_ms bigint)
LANGUAGE plpgsql AS $$
DECLARE
  i integer;
  v_rows bigint;
  v_oldest timestamptz;
BEGIN
  FOR i IN 1 .. coalesce(cardinality(p_buckets), 0) LOOP
    PERFORM pg_advisory_xact_lock(4711002, hashtext(p_buckets[i] || ':' || p_keys[i]));
  END LOOP;
  FOR i IN 1 .. coalesce(cardinality(p_buckets), 0) LOOP
    SELECT count(*), min(e.at) INTO v_rows, v_oldest FROM rate_limit_event e
    WHERE e.bucket = p_buckets[i] AND e.key = p_keys[i] AND e.at > p_at - make_interval(secs => p_windows_ms[i] / 1000.0);
    IF v_rows >= p_maxes[i] THEN
      RETURN QUERY SELECT false, i,
        GREATEST(0, floor(extract(epoch FROM (coalesce(v_oldest, p_at) - p_at)) * 1000)::bigint + p_windows_ms[i]);
      RETURN;
    END IF;
  END LOOP;
  INSERT INTO rate_limit_event (bucket, key, at) SELECT b, k, p_at FROM unnest(p_buckets, p_keys) AS u (b, k);
  RETURN QUERY SELECT true, NULL::integer, NULL::bigint;
END
$$;
