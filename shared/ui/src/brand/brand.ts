import data from './brand.json';

type Shade = '50' | '100' | '200' | '300' | '400' | '500' | '600' | '700' | '800' | '900' | '950';

export interface LogoShape {
  d: string;
  /** A shade of the brand palette ('600') or a colour. */
  fill?: string;
  stroke?: string;
  strokeWidth?: number;
}

export interface Brand {
  name: string;
  shortName: string;
  tagline: string;
  colors: Record<Shade, string>;
  logo: { viewBox: string; shapes: LogoShape[] };
}

/** The brand (brand.json): name, colours and logo mark. */
export const brand: Brand = data as Brand;

/** A logo colour: a shade of the brand palette by name, or the colour itself. */
export function brandColor(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  return value in brand.colors ? brand.colors[value as Shade] : value;
}
