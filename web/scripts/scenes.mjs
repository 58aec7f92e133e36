// The 6 program scenes (800x533) and 12 gallery scenes (640x480). Each matches its alt text in
// web/src/content/school.ts: change both together.
import {
  C,
  HAIR,
  SKIN,
  banner,
  book,
  chair,
  cloud,
  drum,
  easel,
  gardenBed,
  guitar,
  hills,
  musicNote,
  person,
  pine,
  pot,
  potPlant,
  pumpkin,
  rect,
  schoolHouse,
  seated,
  shelf,
  skyGrad,
  storefront,
  sun,
  svg,
  table,
  tree,
  van,
  wheelchairPerson,
} from './scene-kit.mjs';

const PW = 800,
  PH = 533,
  GW = 640,
  GH = 480;

function outdoor(w, h, id, body, { horizon = 0.62, dawn = false } = {}) {
  const y = h * horizon;
  return svg(
    w,
    h,
    `${skyGrad(id, dawn ? C.dawn : C.skyDeep, dawn ? C.cream : C.sky)}${rect(0, 0, w, h, `url(#${id})`)}
${sun(w * 0.82, h * 0.2, h * 0.07)}${cloud(w * 0.2, h * 0.16)}${cloud(w * 0.55, h * 0.1, 0.7)}
${hills(w, h, y - 30, C.sage)}${hills(w, h, y, C.mint, 1.5)}${body}`,
  );
}

function indoor(w, h, wall, body, floor = C.wood) {
  return svg(
    w,
    h,
    `${rect(0, 0, w, h, wall)}${rect(0, h * 0.74, w, h * 0.26, floor)}${rect(0, h * 0.74, w, 6, C.woodDark)}${body}`,
  );
}

function windowPane(x, y, w, h) {
  return `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${C.sky}" stroke="${C.paper}" stroke-width="10"/><path d="M${x + w / 2} ${y} V${y + h} M${x} ${y + h / 2} H${x + w}" stroke="${C.paper}" stroke-width="6"/>${sun(x + w * 0.7, y + h * 0.3, 14)}`;
}

export const programScenes = {
  'adult-development': () =>
    indoor(
      PW,
      PH,
      C.cream,
      `${windowPane(520, 60, 200, 150)}
<rect x="60" y="50" width="300" height="170" fill="${C.pine}" stroke="${C.woodDark}" stroke-width="10"/>
<text x="90" y="120" font-family="Georgia, serif" font-size="44" fill="${C.paper}">A B C</text><text x="90" y="185" font-family="Georgia, serif" font-size="40" fill="${C.gold}">1 + 2 = 3</text>
${table(150, 330, 480)}${book(250, 318, C.terracotta, 60, 12)}${book(330, 318, C.blue, 60, 12)}
<g transform="translate(450 300)"><rect x="0" y="0" width="90" height="30" rx="4" fill="${C.woodDark}"/>${[0, 1, 2, 3, 4].map((i) => `<circle cx="${12 + i * 16}" cy="15" r="6" fill="${[C.red, C.gold, C.blue, C.leaf, C.plum][i]}"/>`).join('')}</g>
${person(120, 420, 1.25, { shirt: C.pine, skin: SKIN[2], hair: HAIR[0], pose: 'reach' })}
${seated(300, 360, 1.1, { shirt: C.terracotta, skin: SKIN[0], hair: HAIR[3] })}${seated(560, 360, 1.1, { shirt: C.plum, skin: SKIN[3], hair: HAIR[0], handUp: true })}`,
    ),

  transportation: () =>
    outdoor(
      PW,
      PH,
      'sky-t',
      `${schoolHouse(470, 330, 0.9)}${rect(0, 380, PW, 153, C.grey)}${rect(0, 376, PW, 6, C.slate)}
${van(120, 470, 1.45)}${pine(60, 330, 1)}${pine(760, 340, 1.1)}`,
    ),

  'community-integration': () =>
    svg(
      PW,
      PH,
      `${skyGrad('sky-c', C.skyDeep, C.sky)}${rect(0, 0, PW, PH, 'url(#sky-c)')}${sun(680, 80, 36)}
${storefront(20, 380, 240, C.terracotta, C.sand)}${storefront(270, 380, 250, C.pine, '#e9dcc7')}${storefront(530, 380, 250, C.blue, C.cream)}
${rect(0, 380, PW, 153, C.grey)}${rect(0, 380, PW, 10, C.slate)}
${person(180, 500, 1.05, { shirt: C.gold, skin: SKIN[1], hair: HAIR[1], pose: 'wave' })}${person(290, 505, 1.15, { shirt: C.pine, skin: SKIN[3], hair: HAIR[0] })}
${person(400, 500, 1.0, { shirt: C.plum, skin: SKIN[0], hair: HAIR[3] })}${person(520, 508, 1.2, { shirt: C.terracotta, skin: SKIN[2], hair: HAIR[4], flip: true })}`,
    ),

  'life-skills': () =>
    indoor(
      PW,
      PH,
      '#e7f0e9',
      `${windowPane(290, 50, 220, 140)}
${rect(40, 250, 720, 20, C.woodDark)}${rect(40, 270, 720, 130, C.paper)}${[0, 1, 2, 3].map((i) => rect(60 + i * 180, 290, 160, 90, C.sand, `stroke="${C.grey}" stroke-width="3"`)).join('')}
${pot(560, 250, 1.2)}<rect x="170" y="236" width="120" height="14" rx="4" fill="${C.wood}"/>
<circle cx="200" cy="232" r="9" fill="${C.red}"/><circle cx="225" cy="234" r="7" fill="${C.leaf}"/><rect x="245" y="226" width="30" height="10" rx="4" fill="${C.gold}"/>
${person(230, 520, 1.3, { shirt: C.blue, skin: SKIN[0], hair: HAIR[2], pose: 'hold', apron: C.white })}
${person(560, 520, 1.3, { shirt: C.terracotta, skin: SKIN[3], hair: HAIR[0], pose: 'hold', apron: C.gold, flip: true })}`,
    ),

  recreation: () =>
    outdoor(
      PW,
      PH,
      'sky-r',
      `${gardenBed(40, 470, 260)}${gardenBed(500, 470, 260)}
${easel(360, 430, 1.2, 'sun')}${easel(560, 400, 1.0, 'abstract')}
${person(250, 430, 1.05, { shirt: C.gold, skin: SKIN[2], hair: HAIR[0], pose: 'reach' })}${person(680, 420, 1.0, { shirt: C.pine, skin: SKIN[0], hair: HAIR[3], pose: 'reach', flip: true })}
${tree(110, 330, 1.2)}`,
      { dawn: true },
    ),

  vocational: () =>
    indoor(
      PW,
      PH,
      C.sand,
      `${rect(360, 60, 400, 16, C.woodDark)}${rect(360, 170, 400, 16, C.woodDark)}${rect(360, 280, 400, 16, C.woodDark)}
${[0, 1, 2, 3, 4].map((i) => potPlant(400 + i * 80, 60, 1.1, [C.red, C.gold, C.plum, C.white, C.red][i])).join('')}
${[0, 1, 2, 3].map((i) => potPlant(420 + i * 90, 170, 1.1, [C.gold, C.plum, C.red, C.white][i])).join('')}
${[0, 1, 2].map((i) => potPlant(440 + i * 100, 280, 1.1, C.leaf)).join('')}
${person(250, 520, 1.35, { shirt: C.blue, skin: SKIN[1], hair: HAIR[0], pose: 'reach', apron: C.pine })}
${person(90, 520, 1.2, { shirt: C.terracotta, skin: SKIN[4], hair: HAIR[3], pose: 'wave' })}
<g transform="translate(126 350)"><rect x="-10" y="-4" width="20" height="24" rx="6" fill="${SKIN[4]}"/><rect x="-4" y="-22" width="9" height="20" rx="4" fill="${SKIN[4]}"/></g>`,
    ),
};

export const galleryScenes = {
  'morning-circle': () =>
    indoor(
      GW,
      GH,
      C.cream,
      `${windowPane(230, 40, 180, 130)}
${[80, 200, 320, 440, 560].map((x, i) => chair(x, 300, 1) + seated(x, 300, 1, { shirt: [C.pine, C.terracotta, C.blue, C.plum, C.gold][i], skin: SKIN[i], hair: HAIR[i], handUp: i === 2 })).join('')}`,
    ),
  'garden-harvest': () =>
    outdoor(
      GW,
      GH,
      'sky-g',
      `${gardenBed(20, 440, 220, 'tomato')}${gardenBed(420, 440, 210, 'tomato')}
${person(260, 430, 1.1, { shirt: C.pine, skin: SKIN[2], hair: HAIR[0], pose: 'hold' })}<path d="M280 350 h56 l-8 34 h-40z" fill="${C.wood}"/><circle cx="296" cy="348" r="8" fill="${C.red}"/><circle cx="316" cy="346" r="9" fill="${C.gold}"/>
${person(400, 430, 1.05, { shirt: C.terracotta, skin: SKIN[0], hair: HAIR[3], pose: 'hold', flip: true })}<path d="M330 352 h52 l-8 32 h-36z" fill="${C.woodDark}"/><circle cx="350" cy="350" r="8" fill="${C.red}"/>`,
    ),
  'van-lift': () =>
    outdoor(
      GW,
      GH,
      'sky-v',
      `${rect(0, 360, GW, 120, C.grey)}${van(60, 440, 1.3)}
${wheelchairPerson(200, 440, 0.75, { shirt: C.blue, skin: SKIN[1], hair: HAIR[0] })}${person(470, 450, 1.05, { shirt: C.pine, skin: SKIN[3], hair: HAIR[4], pose: 'wave', flip: true })}`,
      { horizon: 0.7 },
    ),
  'art-class': () =>
    indoor(
      GW,
      GH,
      '#f3ebf5',
      `${[0, 1, 2].map((i) => `<g transform="translate(${70 + i * 190} 50)"><rect width="150" height="110" fill="${C.woodDark}"/><rect x="8" y="8" width="134" height="94" fill="${[C.sky, C.cream, C.dawn][i]}"/><circle cx="${100 - i * 20}" cy="36" r="16" fill="${C.gold}"/><path d="M8 ${80 - i * 6} q40 -30 70 -6 t64 -8 V102 H8z" fill="${[C.leaf, C.mint, C.terracotta][i]}"/></g>`).join('')}
${table(80, 300, 480)}<circle cx="180" cy="294" r="10" fill="${C.red}"/><circle cx="205" cy="294" r="10" fill="${C.blue}"/><circle cx="230" cy="294" r="10" fill="${C.gold}"/><rect x="320" y="284" width="120" height="14" fill="${C.paper}"/>`,
    ),
  'cooking-lesson': () =>
    indoor(
      GW,
      GH,
      '#e7f0e9',
      `${rect(30, 220, 580, 18, C.woodDark)}${rect(30, 238, 580, 120, C.paper)}
<ellipse cx="250" cy="214" rx="60" ry="14" fill="${C.white}" stroke="${C.slate}" stroke-width="4"/><circle cx="230" cy="206" r="9" fill="${C.red}"/><circle cx="255" cy="204" r="9" fill="${C.leaf}"/><circle cx="275" cy="208" r="7" fill="${C.gold}"/>
${person(230, 470, 1.2, { shirt: C.blue, skin: SKIN[3], hair: HAIR[0], pose: 'hold', apron: C.gold })}
${person(470, 470, 1.2, { shirt: C.pine, skin: SKIN[0], hair: HAIR[2], flip: true })}`,
    ),
  'library-visit': () =>
    indoor(
      GW,
      GH,
      C.cream,
      `${shelf(30, 40, 250, 5)}${shelf(360, 40, 250, 5)}
${person(200, 460, 1.1, { shirt: C.terracotta, skin: SKIN[1], hair: HAIR[0], pose: 'reach' })}${person(470, 460, 1.1, { shirt: C.plum, skin: SKIN[4], hair: HAIR[3], pose: 'reach', flip: true })}`,
    ),
  'music-time': () =>
    indoor(
      GW,
      GH,
      '#f6efe0',
      `${musicNote(100, 110, 1.3)}${musicNote(300, 80, 1)}${musicNote(520, 120, 1.4, C.pine)}
${drum(160, 420, 1.4)}${person(160, 380, 1, { shirt: C.gold, skin: SKIN[2], hair: HAIR[0], pose: 'hold' })}
${person(330, 440, 1.15, { shirt: C.blue, skin: SKIN[0], hair: HAIR[2], pose: 'hold' })}${guitar(352, 360, 1.1)}
${drum(500, 440, 1.2)}${person(500, 400, 1, { shirt: C.terracotta, skin: SKIN[3], hair: HAIR[4], pose: 'hold', flip: true })}`,
    ),
  workshop: () =>
    indoor(
      GW,
      GH,
      C.sand,
      `${rect(60, 50, 520, 140, '#c9a77f')}${[0, 1, 2, 3, 4, 5].map((i) => `<path d="M${110 + i * 80} 70 v80" stroke="${C.slate}" stroke-width="10" stroke-linecap="round"/><rect x="${100 + i * 80}" y="60" width="20" height="20" fill="${C.ink}"/>`).join('')}
${table(80, 300, 480, C.woodDark)}<g transform="translate(380 250)"><path d="M0 50 V10 L30 -14 L60 10 V50Z" fill="${C.wood}" stroke="${C.woodDark}" stroke-width="3"/><circle cx="30" cy="20" r="8" fill="${C.ink}"/></g>
${person(250, 470, 1.2, { shirt: C.pine, skin: SKIN[1], hair: HAIR[1], pose: 'reach', apron: C.terracotta })}`,
    ),
  'fall-festival': () =>
    outdoor(
      GW,
      GH,
      'sky-f',
      `<rect x="150" y="170" width="340" height="200" fill="${C.paper}"/>${rect(140, 150, 360, 40, C.terracotta)}${[0, 1, 2, 3, 4, 5, 6, 7].map((i) => rect(140 + i * 45, 150, 22, 40, C.white)).join('')}
${rect(150, 300, 340, 70, C.wood)}${pumpkin(200, 290, 1)}${pumpkin(260, 292, 0.8)}${pumpkin(420, 290, 1.1)}
${person(120, 450, 1, { shirt: C.gold, skin: SKIN[0], hair: HAIR[3], pose: 'wave' })}${person(330, 460, 1.05, { shirt: C.plum, skin: SKIN[2], hair: HAIR[0] })}${person(540, 455, 1, { shirt: C.pine, skin: SKIN[3], hair: HAIR[1], flip: true })}`,
      { dawn: true },
    ),
  'walking-club': () =>
    outdoor(
      GW,
      GH,
      'sky-w',
      `<path d="M0 400 Q320 330 640 380 V480 H0Z" fill="${C.blue}" opacity=".75"/><path d="M0 360 Q320 300 640 340 L640 372 Q320 330 0 392Z" fill="${C.sand}"/>
${pine(60, 300, 1.1)}${pine(140, 280, 0.9)}${pine(560, 290, 1.2)}${pine(610, 300, 0.8)}
${person(230, 362, 0.8, { shirt: C.terracotta, skin: SKIN[1], hair: HAIR[0] })}${person(310, 352, 0.8, { shirt: C.gold, skin: SKIN[3], hair: HAIR[2] })}${person(390, 348, 0.8, { shirt: C.pine, skin: SKIN[0], hair: HAIR[4], pose: 'wave' })}`,
      { horizon: 0.6 },
    ),
  graduation: () =>
    indoor(
      GW,
      GH,
      '#eef3f8',
      `${banner(40, 40, 560, C.pine)}<text x="320" y="130" text-anchor="middle" font-family="Georgia, serif" font-size="38" fill="${C.pine}">Congratulations!</text>
${person(320, 460, 1.3, { shirt: C.blue, skin: SKIN[2], hair: HAIR[0], pose: 'hold' })}<rect x="300" y="300" width="80" height="56" fill="${C.paper}" stroke="${C.gold}" stroke-width="5"/><circle cx="360" cy="340" r="8" fill="${C.red}"/>
${person(130, 460, 1.05, { shirt: C.terracotta, skin: SKIN[0], hair: HAIR[3], pose: 'wave' })}${person(510, 460, 1.05, { shirt: C.plum, skin: SKIN[3], hair: HAIR[1], pose: 'wave', flip: true })}`,
    ),
  'school-front': () =>
    outdoor(GW, GH, 'sky-s', `${schoolHouse(160, 380, 1)}${tree(90, 380, 1.2)}${pine(580, 380, 1.2)}`, {
      dawn: true,
      horizon: 0.7,
    }),
};

/**
 * The offline map of the Contact page: streets, a river, the courthouse square and a pin on the school. The pin's
 * tip sits on Schoolhouse Rd (the curve through (480,170) and (960,130) passes (620,151)), whose name is written
 * on the road itself, so nobody reads the school as being on another street.
 */
export function mapScene() {
  const W = 960,
    H = 720;
  const road = (d, w = 18) =>
    `<path d="${d}" stroke="${C.white}" stroke-width="${w}" fill="none" stroke-linecap="round"/><path d="${d}" stroke="#e2d9c8" stroke-width="2" fill="none"/>`;
  const label = (x, y, t, size = 20, fill = C.ink, anchor = 'middle') =>
    `<text x="${x}" y="${y}" font-family="Arial, sans-serif" font-size="${size}" font-weight="700" fill="${fill}" text-anchor="${anchor}" stroke="${C.paper}" stroke-width="5" paint-order="stroke">${t}</text>`;
  return svg(
    W,
    H,
    `${rect(0, 0, W, H, '#eef0e4')}
<path d="M0 560 Q240 500 420 600 T960 580 V720 H0Z" fill="#cfe3c4"/><rect x="620" y="60" width="260" height="170" rx="20" fill="#cfe3c4"/>
<path d="M-20 660 C200 600 320 700 520 650 S820 560 980 620" stroke="#9cc9e3" stroke-width="34" fill="none"/>
${road('M0 360 H960', 28)}${road('M480 0 V720', 28)}${road('M0 160 Q300 200 480 170 T960 130')}${road('M140 0 V720')}${road('M800 0 V720')}${road('M0 480 H960')}${road('M300 360 L300 0')}
<rect x="420" y="300" width="120" height="120" fill="#d9cfbf" stroke="${C.woodDark}" stroke-width="3"/>${label(480, 366, 'Courthouse', 17)}
${label(250, 352, 'US-65', 20, C.terracotta)}${label(470, 100, 'Main St', 18, C.ink, 'end')}${label(215, 186, 'Schoolhouse Rd', 16)}
${label(760, 100, 'City Park', 18, C.pine)}${label(700, 640, 'Bear Creek', 18, C.blue)}${label(250, 470, 'Oak St', 17)}
<g transform="translate(620 151)"><path d="M0 0 C-34 -44 -40 -60 -40 -76 A40 40 0 0 1 40 -76 C40 -60 34 -44 0 0Z" fill="${C.terracotta}" stroke="${C.white}" stroke-width="4"/><circle cx="0" cy="-76" r="15" fill="${C.white}"/></g>
${label(620, 196, 'Hillside Learning Center', 22, C.terracotta)}
<g transform="translate(900 660)"><path d="M0 -40 L12 0 L0 -8 L-12 0Z" fill="${C.ink}"/>${label(0, 24, 'N', 20)}</g>`,
  );
}
