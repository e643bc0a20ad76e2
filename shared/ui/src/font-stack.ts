import typeface from './typeface.json';

/** The kit's typeface (self-hosted, declared by tools/federation/font-faces.mjs). */
export const FONT_FAMILY = typeface.family;
/** Arial scaled to Inter's metrics first, so text set in the fallback takes the same room. */
export const FALLBACK_STACK = `'${typeface.fallbackFamily}', ${typeface.systemStack}`;
export const FONT_STACK = `'${FONT_FAMILY}', ${FALLBACK_STACK}`;
