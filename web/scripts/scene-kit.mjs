// Small SVG drawing kit for the generated illustrations: flat shapes, warm palette, simple people.
// Every function returns an SVG fragment string; coordinates are in the scene's own units.

export const C = {
  ink: '#1d2521',
  pine: '#1e5b46',
  leaf: '#3f8f6b',
  mint: '#6fae8a',
  sage: '#a9cdb5',
  terracotta: '#9c3f17',
  rust: '#c8642f',
  gold: '#f2c063',
  sand: '#f5efe4',
  paper: '#fdfaf4',
  sky: '#bfe0f0',
  skyDeep: '#8cc3df',
  dawn: '#f7d9a0',
  cream: '#fbeedd',
  wood: '#a8744a',
  woodDark: '#7a5232',
  grey: '#c9c4bb',
  slate: '#5b6b73',
  white: '#ffffff',
  plum: '#7b4b8a',
  blue: '#2f6fa8',
  red: '#c0392b',
};
export const SKIN = ['#f1c9a5', '#d9a577', '#a8714a', '#7a4a2c', '#e8b894'];
export const HAIR = ['#2b1d14', '#5a3a22', '#a0522d', '#d8c07a', '#888888'];

export function svg(w, h, body) {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${body}</svg>`;
}

export function skyGrad(id, top, bottom) {
  return `<defs><linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient></defs>`;
}

export function rect(x, y, w, h, fill, extra = '') {
  return `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${fill}" ${extra}/>`;
}

export function sun(x, y, r) {
  return `<circle cx="${x}" cy="${y}" r="${r}" fill="${C.gold}"/><circle cx="${x}" cy="${y}" r="${r * 1.35}" fill="${C.gold}" opacity=".25"/>`;
}

/** Rolling hills across the width, from y (crest) down to h. */
export function hills(w, h, y, fill, phase = 0) {
  const a = w / 4;
  return `<path d="M0 ${y + 20 * Math.sin(phase)} C ${a} ${y - 40}, ${2 * a} ${y + 30}, ${3 * a} ${y - 10} S ${w} ${y + 10}, ${w} ${y} V ${h} H 0 Z" fill="${fill}"/>`;
}

export function cloud(x, y, s = 1) {
  return `<g transform="translate(${x} ${y}) scale(${s})" fill="${C.white}" opacity=".9"><ellipse cx="0" cy="0" rx="40" ry="16"/><ellipse cx="22" cy="-10" rx="24" ry="16"/><ellipse cx="-20" cy="-6" rx="18" ry="12"/></g>`;
}

export function pine(x, y, s = 1, fill = C.pine) {
  return `<g transform="translate(${x} ${y}) scale(${s})"><rect x="-4" y="0" width="8" height="16" fill="${C.woodDark}"/><path d="M-26 4 0 -40 26 4Z" fill="${fill}"/><path d="M-20 -18 0 -60 20 -18Z" fill="${fill}"/></g>`;
}

export function tree(x, y, s = 1, fill = C.leaf) {
  return `<g transform="translate(${x} ${y}) scale(${s})"><rect x="-5" y="-10" width="10" height="40" fill="${C.woodDark}"/><circle cx="0" cy="-30" r="30" fill="${fill}"/><circle cx="-18" cy="-18" r="18" fill="${fill}"/><circle cx="18" cy="-16" r="20" fill="${fill}"/></g>`;
}

/**
 * A standing person whose feet are at (x, y); height about 150*s.
 * pose: 'stand' | 'wave' | 'reach' (arm forward) | 'hold' (both arms forward).
 */
