/** Decorative hero scene (desktop only): the school on its hill at sunrise. Inline, so no extra request. */
export function HeroArt() {
  return (
    <svg viewBox="0 0 480 360" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id="hero-sky" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#f7d9a0" />
          <stop offset="1" stopColor="#fbeedd" />
        </linearGradient>
      </defs>
      <rect width="480" height="360" rx="24" fill="url(#hero-sky)" />
      <circle cx="350" cy="120" r="52" fill="#f2c063" />
      <path d="M0 230c80-50 160-60 250-30s160 20 230-20v180H0z" fill="#6fae8a" />
      <path d="M0 270c90-30 190-30 280 0s150 20 200 0v90H0z" fill="#3f8f6b" />
      <g transform="translate(120 150)">
        <rect x="0" y="40" width="170" height="80" fill="#fdfaf4" stroke="#1d2521" strokeWidth="3" />
        <path d="M-12 44 85 0l97 44z" fill="#9c3f17" stroke="#1d2521" strokeWidth="3" strokeLinejoin="round" />
        <rect x="70" y="70" width="30" height="50" fill="#1e5b46" />
        <rect x="18" y="60" width="34" height="26" fill="#bfe0f0" stroke="#1d2521" strokeWidth="2" />
        <rect x="118" y="60" width="34" height="26" fill="#bfe0f0" stroke="#1d2521" strokeWidth="2" />
        <path d="M100 120h60l30 14h-90z" fill="#d9cfbf" />
        <line x1="200" y1="-10" x2="200" y2="120" stroke="#1d2521" strokeWidth="3" />
        <path d="M200-10h34l-8 10 8 10h-34z" fill="#9c3f17" />
      </g>
      <g fill="#1d2521">
        <circle cx="70" cy="262" r="9" />
        <rect x="62" y="272" width="16" height="30" rx="7" fill="#1e5b46" />
        <circle cx="98" cy="258" r="9" />
        <rect x="90" y="268" width="16" height="34" rx="7" fill="#9c3f17" />
        <circle cx="380" cy="268" r="9" />
        <rect x="372" y="278" width="16" height="30" rx="7" fill="#f2c063" />
      </g>
      <g fill="#2d6e51">
        <path d="M420 250l18-50 18 50z" />
        <path d="M30 220l14-40 14 40z" />
      </g>
    </svg>
  );
}
