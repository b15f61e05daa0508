/**
 * PostgreSQL array literals for the parameters of our database functions (drizzle's `sql` spreads
 * a JavaScript array into a list of parameters, not one array parameter): pass the literal as
 * text and cast it, e.g. `${textArray(ids)}::text[]`.
 */

/** `{"a","b"}`: each value quoted, quotes and backslashes escaped. */
export const textArray = (values: readonly string[]) => `{${values.map((v) => `"${v.replace(/["\\]/g, (c) => `\\${c}`)}"`).join(',')}}`;

/** `{1,2}` of whole numbers. */
export const integerArray = (values: readonly number[]) => `{${values.map((v) => String(Math.trunc(v))).join(',')}}`;