export function person(x, y, s = 1, o = {}) {
  const shirt = o.shirt ?? C.blue;
  const skin = o.skin ?? SKIN[0];
  const hair = o.hair ?? HAIR[0];
  const pants = o.pants ?? '#33404a';
  const pose = o.pose ?? 'stand';
  const flip = o.flip ? -1 : 1;
  const armL = `<path d="M-18 -92 L-30 -52" stroke="${shirt}" stroke-width="12" stroke-linecap="round"/>`;
  const arms = {
    stand: `${armL}<path d="M18 -92 L30 -52" stroke="${shirt}" stroke-width="12" stroke-linecap="round"/>`,
    wave: `${armL}<path d="M18 -92 L36 -128" stroke="${shirt}" stroke-width="12" stroke-linecap="round"/><circle cx="38" cy="-134" r="7" fill="${skin}"/>`,
    reach: `${armL}<path d="M18 -92 L50 -80" stroke="${shirt}" stroke-width="12" stroke-linecap="round"/><circle cx="54" cy="-79" r="7" fill="${skin}"/>`,
    hold: `<path d="M-18 -92 L16 -70" stroke="${shirt}" stroke-width="12" stroke-linecap="round"/><path d="M18 -92 L44 -72" stroke="${shirt}" stroke-width="12" stroke-linecap="round"/>`,
  }[pose];
  const apron = o.apron ? `<path d="M-14 -88 H14 V-40 H-14Z" fill="${o.apron}"/>` : '';
  return `<g transform="translate(${x} ${y}) scale(${s * flip} ${s})">
<path d="M-10 -44 L-12 0 M10 -44 L12 0" stroke="${pants}" stroke-width="14" stroke-linecap="round"/>
<rect x="-22" y="-104" width="44" height="64" rx="18" fill="${shirt}"/>${apron}${arms}
<circle cx="0" cy="-124" r="20" fill="${skin}"/>
<path d="M-21 -126 a21 21 0 0 1 42 0 q-10 -10 -22 -8 q-12 2 -20 8z" fill="${hair}"/>
<circle cx="-7" cy="-124" r="2.4" fill="${C.ink}"/><circle cx="7" cy="-124" r="2.4" fill="${C.ink}"/>
<path d="M-7 -114 q7 6 14 0" stroke="${C.ink}" stroke-width="2.4" fill="none" stroke-linecap="round"/></g>`;
}

/** A seated person (on a chair or at a table), seat at (x, y). */
export function seated(x, y, s = 1, o = {}) {
  const shirt = o.shirt ?? C.terracotta;
  const skin = o.skin ?? SKIN[1];
  const hair = o.hair ?? HAIR[1];
  const armUp = o.handUp
    ? `<path d="M16 -52 L30 -96" stroke="${shirt}" stroke-width="11" stroke-linecap="round"/><circle cx="31" cy="-101" r="7" fill="${skin}"/>`
    : `<path d="M16 -52 L38 -30" stroke="${shirt}" stroke-width="11" stroke-linecap="round"/>`;
  return `<g transform="translate(${x} ${y}) scale(${s})">
<path d="M-6 0 H26 V34" stroke="#33404a" stroke-width="13" fill="none" stroke-linecap="round" stroke-linejoin="round"/>
<rect x="-20" y="-62" width="40" height="62" rx="16" fill="${shirt}"/>${armUp}
<path d="M-16 -52 L-26 -20" stroke="${shirt}" stroke-width="11" stroke-linecap="round"/>
<circle cx="0" cy="-80" r="18" fill="${skin}"/>
<path d="M-19 -82 a19 19 0 0 1 38 0 q-9 -9 -20 -7 q-11 2 -18 7z" fill="${hair}"/>
<circle cx="-6" cy="-80" r="2.2" fill="${C.ink}"/><circle cx="6" cy="-80" r="2.2" fill="${C.ink}"/>
<path d="M-6 -71 q6 5 12 0" stroke="${C.ink}" stroke-width="2.2" fill="none" stroke-linecap="round"/></g>`;
}

export function chair(x, y, s = 1, fill = C.wood) {
  return `<g transform="translate(${x} ${y}) scale(${s})" fill="${fill}"><rect x="-24" y="-4" width="48" height="8" rx="3"/><rect x="-22" y="4" width="6" height="34"/><rect x="16" y="4" width="6" height="34"/><rect x="-24" y="-56" width="8" height="56"/></g>`;
}

