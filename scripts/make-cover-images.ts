/**
 * `npm run covers`: draws each article's cover as an SVG of its subject (rule 3.1) into `content/images/articles/`,
 * plus the default link-preview image. Each article's `imageAlt` describes its drawing: keep them in step.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { ARTICLE_IMAGE_HEIGHT as H, ARTICLE_IMAGE_WIDTH as W } from "../content/article-image.ts";
import { BRAND, createRandom, drawCoin, drawCoinStack, drawShadow, r1, wrapSvg } from "./svg-art.ts";
import { ROOT } from "./wrangler.ts";

/** Sky colours per category slug: deep, middle, light accent. */
const PALETTES: Record<string, [string, string, string]> = {
  "personal-finance": ["#064e3b", "#10b981", "#d1fae5"],
  investing: ["#1e3a8a", "#3b82f6", "#dbeafe"],
  trading: ["#7c2d12", "#f97316", "#ffedd5"],
  crypto: ["#422006", "#eab308", "#fef9c3"],
  ai: ["#3b0764", "#a855f7", "#f3e8ff"],
  enterprising: ["#831843", "#ec4899", "#fce7f3"],
  value: ["#134e4a", "#14b8a6", "#ccfbf1"],
  progress: ["#1e1b4b", "#6366f1", "#e0e7ff"],
  freedom: ["#0c4a6e", "#0ea5e9", "#e0f2fe"],
};

type Palette = [string, string, string];
interface Drawing {
  defs?: string;
  body: string;
}

/** The sky every cover shares: the category's gradient, a glow behind the subject and soft discs. */
function drawSky(palette: Palette, random: () => number, glowX = 600, glowY = 300): Drawing {
  let discs = "";
  for (let index = 0; index < 7; index++) {
    discs += `<circle cx="${r1(random() * W)}" cy="${r1(random() * H * 0.7)}" r="${r1(40 + random() * 120)}" fill="#fff" opacity="${r1(0.03 + random() * 0.04)}"/>`;
  }
  return {
    defs: `
      <linearGradient id="sky" x1="0" y1="0" x2="1" y2="1">
        <stop offset="0" stop-color="${palette[0]}"/>
        <stop offset="1" stop-color="${palette[1]}" stop-opacity="0.92"/>
      </linearGradient>
      <radialGradient id="glow" cx="0.5" cy="0.5" r="0.5">
        <stop offset="0" stop-color="${palette[2]}" stop-opacity="0.55"/>
        <stop offset="1" stop-color="${palette[2]}" stop-opacity="0"/>
      </radialGradient>`,
    body: `<rect width="${W}" height="${H}" fill="${palette[0]}"/>
      <rect width="${W}" height="${H}" fill="url(#sky)"/>
      <circle cx="${glowX}" cy="${glowY}" r="340" fill="url(#glow)"/>
      ${discs}`,
  };
}

/** Ground: a gentle hill across the bottom in a darker shade. */
function drawGround(color: string, top = 520, opacity = 1): string {
  return `<path d="M0 ${top + 20} C 300 ${top - 20}, 900 ${top - 20}, ${W} ${top + 10} V ${H} H 0 Z" fill="${color}" opacity="${opacity}"/>`;
}

