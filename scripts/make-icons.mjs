// Draws the app icons (192, 512, maskable 512) as PNGs with no image library:
// a dark tile, a gold disc and three dice pips. Run: node scripts/make-icons.mjs
import { writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (buf) => {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type, data) => {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
};

function png(size, pixel) {
  const raw = Buffer.alloc((size * 4 + 1) * size);
  for (let y = 0; y < size; y++) {
    raw[y * (size * 4 + 1)] = 0;
    for (let x = 0; x < size; x++) {
      const [r, g, b, a] = pixel(x + 0.5, y + 0.5);
      const o = y * (size * 4 + 1) + 1 + x * 4;
      raw[o] = r;
      raw[o + 1] = g;
      raw[o + 2] = b;
      raw[o + 3] = a;
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8;
  ihdr[9] = 6;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const BG = [15, 20, 32, 255];
const GOLD = [242, 183, 5, 255];

/** scale: share of the tile the disc may use (maskable icons keep to the 80% safe zone). */
function icon(size, scale, rounded) {
  const c = size / 2;
  const disc = (size / 2) * scale;
  const pip = disc * 0.16;
  const pips = [
    [-0.42, -0.42],
    [0, 0],
    [0.42, 0.42],
  ].map(([dx, dy]) => [c + dx * disc, c + dy * disc]);
  const corner = size * 0.22;
  return png(size, (x, y) => {
    if (rounded) {
      const qx = Math.max(corner - x, 0, x - (size - corner));
      const qy = Math.max(corner - y, 0, y - (size - corner));
      if (qx * qx + qy * qy > corner * corner) return [0, 0, 0, 0];
    }
    if (pips.some(([px, py]) => (x - px) ** 2 + (y - py) ** 2 <= pip * pip)) return BG;
    if ((x - c) ** 2 + (y - c) ** 2 <= disc * disc) return GOLD;
    return BG;
  });
}

/** Android's themed icon: only the shape counts (white on transparent), the system colours it. */
function monochrome(size, scale) {
  const c = size / 2;
  const disc = (size / 2) * scale;
  const pip = disc * 0.16;
  const pips = [
    [-0.42, -0.42],
    [0, 0],
    [0.42, 0.42],
  ].map(([dx, dy]) => [c + dx * disc, c + dy * disc]);
  return png(size, (x, y) => {
    if (pips.some(([px, py]) => (x - px) ** 2 + (y - py) ** 2 <= pip * pip)) return [0, 0, 0, 0];
    return (x - c) ** 2 + (y - c) ** 2 <= disc * disc ? [255, 255, 255, 255] : [0, 0, 0, 0];
  });
}

writeFileSync('public/icons/monochrome-512.png', monochrome(512, 0.6));
writeFileSync('public/icons/icon-192.png', icon(192, 0.78, true));
writeFileSync('public/icons/icon-512.png', icon(512, 0.78, true));
writeFileSync('public/icons/maskable-512.png', icon(512, 0.6, false));
writeFileSync('public/icons/apple-touch-icon-180.png', icon(180, 0.7, false));
console.log('icons written to public/icons');
