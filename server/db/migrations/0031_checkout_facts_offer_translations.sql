-- klubb_checkout_facts (0026) with the offers' translations, so the payment provider's page names
-- what is bought in the member's language (issue 41).
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
          'itemVariantType', o.item_variant_type, 'active', o.active, 'localized', o.localized)))
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
