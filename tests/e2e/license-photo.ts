// What the license journeys share: a real phone photo of a certificate (a JPEG made by the browser's own encoder,
// 12 megapixels, larger than the 2 MB the app sends, with an EXIF orientation as a phone camera writes it), and the
// facts of a JPEG and a ZIP that the journeys read back from what the server kept.
import type { Page } from '@playwright/test';

/** a 4032 × 3024 JPEG of a certificate with film-like grain, as the camera stored it: sideways, EXIF orientation 6 */
export async function phonePhoto(page: Page, text: string): Promise<Buffer> {
  const base64 = await page.evaluate(async (words) => {
    const canvas = document.createElement('canvas');
    canvas.width = 4032;
    canvas.height = 3024;
    const c = canvas.getContext('2d')!;
    const g = c.createLinearGradient(0, 0, 4032, 3024);
    g.addColorStop(0, '#f3efe4');
    g.addColorStop(1, '#d9d2bf');
    c.fillStyle = g;
    c.fillRect(0, 0, 4032, 3024);
    c.fillStyle = '#1d2433';
    c.font = 'bold 160px serif';
    c.fillText('Certificate of Completion', 600, 900);
    c.font = '120px serif';
    c.fillText(words, 600, 1300);
    // grain, so the photo is as hard to compress as a real one (a flat image would fit at once)
    const grain = c.getImageData(0, 0, 4032, 3024);
    let seed = 7;
    for (let i = 0; i < grain.data.length; i += 4) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      const n = (seed % 48) - 24;
      grain.data[i] += n;
      grain.data[i + 1] += n;
      grain.data[i + 2] += n;
    }
    c.putImageData(grain, 0, 0);
    const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), 'image/jpeg', 0.95));
    const bytes = new Uint8Array(await blob.arrayBuffer());
    let s = '';
    for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return btoa(s);
  }, text);
  return withOrientation(Buffer.from(base64, 'base64'), 6);
}

/** the JPEG with an EXIF APP1 segment saying how to turn it (6: rotate 90° clockwise to view), right after SOI */
export function withOrientation(jpeg: Buffer, orientation: number): Buffer {
  const tiff = Buffer.from([0x4d, 0x4d, 0x00, 0x2a, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, orientation, 0, 0, 0, 0, 0, 0]);
  const body = Buffer.concat([Buffer.from('Exif\0\0', 'binary'), tiff]);
  const length = Buffer.alloc(2);
  length.writeUInt16BE(body.length + 2);
  return Buffer.concat([jpeg.subarray(0, 2), Buffer.from([0xff, 0xe1]), length, body, jpeg.subarray(2)]);
}

/** a JPEG's pixel size, from its first start-of-frame marker; null when it is not a JPEG */
export function jpegSize(bytes: Uint8Array): { width: number; height: number } | null {
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) return null;
  let i = 2;
  while (i + 9 < bytes.length) {
    if (bytes[i] !== 0xff) return null;
    const marker = bytes[i + 1]!;
    const length = (bytes[i + 2]! << 8) | bytes[i + 3]!;
    // SOF0–SOF15, except DHT (C4), JPG (C8) and DAC (CC)
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc)
      return { height: (bytes[i + 5]! << 8) | bytes[i + 6]!, width: (bytes[i + 7]! << 8) | bytes[i + 8]! };
    i += 2 + length;
  }
  return null;
}

/** whether the JPEG still carries EXIF (APP1 "Exif"): the app's own encoding leaves the camera's metadata behind */
export const hasExif = (bytes: Uint8Array): boolean => Buffer.from(bytes).includes(Buffer.from('Exif\0\0', 'binary'));