/** Personal finance: an umbrella keeps the rain off three stacks of coins. */
function drawEmergencyFund(palette: Palette, random: () => number): Drawing {
  const sky = drawSky(palette, random, 600, 260);
  let rain = "";
  for (let index = 0; index < 120; index++) {
    const x = random() * (W + 200) - 100;
    const y = random() * 520;
    // No rain under the canopy.
    if (x > 330 && x < 900 && y > 190) continue;
    rain += `<line x1="${r1(x)}" y1="${r1(y)}" x2="${r1(x - 10)}" y2="${r1(y + 34)}" stroke="${palette[2]}" stroke-width="3" stroke-linecap="round" opacity="${r1(0.25 + random() * 0.35)}"/>`;
  }
  // Canopy: a dome from x 330 to 870 with scalloped edge at y 300.
  const left = 330;
  const right = 870;
  const edge = 300;
  const panels = 6;
  const step = (right - left) / panels;
  let scallops = "";
  for (let index = panels - 1; index >= 0; index--) {
    const x0 = left + (index + 1) * step;
    scallops += ` Q ${r1(x0 - step / 2)} ${edge - 34} ${r1(x0 - step)} ${edge}`;
  }
  const dome = `M ${left} ${edge} C ${left} 70, ${right} 70, ${right} ${edge}${scallops} Z`;
  let ribs = "";
  for (let index = 1; index < panels; index++) {
    const x = left + index * step;
    ribs += `<path d="M600 130 Q ${r1(600 + (x - 600) * 0.8)} 150 ${r1(x)} ${edge - 4}" fill="none" stroke="${BRAND[900]}" stroke-opacity="0.35" stroke-width="3"/>`;
  }
  const splashes = [180, 260, 960, 1050, 1120]
    .map(
      (x) =>
        `<path d="M${x - 14} 548 q 6 -14 14 -18 q 8 4 14 18" fill="none" stroke="${palette[2]}" stroke-width="3" stroke-linecap="round" opacity="0.55"/>`,
    )
    .join("");
  return {
    defs: `${sky.defs}
      <linearGradient id="canopy" x1="0" y1="0" x2="1" y2="0.4">
        <stop offset="0" stop-color="${BRAND[300]}"/>
        <stop offset="0.5" stop-color="${BRAND[500]}"/>
        <stop offset="1" stop-color="${BRAND[700]}"/>
      </linearGradient>`,
    body: `${sky.body}${rain}
      ${drawGround(BRAND[900], 520, 0.85)}
      <ellipse cx="600" cy="560" rx="300" ry="26" fill="${palette[0]}" opacity="0.35"/>
      ${splashes}
      <path d="${dome}" fill="url(#canopy)"/>
      <path d="M ${left} ${edge} C ${left} 150, 520 128, 600 128 C 530 160, 460 230, 420 ${edge - 14} Z" fill="#fff" opacity="0.16"/>
      ${ribs}
      <line x1="600" y1="112" x2="600" y2="130" stroke="${BRAND.slate200}" stroke-width="8" stroke-linecap="round"/>
      <path d="M600 280 V 470 q 0 36 -32 36 q -26 0 -28 -26" fill="none" stroke="${BRAND.slate200}" stroke-width="12" stroke-linecap="round"/>
      ${drawCoinStack(470, 520, 5, 52)}
      ${drawCoinStack(600, 526, 8, 56)}
      ${drawCoinStack(730, 520, 4, 52)}`,
  };
}

/** Investing: hundreds of small blocks, the holdings of one index, form a steady rising path toward a sun. */
function drawIndexFunds(palette: Palette, random: () => number): Drawing {
  const sky = drawSky(palette, random, 980, 150);
  const shades = ["#bfdbfe", "#93c5fd", "#60a5fa", "#dbeafe", BRAND[300], BRAND[400], "#ffffff"];
  const tile = 18;
  const gap = 4;
  let blocks = "";
  const tops: Array<[number, number]> = [];
  for (let column = 0; column < 44; column++) {
    const x = 90 + column * (tile + gap);
    const trend = 3 + column * 0.42 + Math.sin(column / 2.3) * 1.4;
    const rows = Math.max(2, Math.round(trend + (random() - 0.5) * 1.2));
    for (let row = 0; row < rows; row++) {
      const y = 540 - (row + 1) * (tile + gap);
      const fill = shades[Math.floor(random() * shades.length)];
      blocks += `<rect x="${x}" y="${y}" width="${tile}" height="${tile}" rx="3" fill="${fill}" opacity="${r1(0.7 + random() * 0.3)}"/>`;
    }
    tops.push([x + tile / 2, 540 - rows * (tile + gap) - 14]);
  }
  // The index line: a smoothed path over the tops.
  const smooth = tops.map(([x], index) => {
    const window = tops.slice(Math.max(0, index - 3), index + 4);
    return [x, window.reduce((sum, [, y]) => sum + y, 0) / window.length] as const;
  });
  const line = smooth.map(([x, y], index) => `${index === 0 ? "M" : "L"}${r1(x)} ${r1(y)}`).join(" ");
  const last = smooth[smooth.length - 1] ?? [0, 0];
  return {
    defs: sky.defs,
    body: `${sky.body}
      <circle cx="1010" cy="140" r="70" fill="#fef3c7" opacity="0.9"/>
      <circle cx="1010" cy="140" r="110" fill="#fef3c7" opacity="0.15"/>
      <path d="M0 470 C 250 430, 420 470, 640 430 S 1000 380, 1200 400 V 630 H 0 Z" fill="${palette[0]}" opacity="0.35"/>
      ${drawShadow(600, 548, 520, 14, 0.35)}
      ${blocks}
      <rect x="60" y="540" width="1080" height="8" rx="4" fill="${palette[0]}" opacity="0.6"/>
      <path d="${line}" fill="none" stroke="#fff" stroke-width="6" stroke-linecap="round" stroke-linejoin="round"/>
      <circle cx="${r1(last[0])}" cy="${r1(last[1])}" r="12" fill="#fff"/>
      <circle cx="${r1(last[0])}" cy="${r1(last[1])}" r="24" fill="#fff" opacity="0.25"/>
      ${drawGround(palette[0], 560, 0.9)}`,
  };
}