export function wheelchairPerson(x, y, s = 1, o = {}) {
  return `<g transform="translate(${x} ${y}) scale(${s})">
<circle cx="0" cy="-30" r="30" fill="none" stroke="${C.ink}" stroke-width="6"/><circle cx="0" cy="-30" r="4" fill="${C.ink}"/>
<circle cx="44" cy="-8" r="8" fill="none" stroke="${C.ink}" stroke-width="5"/>
<path d="M-20 -70 V-40 H40 L44 -8" stroke="${C.slate}" stroke-width="6" fill="none" stroke-linejoin="round"/>
${seated(14, -42, 0.9, o)}</g>`;
}

export function table(x, y, w, fill = C.wood) {
  return `<g fill="${fill}"><rect x="${x}" y="${y}" width="${w}" height="12" rx="4"/><rect x="${x + 10}" y="${y + 12}" width="10" height="60"/><rect x="${x + w - 20}" y="${y + 12}" width="10" height="60"/></g>`;
}

export function book(x, y, color, w = 36, h = 8) {
  return `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="2" fill="${color}"/><rect x="${x + 2}" y="${y + 2}" width="${w - 6}" height="2" fill="${C.paper}" opacity=".7"/>`;
}

export function shelf(x, y, w, rows, rowH = 60) {
  const colors = [C.terracotta, C.blue, C.gold, C.pine, C.plum, C.rust, C.slate];
  let out = `<rect x="${x - 8}" y="${y - 8}" width="${w + 16}" height="${rows * rowH + 16}" fill="${C.woodDark}"/>`;
  for (let r = 0; r < rows; r++) {
    const ry = y + r * rowH;
    out += `<rect x="${x}" y="${ry}" width="${w}" height="${rowH - 8}" fill="${C.sand}"/>`;
    let bx = x + 4;
    let i = r * 3;
    while (bx < x + w - 16) {
      const bw = 10 + ((i * 7) % 9);
      const bh = rowH - 16 - ((i * 5) % 14);
      out += `<rect x="${bx}" y="${ry + rowH - 8 - bh}" width="${bw}" height="${bh}" fill="${colors[i % colors.length]}"/>`;
      bx += bw + 2;
      i++;
    }
  }
  return out;
}

export function van(x, y, s = 1, lift = true) {
  return `<g transform="translate(${x} ${y}) scale(${s})">
<path d="M0 -110 H210 Q250 -110 262 -70 L270 -40 V-12 H0Z" fill="${C.white}" stroke="${C.ink}" stroke-width="4" stroke-linejoin="round"/>
<path d="M214 -100 Q244 -100 252 -70 H214Z" fill="${C.sky}" stroke="${C.ink}" stroke-width="3"/>
<rect x="20" y="-96" width="50" height="34" rx="4" fill="${C.sky}" stroke="${C.ink}" stroke-width="3"/>
<rect x="150" y="-96" width="50" height="34" rx="4" fill="${C.sky}" stroke="${C.ink}" stroke-width="3"/>
<rect x="84" y="-100" width="56" height="88" fill="${C.sand}" stroke="${C.ink}" stroke-width="3"/>
<rect x="0" y="-50" width="270" height="10" fill="${C.pine}"/>
<circle cx="52" cy="-10" r="22" fill="${C.ink}"/><circle cx="52" cy="-10" r="9" fill="${C.grey}"/>
<circle cx="218" cy="-10" r="22" fill="${C.ink}"/><circle cx="218" cy="-10" r="9" fill="${C.grey}"/>
<g transform="translate(232 -76)"><circle r="11" fill="${C.blue}"/><path d="M-2 -5 v6 h6 l3 5" stroke="${C.white}" stroke-width="2.4" fill="none"/><circle cx="-2" cy="-8" r="1.8" fill="${C.white}"/></g>
${lift ? `<path d="M84 0 H140 L146 8 H78Z" fill="${C.slate}"/><path d="M86 -12 V0 M138 -12 V0" stroke="${C.slate}" stroke-width="4"/>` : ''}</g>`;
}

