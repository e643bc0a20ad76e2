import { brand } from '@agency/ui';

const c = brand.colors;
const GREEN = '#16a34a';
const AMBER = '#f59e0b';

/**
 * The hero's picture, drawn inline (no request, nothing to decode): a product taking shape, with the code
 * behind it, the dashboard it becomes and the phone it runs on. In the brand's colours (brand.json).
 * Its box is sized by its viewBox, so nothing moves when it paints.
 */
export function HeroIllustration() {
  return (
    <svg
      viewBox="0 0 560 440"
      width="560"
      height="440"
      aria-hidden="true"
      focusable="false"
      style={{ width: '100%', height: 'auto', display: 'block' }}
    >
      <defs>
        <linearGradient id="hero-sky" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor={c['200']} />
          <stop offset="1" stopColor={c['50']} />
        </linearGradient>
        <linearGradient id="hero-area" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor={c['400']} stopOpacity="0.35" />
          <stop offset="1" stopColor={c['400']} stopOpacity="0" />
        </linearGradient>
        <pattern id="hero-dots" width="18" height="18" patternUnits="userSpaceOnUse">
          <circle cx="2" cy="2" r="1.6" fill={c['300']} />
        </pattern>
      </defs>

      {/* Backdrop */}
      <circle cx="318" cy="214" r="196" fill="url(#hero-sky)" />
      <rect x="20" y="300" width="126" height="108" fill="url(#hero-dots)" opacity="0.7" />
      <rect x="440" y="18" width="108" height="90" fill="url(#hero-dots)" opacity="0.7" />

      {/* The dashboard */}
      <g>
        <rect
          x="96"
          y="74"
          width="392"
          height="276"
          rx="18"
          fill={c['900']}
          opacity="0.08"
          transform="translate(6 10)"
        />
        <rect x="96" y="74" width="392" height="276" rx="18" fill="#ffffff" stroke={c['200']} />
        <path d="M96 92a18 18 0 0 1 18-18h356a18 18 0 0 1 18 18v18H96z" fill={c['50']} />
        <circle cx="118" cy="92" r="5" fill="#f87171" />
        <circle cx="136" cy="92" r="5" fill="#fbbf24" />
        <circle cx="154" cy="92" r="5" fill="#4ade80" />
        <rect x="188" y="86" width="200" height="12" rx="6" fill="#ffffff" stroke={c['100']} />
        {/* Sidebar */}
        <rect x="112" y="126" width="72" height="208" rx="10" fill={c['50']} />
        <rect x="124" y="142" width="48" height="8" rx="4" fill={c['600']} />
        {[164, 182, 200, 218].map((y) => (
          <rect key={y} x="124" y={y} width={y === 182 ? 36 : 44} height="7" rx="3.5" fill={c['200']} />
        ))}
        {/* Figures */}
        {[200, 292, 384].map((x, index) => (
          <g key={x}>
            <rect x={x} y="126" width="84" height="54" rx="10" fill="#ffffff" stroke={c['100']} />
            <rect x={x + 12} y="138" width="34" height="6" rx="3" fill={c['200']} />
            <rect
              x={x + 12}
              y="152"
              width={[46, 38, 52][index]}
              height="14"
              rx="5"
              fill={index === 1 ? GREEN : c['700']}
            />
          </g>
        ))}
        {/* Chart */}
        <rect x="200" y="194" width="268" height="140" rx="12" fill="#ffffff" stroke={c['100']} />
        {[226, 256, 286, 316].map((y) => (
          <line key={y} x1="214" x2="454" y1={y} y2={y} stroke={c['50']} strokeWidth="2" />
        ))}
        <path
          d="M214 306 L250 288 L286 296 L322 262 L358 270 L394 232 L430 240 L454 214 V318 H214 Z"
          fill="url(#hero-area)"
        />
        <path
          d="M214 306 L250 288 L286 296 L322 262 L358 270 L394 232 L430 240 L454 214"
          fill="none"
          stroke={c['600']}
          strokeWidth="4"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
        <circle cx="394" cy="232" r="7" fill="#ffffff" stroke={c['600']} strokeWidth="4" />
      </g>

      {/* The code behind it */}
      <g>
        <rect x="26" y="40" width="170" height="118" rx="14" fill={c['950']} />
        <circle cx="44" cy="58" r="4" fill={c['400']} />
        <circle cx="58" cy="58" r="4" fill={c['400']} opacity="0.6" />
        <circle cx="72" cy="58" r="4" fill={c['400']} opacity="0.35" />
        {[
          [44, 80, 34, c['300']],
          [84, 80, 58, '#ffffff'],
          [56, 98, 46, AMBER],
          [108, 98, 54, c['300']],
          [56, 116, 82, '#86efac'],
          [44, 134, 20, c['300']],
        ].map(([x, y, width, fill]) => (
          <rect
            key={`${x}-${y}`}
            x={x}
            y={y}
            width={width}
            height="8"
            rx="4"
            fill={fill as string}
            opacity="0.9"
          />
        ))}
      </g>

      {/* The phone it runs on */}
      <g>
        <rect
          x="404"
          y="196"
          width="124"
          height="218"
          rx="22"
          fill={c['900']}
          opacity="0.1"
          transform="translate(6 8)"
        />
        <rect x="404" y="196" width="124" height="218" rx="22" fill={c['900']} />
        <rect x="412" y="206" width="108" height="198" rx="15" fill="#ffffff" />
        <rect x="448" y="212" width="36" height="6" rx="3" fill={c['900']} />
        <rect x="422" y="230" width="88" height="46" rx="9" fill={c['600']} />
        <rect x="432" y="242" width="40" height="7" rx="3.5" fill="#ffffff" opacity="0.9" />
        <rect x="432" y="256" width="58" height="9" rx="4.5" fill="#ffffff" />
        {[288, 318, 348].map((y, index) => (
          <g key={y}>
            <circle cx="434" cy={y + 9} r="8" fill={index === 0 ? '#dcfce7' : c['50']} />
            {index === 0 && (
              <path
                d={`M430 ${y + 9} l3 3 l6 -6`}
                fill="none"
                stroke={GREEN}
                strokeWidth="2.5"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            )}
            <rect x="448" y={y + 3} width="52" height="6" rx="3" fill={c['200']} />
            <rect x="448" y={y + 13} width="34" height="5" rx="2.5" fill={c['100']} />
          </g>
        ))}
        <rect x="422" y="378" width="88" height="16" rx="8" fill={c['600']} />
      </g>

      {/* Shipped */}
      <g>
        <rect x="52" y="236" width="150" height="48" rx="24" fill="#ffffff" stroke={c['100']} />
        <circle cx="78" cy="260" r="14" fill="#dcfce7" />
        <path
          d="M71 260 l5 5 l10 -10"
          fill="none"
          stroke={GREEN}
          strokeWidth="3"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
        <rect x="100" y="250" width="78" height="8" rx="4" fill={c['900']} opacity="0.8" />
        <rect x="100" y="264" width="52" height="6" rx="3" fill={c['200']} />
      </g>
    </svg>
  );
}
