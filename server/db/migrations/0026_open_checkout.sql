-- Opening a checkout in one statement (server/commerce/reservation.ts): the member's and the
-- address's checkout limits counted (klubb_take_rate_limits, whose advisory locks also make one
-- member's openings run one after another), the 'pending' session written from p_session (its
-- columns by name, as JSON), and its stock held (klubb_hold_checkout: availability and the
-- purchase cap under the variants' row locks, the member's other checkouts replaced).
-- Outcomes: 'rateLimited' (with which limit and when to retry; nothing written), 'held', or the
-- hold's refusal ('soldOut', 'capReached'): then the session goes and the counts are given back
-- (a retry in a rush is not punished), so a refused opening leaves nothing behind.
-- To change them, CREATE OR REPLACE them in a new migration.
--
-- The hold itself, reordered so that the variants' row locks (which every opening of a hot
-- variant waits for, and which last until the commit) cover only the availability check and the
-- insert of the holds. Same arguments and outcomes as 0025's:
--  1. locks the member's live sessions in id order; goes on only while this one is 'pending';
--  2. in a subtransaction: ends the member's other sessions ('expired', end_reason 'replaced')
--     and deletes their holds, THEN locks the variants (FOR NO KEY UPDATE, id order), checks
--     availability and the cap, holds, and moves places the waiting list offered the member to
--     this checkout. A refusal rolls the subtransaction back (the other sessions live on, the variants'
--     locks go at once) and answers 'soldOut' or 'capReached'.
DROP FUNCTION IF EXISTS klubb_hold_checkout(text, text, text, timestamptz, timestamptz, text[], integer[], integer[]);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION klubb_hold_checkout(
  p_brand_id text, p_checkout_id text, p_user_id text, p_expires_at timestamptz, p_at timestamptz,
  p_variant_ids text[], p_quantities integer[], p_caps integer[]
)
RETURNS TABLE (outcome text, replaced_ids text[], replaced_provider_ids text[], follow_up boolean)
LANGUAGE plpgsql
-- Its statements look rows up by key: one plan per connection serves every call (planning the
-- availability query anew each time cost more than running it).
SET plan_cache_mode = force_generic_plan
AS $$
#variable_conflict use_column
DECLARE
  v_candidates text[];
  v_live text[];
  v_others text[];
  v_outcome text;
  v_freed text[] := ARRAY[]::text[];
  v_provider_ids text[] := ARRAY[]::text[];
  v_follow_up boolean := false;
BEGIN
  -- Found by the member's index, then locked by id (a plan that scans the brand's sessions is never chosen).
  SELECT coalesce(array_agg(cs.id), ARRAY[]::text[]) INTO v_candidates FROM checkout_session cs
  WHERE cs.brand_id = p_brand_id AND cs.user_id = p_user_id AND cs.status IN ('open', 'pending');
  SELECT coalesce(array_agg(s.id), ARRAY[]::text[]) INTO v_live FROM (
    SELECT cs.id FROM checkout_session cs
    WHERE cs.brand_id = p_brand_id AND cs.id = ANY (v_candidates) AND cs.status IN ('open', 'pending')
    ORDER BY cs.id FOR NO KEY UPDATE
  ) s;
  IF NOT (p_checkout_id = ANY (v_live)) THEN
    RETURN QUERY SELECT 'notPending'::text, ARRAY[]::text[], ARRAY[]::text[], false;
    RETURN;
  END IF;
  v_others := array_remove(v_live, p_checkout_id);
  BEGIN
    IF cardinality(v_others) > 0 THEN
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
      v_follow_up :=
        EXISTS (SELECT 1 FROM waiting_list_entry e WHERE e.brand_id = p_brand_id AND e.checkout_session_id = ANY (v_others))
        OR EXISTS (SELECT 1 FROM waiting_list_entry e WHERE e.brand_id = p_brand_id AND e.item_variant_id = ANY (v_freed) AND e.status = 'waiting');
    END IF;
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
          sum(sh.quantity) FILTER (WHERE sh.kind = 'checkout') AS held,
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
      v_outcome := coalesce(v_outcome, 'soldOut');
      RAISE EXCEPTION USING ERRCODE = 'KL001', MESSAGE = 'klubb: the hold was refused';
    END IF;
    INSERT INTO stock_hold (brand_id, item_variant_id, kind, checkout_session_id, user_id, quantity, expires_at)
    SELECT p_brand_id, w.id, 'checkout', p_checkout_id, p_user_id, w.quantity, p_expires_at
    FROM unnest(p_variant_ids, p_quantities) AS w (id, quantity);
    -- Places the waiting list offered this member now belong to this checkout (counted as theirs above).
    WITH taken AS (
      UPDATE waiting_list_entry e SET checkout_session_id = p_checkout_id
      WHERE e.brand_id = p_brand_id AND e.user_id = p_user_id AND e.item_variant_id = ANY (p_variant_ids)
        AND e.status = 'offered' AND e.offered_until > p_at
      RETURNING e.item_variant_id
    )
    DELETE FROM stock_hold sh USING taken t
    WHERE sh.brand_id = p_brand_id AND sh.item_variant_id = t.item_variant_id AND sh.user_id = p_user_id AND sh.kind = 'waiting_list';
  EXCEPTION WHEN SQLSTATE 'KL001' THEN
    RETURN QUERY SELECT v_outcome, ARRAY[]::text[], ARRAY[]::text[], false;
    RETURN;
  END;
  RETURN QUERY SELECT 'held'::text, v_others, v_provider_ids, v_follow_up;