/** Trading: a calm figure walks a straight tightrope, balance pole level, above a chaotic sea of price swings. */
function drawTradingPsychology(palette: Palette, random: () => number): Drawing {
  const sky = drawSky(palette, random, 600, 200);
  let waves = "";
  for (let layer = 0; layer < 5; layer++) {
    const base = 430 + layer * 40;
    let d = `M -20 ${base}`;
    for (let x = 0; x <= W + 40; x += 30) {
      const swing = (random() - 0.5) * (70 - layer * 8);
      d += ` L ${x} ${r1(base + swing)}`;
    }
    d += ` V ${H} H -20 Z`;
    const fill = layer % 2 === 0 ? palette[1] : "#9a3412";
    waves += `<path d="${d}" fill="${fill}" opacity="${r1(0.35 + layer * 0.12)}"/>`;
  }
  let candles = "";
  for (let index = 0; index < 16; index++) {
    const x = 40 + index * 74 + random() * 20;
    const y = 380 + random() * 110;
    const body = 26 + random() * 46;
    const up = random() > 0.5;
    const color = up ? BRAND[400] : "#fca5a5";
    candles += `<g transform="rotate(${r1((random() - 0.5) * 40)} ${r1(x)} ${r1(y)})" opacity="0.85">
      <line x1="${r1(x)}" y1="${r1(y - body / 2 - 16)}" x2="${r1(x)}" y2="${r1(y + body / 2 + 16)}" stroke="${color}" stroke-width="3"/>
      <rect x="${r1(x - 9)}" y="${r1(y - body / 2)}" width="18" height="${r1(body)}" rx="3" fill="${color}"/>
    </g>`;
  }
  const rope = 250;
  return {
    defs: sky.defs,
    body: `${sky.body}
      <circle cx="600" cy="150" r="74" fill="${palette[2]}" opacity="0.9"/>
      ${candles}
      ${waves}
      <rect x="96" y="${rope - 10}" width="16" height="${H}" rx="4" fill="${BRAND.ink}" opacity="0.8"/>
      <rect x="1088" y="${rope - 10}" width="16" height="${H}" rx="4" fill="${BRAND.ink}" opacity="0.8"/>
      <line x1="104" y1="${rope}" x2="1096" y2="${rope}" stroke="${BRAND.paper}" stroke-width="5"/>
      <g stroke="${BRAND.ink}" stroke-linecap="round" stroke-linejoin="round" fill="none">
        <line x1="430" y1="196" x2="770" y2="196" stroke="${BRAND.paper}" stroke-width="7"/>
        <path d="M600 168 L 600 212" stroke-width="18"/>
        <path d="M600 176 L 560 196 M600 176 L 640 196" stroke-width="9"/>
        <path d="M600 210 L 584 ${rope - 2} M600 210 L 626 ${rope - 6}" stroke-width="11"/>
      </g>
      <circle cx="600" cy="146" r="17" fill="${BRAND.ink}"/>
      <circle cx="430" cy="196" r="8" fill="${BRAND[400]}"/>
      <circle cx="770" cy="196" r="8" fill="${BRAND[400]}"/>`,
  };
}

