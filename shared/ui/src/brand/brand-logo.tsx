import { brand, brandColor } from './brand';

/** The brand's logo mark, drawn inline (no request); decorative: the brand name is always beside it. */
export function BrandLogo({ size = 28 }: { size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox={brand.logo.viewBox}
      aria-hidden="true"
      focusable="false"
      style={{ flexShrink: 0 }}
    >
      {brand.logo.shapes.map((shape) => (
        <path
          key={shape.d}
          d={shape.d}
          fill={brandColor(shape.fill) ?? 'none'}
          stroke={brandColor(shape.stroke)}
          strokeWidth={shape.strokeWidth}
          strokeLinecap="round"
        />
      ))}
    </svg>
  );
}