export function schoolHouse(x, y, s = 1) {
  return `<g transform="translate(${x} ${y}) scale(${s})">
<rect x="0" y="-110" width="260" height="110" fill="${C.paper}" stroke="${C.ink}" stroke-width="4"/>
<path d="M-16 -106 130 -170 276 -106Z" fill="${C.terracotta}" stroke="${C.ink}" stroke-width="4" stroke-linejoin="round"/>
<rect x="110" y="-70" width="40" height="70" fill="${C.pine}"/>
<rect x="24" y="-86" width="56" height="40" fill="${C.sky}" stroke="${C.ink}" stroke-width="3"/>
<rect x="180" y="-86" width="56" height="40" fill="${C.sky}" stroke="${C.ink}" stroke-width="3"/>
<path d="M150 0 H230 L260 14 H150Z" fill="${C.grey}"/><path d="M150 -20 H232 L262 -6" stroke="${C.slate}" stroke-width="4" fill="none"/>
<line x1="300" y1="0" x2="300" y2="-200" stroke="${C.ink}" stroke-width="4"/><path d="M300 -200 h48 l-10 14 10 14 h-48z" fill="${C.terracotta}"/></g>`;
}

export function gardenBed(x, y, w, plant = 'flower') {
  let out = `<rect x="${x}" y="${y}" width="${w}" height="34" fill="${C.woodDark}"/><rect x="${x + 6}" y="${y - 6}" width="${w - 12}" height="12" fill="#5a3d25"/>`;
  const colors = [C.red, C.gold, C.plum, '#e57373', C.white];
  for (let px = x + 18, i = 0; px < x + w - 10; px += 30, i++) {
    out += `<path d="M${px} ${y - 4} V${y - 30}" stroke="${C.leaf}" stroke-width="4"/><ellipse cx="${px - 7}" cy="${y - 16}" rx="7" ry="4" fill="${C.leaf}"/>`;
    out +=
      plant === 'tomato'
        ? `<circle cx="${px}" cy="${y - 34}" r="8" fill="${C.red}"/><circle cx="${px + 8}" cy="${y - 22}" r="6" fill="${C.red}"/>`
        : `<circle cx="${px}" cy="${y - 36}" r="8" fill="${colors[i % colors.length]}"/><circle cx="${px}" cy="${y - 36}" r="3" fill="${C.gold}"/>`;
  }
  return out;
}

export function easel(x, y, s = 1, art = 'sun') {
  const painting =
    art === 'sun'
      ? `<rect x="-40" y="-130" width="80" height="64" fill="${C.sky}"/><circle cx="16" cy="-112" r="10" fill="${C.gold}"/><path d="M-40 -80 q20 -20 40 -6 t40 -4 v24 h-80z" fill="${C.leaf}"/>`
      : `<rect x="-40" y="-130" width="80" height="64" fill="${C.cream}"/><circle cx="-12" cy="-100" r="14" fill="${C.red}"/><circle cx="12" cy="-96" r="12" fill="${C.blue}"/><path d="M-30 -74 l20 -20 20 14 20 -22" stroke="${C.plum}" stroke-width="5" fill="none"/>`;
  return `<g transform="translate(${x} ${y}) scale(${s})"><path d="M-30 0 L0 -150 L30 0 M0 -150 V0" stroke="${C.woodDark}" stroke-width="6" fill="none"/><rect x="-46" y="-136" width="92" height="76" fill="${C.woodDark}"/>${painting}</g>`;
}

export function pot(x, y, s = 1) {
  return `<g transform="translate(${x} ${y}) scale(${s})"><path d="M-40 -50 H40 V-10 Q40 0 30 0 H-30 Q-40 0 -40 -10Z" fill="${C.slate}"/><rect x="-46" y="-56" width="92" height="10" rx="4" fill="${C.ink}"/><path d="M-10 -70 q6 -10 0 -20 M10 -70 q6 -10 0 -20" stroke="${C.grey}" stroke-width="4" fill="none" stroke-linecap="round"/></g>`;
}