END
$$;
--> statement-breakpoint
-- Counting stops at the allowance: a key with a long history costs no more to check than one
-- at its limit. When refused, the retry is due when the oldest of the newest `max` events leaves.
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
    SELECT count(*), min(x.at) INTO v_rows, v_oldest FROM (
      SELECT e.at FROM rate_limit_event e
      WHERE e.bucket = p_buckets[i] AND e.key = p_keys[i] AND e.at > p_at - make_interval(secs => p_windows_ms[i] / 1000.0)
      ORDER BY e.at DESC LIMIT p_maxes[i]
    ) x;
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
--> statement-breakpoint
CREATE OR REPLACE FUNCTION klubb_open_checkout(
  p_rate_buckets text[], p_rate_keys text[], p_rate_maxes bigint[], p_rate_windows_ms bigint[],
  p_session jsonb, p_variant_ids text[], p_quantities integer[], p_caps integer[]
)
RETURNS TABLE (outcome text, refused_index integer, retry_after_ms bigint, replaced_ids text[], replaced_provider_ids text[], follow_up boolean)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  v_brand_id text := p_session ->> 'brand_id';
  v_id text := p_session ->> 'id';
  v_user_id text := p_session ->> 'user_id';
  v_at timestamptz := (p_session ->> 'created_at')::timestamptz;
  v_rate record;
  v_hold record;
  i integer;
BEGIN
  SELECT r.allowed, r.refused_index, r.retry_after_ms INTO v_rate
  FROM klubb_take_rate_limits(p_rate_buckets, p_rate_keys, p_rate_maxes, p_rate_windows_ms, v_at) r;
  IF NOT v_rate.allowed THEN
    RETURN QUERY SELECT 'rateLimited'::text, v_rate.refused_index, v_rate.retry_after_ms, ARRAY[]::text[], ARRAY[]::text[], false;
    RETURN;
  END IF;
  INSERT INTO checkout_session (
    brand_id, id, user_id, status, amount_total, currency, lines, fee_record, tax_list, email, language,
    expires_at, created_at, hold_again_at
  ) VALUES (
    v_brand_id, v_id, v_user_id, 'pending', (p_session ->> 'amount_total')::integer, p_session ->> 'currency',
    p_session -> 'lines', p_session -> 'fee_record', p_session -> 'tax_list', p_session ->> 'email', p_session ->> 'language',
    (p_session ->> 'expires_at')::timestamptz, v_at, (p_session ->> 'hold_again_at')::timestamptz
  );
  SELECT h.outcome, h.replaced_ids, h.replaced_provider_ids, h.follow_up INTO v_hold
  FROM klubb_hold_checkout(
    v_brand_id, v_id, v_user_id, (p_session ->> 'expires_at')::timestamptz, v_at, p_variant_ids, p_quantities, p_caps
  ) h;
  IF v_hold.outcome <> 'held' THEN
    DELETE FROM checkout_session cs WHERE cs.brand_id = v_brand_id AND cs.id = v_id;
    -- Rows of one bucket, key and time are alike: removing one gives back this opening's count.
    FOR i IN 1 .. coalesce(cardinality(p_rate_buckets), 0) LOOP
      DELETE FROM rate_limit_event e WHERE e.ctid = (
        SELECT e2.ctid FROM rate_limit_event e2
        WHERE e2.bucket = p_rate_buckets[i] AND e2.key = p_rate_keys[i] AND e2.at = v_at LIMIT 1
      );
    END LOOP;
  END IF;
  RETURN QUERY SELECT v_hold.outcome, NULL::integer, NULL::bigint, v_hold.replaced_ids, v_hold.replaced_provider_ids, v_hold.follow_up;
