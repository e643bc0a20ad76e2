/**
 * `value` as JSON to put inside a <script> element: no string in it can end the element (`</script>`) or, in an
 * inline script, a line (U+2028, U+2029 in older engines).
 */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