/** Crypto: an open vault door of interlocking hexagons; a glowing gold key rests inside. */
function drawSelfCustody(palette: Palette, random: () => number): Drawing {
  const sky = drawSky(palette, random, 560, 320);
  let hexes = "";
  const size = 46;
  for (let row = 0; row < 9; row++) {
    for (let column = 0; column < 16; column++) {
      const cx = column * size * 1.5 + (row % 2) * size * 0.75;
      const cy = row * size * 0.9;
      if (random() > 0.45) continue;
      const points = Array.from({ length: 6 }, (_, k) => {
        const angle = (Math.PI / 3) * k;
        return `${r1(cx + size * 0.5 * Math.cos(angle))},${r1(cy + size * 0.5 * Math.sin(angle))}`;
      }).join(" ");
      hexes += `<polygon points="${points}" fill="none" stroke="${palette[2]}" stroke-width="2" opacity="${r1(0.08 + random() * 0.15)}"/>`;
    }
  }
  let bolts = "";
  for (let index = 0; index < 8; index++) {
    const angle = (Math.PI / 4) * index;
    bolts += `<circle cx="${r1(560 + 196 * Math.cos(angle))}" cy="${r1(320 + 196 * Math.sin(angle))}" r="10" fill="#78716c"/>`;
  }
  return {
    defs: `${sky.defs}
      <radialGradient id="vault-inside" cx="0.5" cy="0.5" r="0.5">
        <stop offset="0" stop-color="#fde68a" stop-opacity="0.9"/>
        <stop offset="0.45" stop-color="#a16207" stop-opacity="0.7"/>
        <stop offset="1" stop-color="#1c1917"/>
      </radialGradient>
      <linearGradient id="steel" x1="0" y1="0" x2="1" y2="1">
        <stop offset="0" stop-color="#e7e5e4"/>
        <stop offset="0.5" stop-color="#a8a29e"/>
        <stop offset="1" stop-color="#57534e"/>
      </linearGradient>
      <linearGradient id="key" x1="0" y1="0" x2="1" y2="1">
        <stop offset="0" stop-color="#fef3c7"/>
        <stop offset="0.5" stop-color="${BRAND.gold}"/>
        <stop offset="1" stop-color="#d97706"/>
      </linearGradient>`,
    body: `${sky.body}${hexes}
      ${drawShadow(600, 560, 330, 24)}
      <rect x="300" y="60" width="520" height="520" rx="40" fill="url(#steel)"/>
      <rect x="316" y="76" width="488" height="488" rx="30" fill="#44403c"/>
      <circle cx="560" cy="320" r="222" fill="#292524"/>
      <circle cx="560" cy="320" r="206" fill="url(#vault-inside)"/>
      ${bolts}
      <g transform="rotate(-24 560 330)">
        <circle cx="470" cy="330" r="62" fill="url(#key)"/>
        <circle cx="470" cy="330" r="26" fill="#422006"/>
        <rect x="520" y="312" width="200" height="36" rx="8" fill="url(#key)"/>
        <rect x="640" y="344" width="22" height="44" rx="4" fill="url(#key)"/>
        <rect x="684" y="344" width="22" height="30" rx="4" fill="url(#key)"/>
      </g>
      <g transform="translate(820 80) skewY(12)">
        <rect width="190" height="480" rx="26" fill="url(#steel)"/>
        <rect x="18" y="18" width="154" height="444" rx="18" fill="#a8a29e" opacity="0.55"/>
        <circle cx="96" cy="240" r="58" fill="none" stroke="#57534e" stroke-width="12"/>
        <path d="M96 182 V 298 M38 240 H 154 M55 199 L 137 281 M137 199 L 55 281" stroke="#57534e" stroke-width="8" stroke-linecap="round"/>
      </g>
      ${drawGround(palette[0], 570, 0.8)}`,
  };
}