export function potPlant(x, y, s = 1, flower = C.red) {
  return `<g transform="translate(${x} ${y}) scale(${s})"><path d="M-16 -30 H16 L12 0 H-12Z" fill="${C.rust}"/><path d="M0 -30 V-52" stroke="${C.leaf}" stroke-width="4"/><ellipse cx="-9" cy="-42" rx="9" ry="5" fill="${C.leaf}"/><ellipse cx="9" cy="-46" rx="9" ry="5" fill="${C.leaf}"/><circle cx="0" cy="-56" r="8" fill="${flower}"/></g>`;
}

export function storefront(x, y, w, awning, sign) {
  let stripes = '';
  for (let i = 0; i < w; i += 24)
    stripes += `<rect x="${x + i}" y="${y - 130}" width="12" height="26" fill="${C.white}" opacity=".85"/>`;
  return `<rect x="${x}" y="${y - 190}" width="${w}" height="190" fill="${sign}"/><rect x="${x}" y="${y - 130}" width="${w}" height="26" fill="${awning}"/>${stripes}
<rect x="${x + 14}" y="${y - 94}" width="${w * 0.5}" height="70" fill="${C.sky}" stroke="${C.ink}" stroke-width="3"/>
<rect x="${x + w * 0.62}" y="${y - 94}" width="${w * 0.3}" height="94" fill="${C.woodDark}"/>
<rect x="${x + 14}" y="${y - 176}" width="${w - 28}" height="30" rx="4" fill="${C.paper}"/>`;
}

export function musicNote(x, y, s = 1, fill = C.plum) {
  return `<g transform="translate(${x} ${y}) scale(${s})" fill="${fill}"><ellipse cx="0" cy="0" rx="10" ry="7" transform="rotate(-20)"/><rect x="7" y="-40" width="4" height="40"/><path d="M11 -40 q14 6 16 20 q-6 -10 -16 -10z"/></g>`;
}

export function drum(x, y, s = 1) {
  return `<g transform="translate(${x} ${y}) scale(${s})"><rect x="-30" y="-50" width="60" height="50" fill="${C.red}"/><ellipse cx="0" cy="-50" rx="30" ry="10" fill="${C.cream}" stroke="${C.ink}" stroke-width="3"/><path d="M-30 -40 L30 -8 M30 -40 L-30 -8" stroke="${C.gold}" stroke-width="3"/><ellipse cx="0" cy="0" rx="30" ry="8" fill="${C.woodDark}"/></g>`;
}

export function guitar(x, y, s = 1, rot = -30) {
  return `<g transform="translate(${x} ${y}) rotate(${rot}) scale(${s})"><ellipse cx="0" cy="0" rx="22" ry="26" fill="${C.wood}"/><ellipse cx="0" cy="-26" rx="16" ry="18" fill="${C.wood}"/><circle cx="0" cy="-6" r="7" fill="${C.ink}"/><rect x="-3" y="-90" width="6" height="70" fill="${C.woodDark}"/><rect x="-6" y="-100" width="12" height="14" fill="${C.ink}"/></g>`;
}

export function pumpkin(x, y, s = 1) {
  return `<g transform="translate(${x} ${y}) scale(${s})"><ellipse cx="-10" cy="0" rx="16" ry="18" fill="${C.rust}"/><ellipse cx="10" cy="0" rx="16" ry="18" fill="${C.rust}"/><ellipse cx="0" cy="0" rx="14" ry="19" fill="#d9782f"/><rect x="-2" y="-26" width="5" height="10" fill="${C.leaf}"/></g>`;
}

export function banner(x, y, w, fill = C.pine) {
  let flags = '';
  const colors = [C.gold, C.terracotta, C.blue, C.leaf, C.plum];
  for (let i = 0; i < w / 40; i++)
    flags += `<path d="M${x + i * 40} ${y + 8} l20 30 l20 -30z" fill="${colors[i % colors.length]}"/>`;
  return `<path d="M${x} ${y} Q${x + w / 2} ${y + 30} ${x + w} ${y}" stroke="${fill}" stroke-width="3" fill="none"/>${flags}`;
}
