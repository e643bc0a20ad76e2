/** The kit's typeface (self-hosted, see tools/federation/font-faces.mjs) and what stands in for it. */
export const FONT_FAMILY = 'Inter Variable';
/** Arial scaled to Inter's metrics first, so text set in the fallback takes the same room. */
export const FALLBACK_STACK = "'Inter Fallback', system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif";
export const FONT_STACK = `'${FONT_FAMILY}', ${FALLBACK_STACK}`;