/** AI: a chat bubble at the centre, wired to a coin, a bar chart, a calendar and a pie chart. */
function drawAiTools(palette: Palette, random: () => number): Drawing {
  const sky = drawSky(palette, random, 600, 315);
  let stars = "";
  for (let index = 0; index < 40; index++) {
    stars += `<circle cx="${r1(random() * W)}" cy="${r1(random() * H)}" r="${r1(1 + random() * 2.5)}" fill="#fff" opacity="${r1(0.2 + random() * 0.5)}"/>`;
  }
  const wire = (x: number, y: number) =>
    `<path d="M600 315 Q ${r1((600 + x) / 2)} ${r1(y < 315 ? y - 40 : y + 40)} ${x} ${y}" fill="none" stroke="${palette[2]}" stroke-width="4" stroke-dasharray="2 12" stroke-linecap="round" opacity="0.8"/>`;
  const card = (x: number, y: number, inner: string) =>
    `${drawShadow(x + 10, y + 120, 90, 14, 0.3)}<rect x="${x - 90}" y="${y - 80}" width="180" height="160" rx="22" fill="${BRAND.paper}"/>${inner}`;
  const bars = [60, 95, 75, 120]
    .map(
      (height, index) =>
        `<rect x="${900 + index * 34}" y="${r1(200 - height / 2 + 40)}" width="22" height="${height / 2 + 20}" rx="5" fill="${index === 3 ? BRAND[500] : "#c4b5fd"}"/>`,
    )
    .join("");
  let days = "";
  for (let row = 0; row < 3; row++) {
    for (let column = 0; column < 4; column++) {
      const highlighted = row === 1 && column === 2;
      days += `<rect x="${882 + column * 38}" y="${428 + row * 30}" width="26" height="20" rx="5" fill="${highlighted ? BRAND[500] : "#ddd6fe"}"/>`;
    }
  }
  return {
    defs: `${sky.defs}
      <linearGradient id="bubble" x1="0" y1="0" x2="0" y2="1">
        <stop offset="0" stop-color="#ffffff"/>
        <stop offset="1" stop-color="#ede9fe"/>
      </linearGradient>`,
    body: `${sky.body}${stars}
      ${wire(300, 180)}${wire(300, 450)}${wire(960, 180)}${wire(960, 450)}
      ${drawShadow(610, 470, 170, 20, 0.35)}
      <path d="M430 200 a40 40 0 0 1 40 -40 h260 a40 40 0 0 1 40 40 v150 a40 40 0 0 1 -40 40 h-150 l-70 60 l10 -60 h-50 a40 40 0 0 1 -40 -40 z" fill="url(#bubble)"/>
      <circle cx="530" cy="275" r="20" fill="${palette[1]}"/>
      <circle cx="600" cy="275" r="20" fill="${palette[1]}" opacity="0.75"/>
      <circle cx="670" cy="275" r="20" fill="${palette[1]}" opacity="0.5"/>
      <path d="M760 130 l10 24 l24 10 l-24 10 l-10 24 l-10 -24 l-24 -10 l24 -10 z" fill="#fef9c3"/>
      ${card(300, 180, `<circle cx="300" cy="180" r="52" fill="#ede9fe"/><path d="M300 128 A52 52 0 0 1 352 180 L300 180 Z" fill="${BRAND[500]}"/><path d="M300 180 L 352 180 A52 52 0 0 1 270 222 Z" fill="#a78bfa"/>`)}
      ${drawCoinStack(300, 470, 4, 60)}
      ${drawCoin(372, 420, 30)}
      ${card(960, 180, bars)}
      ${card(960, 450, `<rect x="870" y="370" width="180" height="40" rx="20" fill="${palette[1]}"/><rect x="870" y="392" width="180" height="18" fill="${palette[1]}"/><circle cx="910" cy="376" r="6" fill="#fff"/><circle cx="1010" cy="376" r="6" fill="#fff"/>${days}`)}`,
  };
}