END
$$;
--> statement-breakpoint
-- What an opening of a checkout decides on, read in one statement (server/repositories/
-- checkoutFacts.repository.ts): the member's e-mail, their cart with its variants and offers,
-- the brand's tax rates, the fees the variants name, what the member bought of them, and their
-- holds of them since p_since that did not end in a purchase (the hold ceiling,
-- domain/holdCeiling.ts). A function, so that its plan is made once per connection, not per call.
CREATE OR REPLACE FUNCTION klubb_checkout_facts(p_brand_id text, p_user_id text, p_at timestamptz, p_since timestamptz)
RETURNS TABLE (email text, cart_version integer, lines json, variants json, tax_rates json, fees json, bought json, hold_intervals json)
LANGUAGE plpgsql STABLE AS $$
#variable_conflict use_column
BEGIN
  RETURN QUERY
  WITH cart_line AS (
    SELECT l.item_variant_id, l.offer_id, l.quantity, l.line_no FROM shopping_cart_line l
    WHERE l.brand_id = p_brand_id AND l.user_id = p_user_id
  ),
  variant AS (
    SELECT iv.* FROM item_variant iv WHERE iv.brand_id = p_brand_id AND iv.id IN (SELECT c.item_variant_id FROM cart_line c)
  )
  SELECT
    (SELECT u.email FROM app_user u WHERE u.brand_id = p_brand_id AND u.id = p_user_id),
    (SELECT c.version FROM shopping_cart c WHERE c.brand_id = p_brand_id AND c.user_id = p_user_id),
    (SELECT json_agg(json_build_object('itemVariantId', c.item_variant_id, 'offerId', c.offer_id, 'quantity', c.quantity) ORDER BY c.line_no)
      FROM cart_line c),
    (SELECT json_agg(json_build_object(
        'variant', to_json(v),
        'offer', json_build_object('id', o.id, 'type', o.type, 'title', o.title, 'puffImage', o.puff_image,
          'itemVariantType', o.item_variant_type, 'active', o.active)))
      FROM variant v JOIN offer o ON o.brand_id = v.brand_id AND o.id = v.offer_id),
    (SELECT json_agg(to_json(t)) FROM tax_rate t WHERE t.brand_id = p_brand_id),
    (SELECT json_agg(to_json(f)) FROM custom_fee f
      WHERE f.brand_id = p_brand_id AND f.id IN (SELECT unnest(v.custom_fee_ids) FROM variant v)),
    (SELECT json_object_agg(b.id, b.quantity) FROM (
        SELECT ol.item_variant_id AS id, sum(ol.quantity) AS quantity
        FROM order_line ol JOIN purchase_order o ON o.brand_id = ol.brand_id AND o.id = ol.order_id
        WHERE ol.brand_id = p_brand_id AND o.user_id = p_user_id AND o.status = 'paid'
          AND ol.item_variant_id IN (SELECT c.item_variant_id FROM cart_line c)
        GROUP BY ol.item_variant_id) b),
    (SELECT json_agg(json_build_object('variantId', h.variant_id, 'from', h.created_at, 'to', h.ended_at)) FROM (
        SELECT line.variant_id, cs.created_at, LEAST(cs.settled_at, cs.expires_at, p_at) AS ended_at
        FROM checkout_session cs
        CROSS JOIN LATERAL (SELECT DISTINCT l ->> 'itemVariantId' AS variant_id FROM jsonb_array_elements(cs.lines) l) line
        WHERE cs.brand_id = p_brand_id AND cs.user_id = p_user_id
          AND cs.status <> 'complete' AND LEAST(cs.settled_at, cs.expires_at) > p_since
          AND line.variant_id IN (SELECT c.item_variant_id FROM cart_line c)
          AND NOT EXISTS (
            SELECT 1 FROM purchase_order o JOIN order_line ol ON ol.brand_id = o.brand_id AND ol.order_id = o.id
            WHERE o.brand_id = cs.brand_id AND o.user_id = cs.user_id AND o.status = 'paid'
              AND ol.item_variant_id = line.variant_id AND o.created_at >= cs.created_at
          )) h);
END
$$;