/** Enterprising: an open toolbox sends an arc of coins up into a small shop with a striped awning. */
function drawSideIncome(palette: Palette, random: () => number): Drawing {
  const sky = drawSky(palette, random, 760, 260);
  let stripes = "";
  for (let index = 0; index < 8; index++) {
    stripes += `<path d="M${600 + index * 55} 170 h55 v70 q -27.5 22 -55 0 z" fill="${index % 2 === 0 ? BRAND.paper : palette[1]}"/>`;
  }
  const coins = [
    [330, 300, 24],
    [390, 240, 26],
    [460, 200, 28],
    [535, 190, 28],
  ]
    .map(([x, y, radius]) => drawCoin(x ?? 0, y ?? 0, radius ?? 0))
    .join("");
  return {
    defs: `${sky.defs}
      <linearGradient id="wall" x1="0" y1="0" x2="0" y2="1">
        <stop offset="0" stop-color="#fdf2f8"/>
        <stop offset="1" stop-color="#fbcfe8"/>
      </linearGradient>
      <linearGradient id="toolbox" x1="0" y1="0" x2="0" y2="1">
        <stop offset="0" stop-color="${BRAND[500]}"/>
        <stop offset="1" stop-color="${BRAND[800]}"/>
      </linearGradient>`,
    body: `${sky.body}
      ${drawGround(palette[0], 520, 0.7)}
      ${drawShadow(780, 545, 300, 22)}
      <rect x="590" y="150" width="460" height="30" rx="8" fill="${palette[0]}"/>
      <rect x="610" y="180" width="420" height="360" fill="url(#wall)"/>
      ${stripes}
      <rect x="650" y="280" width="200" height="150" rx="10" fill="${palette[0]}" opacity="0.85"/>
      <rect x="660" y="290" width="180" height="130" rx="6" fill="#fce7f3" opacity="0.3"/>
      <g stroke="${BRAND.paper}" stroke-width="12" stroke-linecap="round" fill="none">
        <path d="M690 400 L 760 320"/>
        <path d="M748 332 a22 22 0 1 1 22 -18"/>
        <path d="M800 400 L 820 310"/>
      </g>
      <rect x="880" y="280" width="110" height="260" rx="8" fill="${palette[0]}"/>
      <circle cx="970" cy="410" r="7" fill="${BRAND.gold}"/>
      <line x1="935" y1="232" x2="935" y2="258" stroke="${BRAND.ink}" stroke-width="3"/>
      <rect x="905" y="256" width="60" height="36" rx="6" fill="${BRAND[500]}"/>
      ${drawShadow(300, 540, 170, 18)}
      <path d="M170 420 h260 l-16 120 h-228 z" fill="url(#toolbox)"/>
      <rect x="160" y="400" width="280" height="34" rx="8" fill="${BRAND[600]}"/>
      <path d="M250 400 v-34 a14 14 0 0 1 14 -14 h72 a14 14 0 0 1 14 14 v34" fill="none" stroke="${BRAND.ink}" stroke-width="12"/>
      <rect x="278" y="440" width="44" height="20" rx="4" fill="${BRAND.slate200}"/>
      <g stroke="${BRAND.slate200}" stroke-width="14" stroke-linecap="round">
        <path d="M210 400 L 190 330"/>
        <path d="M390 400 L 420 340"/>
      </g>
      <rect x="402" y="316" width="40" height="22" rx="4" fill="${BRAND.slate500}" transform="rotate(30 422 327)"/>
      ${coins}
      ${drawCoinStack(560, 520, 3, 30)}`,
  };
}

/** Value: two cupped hands hold a seedling whose leaves catch the light. */
function drawCreatingValue(palette: Palette, random: () => number): Drawing {
  const sky = drawSky(palette, random, 600, 230);
  let motes = "";
  for (let index = 0; index < 26; index++) {
    const angle = random() * Math.PI * 2;
    const distance = 120 + random() * 220;
    motes += `<circle cx="${r1(600 + Math.cos(angle) * distance * 1.6)}" cy="${r1(240 + Math.sin(angle) * distance * 0.7)}" r="${r1(2 + random() * 4)}" fill="${palette[2]}" opacity="${r1(0.3 + random() * 0.5)}"/>`;
  }
  const leaf = (x: number, y: number, angle: number, size: number, fill: string) =>
    `<path d="M0 0 C ${size * 0.3} ${-size * 0.5}, ${size * 0.9} ${-size * 0.5}, ${size} 0 C ${size * 0.9} ${size * 0.45}, ${size * 0.3} ${size * 0.45}, 0 0 Z" fill="${fill}" transform="translate(${x} ${y}) rotate(${angle})"/>
     <path d="M0 0 L ${size * 0.85} 0" stroke="${BRAND[900]}" stroke-opacity="0.35" stroke-width="2" transform="translate(${x} ${y}) rotate(${angle})"/>`;
  // A cupped hand: palm and four fingers curling up; `flip` mirrors it for the right hand.
  const hand = (flip: boolean) => `<g transform="${flip ? "translate(1200 0) scale(-1 1)" : ""}">
      <path d="M250 630 L 300 520 C 330 470, 420 440, 500 440 L 600 440 L 600 520 C 590 560, 580 600, 572 630 Z" fill="url(#skin)"/>
      <path d="M470 452 C 440 420, 430 380, 452 364 C 470 352, 494 372, 504 400 L 520 440" fill="url(#skin)"/>
      <path d="M520 440 C 506 400, 504 362, 528 352 C 550 346, 564 372, 570 410 L 576 440" fill="url(#skin)"/>
      <path d="M560 440 C 552 402, 556 372, 578 368 C 598 366, 604 396, 604 440" fill="url(#skin)"/>
      <path d="M600 440 L 600 520" stroke="#b45309" stroke-opacity="0.25" stroke-width="4"/>
      <path d="M230 630 L 280 520 L 320 540 L 280 630 Z" fill="${palette[0]}"/>
    </g>`;
  return {
    defs: `${sky.defs}
      <linearGradient id="skin" x1="0" y1="0" x2="1" y2="1">
        <stop offset="0" stop-color="#fde4cf"/>
        <stop offset="1" stop-color="#e8a87c"/>
      </linearGradient>
      <linearGradient id="soil" x1="0" y1="0" x2="0" y2="1">
        <stop offset="0" stop-color="#78350f"/>
        <stop offset="1" stop-color="#451a03"/>
      </linearGradient>`,
    body: `${sky.body}${motes}
      <circle cx="600" cy="250" r="150" fill="${palette[2]}" opacity="0.12"/>
      ${hand(false)}
      ${hand(true)}
      <ellipse cx="600" cy="446" rx="92" ry="20" fill="url(#soil)"/>
      <path d="M600 450 C 598 380, 606 300, 600 170" fill="none" stroke="${BRAND[800]}" stroke-width="12" stroke-linecap="round"/>
      <path d="M602 330 C 640 300, 650 280, 660 250" fill="none" stroke="${BRAND[800]}" stroke-width="8" stroke-linecap="round"/>
      <path d="M600 260 C 560 240, 552 220, 548 196" fill="none" stroke="${BRAND[800]}" stroke-width="7" stroke-linecap="round"/>
      ${leaf(604, 180, -70, 90, BRAND[400])}
      ${leaf(600, 190, -130, 84, BRAND[500])}
      ${leaf(660, 252, -30, 96, BRAND[300])}
      ${leaf(548, 200, -160, 80, BRAND[400])}
      ${leaf(604, 330, 20, 70, BRAND[500])}
      ${leaf(598, 300, 170, 74, BRAND[300])}
      <circle cx="720" cy="200" r="16" fill="url(#coin-top)"/>
      <circle cx="480" cy="290" r="12" fill="url(#coin-top)"/>`,
  };
}

/** Freedom: a staircase of coin stacks climbs to an open door with a bright sky beyond it. */
function drawFinancialIndependence(palette: Palette, random: () => number): Drawing {
  const sky = drawSky(palette, random, 930, 240);
  let stacks = "";
  for (let index = 0; index < 6; index++) {
    stacks += drawCoinStack(170 + index * 118, 520 - index * 8, 2 + index * 3, 48);
  }
  let rays = "";
  for (let index = 0; index < 5; index++) {
    rays += `<path d="M${880 + index * 10} 520 L ${r1(520 - index * 90)} 630 L ${r1(660 - index * 80)} 630 Z" fill="#fef9c3" opacity="0.08"/>`;
  }
  return {
    defs: `${sky.defs}
      <linearGradient id="beyond" x1="0" y1="0" x2="0" y2="1">
        <stop offset="0" stop-color="#bae6fd"/>
        <stop offset="0.7" stop-color="#fef9c3"/>
        <stop offset="1" stop-color="#fde68a"/>
      </linearGradient>
      <linearGradient id="door" x1="0" y1="0" x2="1" y2="0">
        <stop offset="0" stop-color="#075985"/>
        <stop offset="1" stop-color="#0c4a6e"/>
      </linearGradient>`,
    body: `${sky.body}
      ${drawGround(palette[0], 520, 0.9)}
      ${rays}
      <rect x="860" y="100" width="220" height="430" rx="8" fill="${BRAND.paper}"/>
      <rect x="878" y="118" width="184" height="412" fill="url(#beyond)"/>
      <circle cx="1000" cy="420" r="54" fill="#fde68a"/>
      <path d="M878 470 C 930 440, 990 450, 1062 430 V 530 H 878 Z" fill="${BRAND[400]}"/>
      <path d="M910 220 q 12 -10 24 0 q 12 -10 24 0" fill="none" stroke="${palette[0]}" stroke-width="4" stroke-linecap="round"/>
      <path d="M970 180 q 9 -8 18 0 q 9 -8 18 0" fill="none" stroke="${palette[0]}" stroke-width="3" stroke-linecap="round"/>
      <path d="M878 118 L 800 150 L 800 560 L 878 530 Z" fill="url(#door)"/>
      <circle cx="818" cy="350" r="8" fill="${BRAND.gold}"/>
      ${stacks}`,
  };
}

/** Default link preview: the brand mark (the V of the logo) on brand green, with rising rings. */
function drawShareDefault(palette: Palette, random: () => number): Drawing {
  const sky = drawSky(palette, random, 600, 315);
  let rings = "";
  for (let index = 1; index <= 5; index++) {
    rings += `<circle cx="600" cy="315" r="${120 + index * 60}" fill="none" stroke="${BRAND[100]}" stroke-width="2" opacity="${r1(0.3 - index * 0.04)}"/>`;
  }
  return {
    defs: sky.defs,
    body: `${sky.body}${rings}
      ${drawShadow(610, 440, 150, 20, 0.35)}
      <rect x="460" y="175" width="280" height="280" rx="70" fill="${BRAND[700]}"/>
      <path d="M530 255 l70 130 l70 -130" fill="none" stroke="#fff" stroke-width="28" stroke-linecap="round" stroke-linejoin="round"/>`,
  };
}

const COVERS: Record<string, { category: string; draw: (palette: Palette, random: () => number) => Drawing }> = {
  "build-an-emergency-fund": { category: "personal-finance", draw: drawEmergencyFund },
  "index-funds-for-the-long-run": { category: "investing", draw: drawIndexFunds },
  "trading-psychology-discipline": { category: "trading", draw: drawTradingPsychology },
  "crypto-self-custody-basics": { category: "crypto", draw: drawSelfCustody },
  "ai-tools-for-personal-finance": { category: "ai", draw: drawAiTools },
  "turn-a-skill-into-side-income": { category: "enterprising", draw: drawSideIncome },
  "what-creating-value-means": { category: "value", draw: drawCreatingValue },
  "the-math-of-financial-independence": { category: "freedom", draw: drawFinancialIndependence },
};

/** Renders one cover's SVG markup. */
export function renderCover(slug: string): string {
  const cover = COVERS[slug];
  if (!cover) throw new Error(`No cover drawing for article "${slug}"`);
  const drawing = cover.draw(PALETTES[cover.category] ?? PALETTES.value!, createRandom(slug));
  return wrapSvg(W, H, drawing.defs ?? "", drawing.body);
}

if (import.meta.main) {
  const outDir = path.join(ROOT, "content", "images", "articles");
  mkdirSync(outDir, { recursive: true });
  for (const slug of Object.keys(COVERS)) {
    writeFileSync(path.join(outDir, `${slug}.svg`), renderCover(slug));
    console.log(`wrote content/images/articles/${slug}.svg`);
  }
  const share = drawShareDefault(PALETTES["personal-finance"]!, createRandom("vpf"));
  const shareFile = path.join(ROOT, "public", "images", "share-default.webp");
  await sharp(Buffer.from(wrapSvg(W, H, share.defs ?? "", share.body)))
    .webp({ quality: 82 })
    .toFile(shareFile);
  console.log("wrote public/images/share-default.webp");
}
