// The photo shrinker's steps as the student meets them: a photo that fits is re-encoded once at the best quality,
// a large one loses quality before pixels, never its proportions, and what cannot be made small enough or read at
// all is refused in plain words. The browser's canvas is stood in for by a codec whose JPEG size follows the
// pixels and the quality (the real canvas runs in the license journey, tests/e2e/license.spec.ts).
import { describe, expect, it } from 'vitest';
import { MAX_PHOTO_BYTES, MIN_EDGE, NOT_A_PHOTO, PHOTO_TOO_LARGE, PhotoError, QUALITIES, START_EDGE, fitWithin, shrinkPhoto, type PhotoCodec } from './shrink-photo.ts';

/** a codec for a `width`×`height` photo whose JPEGs weigh `bytesPerPixel(quality)` per pixel; it records each try */
function fakeCodec(width: number, height: number, bytesPerPixel: (quality: number) => number) {
  const tries: { width: number; height: number; quality: number }[] = [];
  let closed = false;
  const codec: PhotoCodec = {
    decode: async () => ({ width, height, image: 'photo', close: () => (closed = true) }),
    encode: async (image, w, h, quality) => {
      expect(image).toBe('photo');
      tries.push({ width: w, height: h, quality });
      // only its size and type are read: no need to hold hundreds of megabytes
      return { size: Math.round(w * h * bytesPerPixel(quality)), type: 'image/jpeg' } as Blob;
    },
  };
  return { codec, tries, closed: () => closed };
}

describe('shrinkPhoto', () => {
  it('re-encodes a photo that already fits once, at its own size and the best quality (its metadata stays behind)', async () => {
    const f = fakeCodec(1200, 900, () => 0.5);
    const jpeg = await shrinkPhoto(new Blob(['x']), f.codec);
    expect(f.tries).toEqual([{ width: 1200, height: 900, quality: QUALITIES[0] }]);
    expect(jpeg.type).toBe('image/jpeg');
    expect(f.closed()).toBe(true);
  });

  it('brings a 12-megapixel phone photo under 2 MB, lowering the quality before the pixels, proportions kept', async () => {
    // a noisy photo: about 1 byte a pixel at 0.85, less at lower qualities
    const f = fakeCodec(4032, 3024, (q) => q * 1.2);
    const jpeg = await shrinkPhoto(new Blob(['x']), f.codec);
    expect(jpeg.size).toBeLessThanOrEqual(MAX_PHOTO_BYTES);
    // the first size is START_EDGE on the long side, tried at every quality before a smaller size
    expect(f.tries.slice(0, QUALITIES.length)).toEqual(QUALITIES.map((quality) => ({ width: START_EDGE, height: 1800, quality })));
    const last = f.tries.at(-1)!;
    expect(last.width).toBeLessThan(START_EDGE);
    expect(last.width / last.height).toBeCloseTo(4032 / 3024, 2);
    // and the answer is the first try that fits: the largest picture at the best quality that does
    const firstFit = f.tries.findIndex((t) => t.width * t.height * t.quality * 1.2 <= MAX_PHOTO_BYTES);
    expect(firstFit).toBe(f.tries.length - 1);
  });

  it('keeps a portrait photo upright: the long side is its height', async () => {
    const f = fakeCodec(3024, 4032, () => 0.1);
    await shrinkPhoto(new Blob(['x']), f.codec);
    expect(f.tries[0]).toEqual({ width: 1800, height: START_EDGE, quality: QUALITIES[0] });
  });

  it('refuses in plain words what cannot be made small enough, after trying down to the smallest readable size', async () => {
    const f = fakeCodec(4000, 3000, () => 100);
    const failure = await shrinkPhoto(new Blob(['x']), f.codec).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(PhotoError);
    expect((failure as Error).message).toBe(PHOTO_TOO_LARGE);
    expect(Math.max(f.tries.at(-1)!.width, f.tries.at(-1)!.height)).toBe(MIN_EDGE);
    expect(f.closed()).toBe(true);
  });

  it('refuses a file the browser cannot read as a picture', async () => {
    const codec: PhotoCodec = { decode: () => Promise.reject(new DOMException('bad', 'InvalidStateError')), encode: () => Promise.reject(new Error('never')) };
    await expect(shrinkPhoto(new Blob(['%PDF-1.7']), codec)).rejects.toThrow(NOT_A_PHOTO);
  });
});

describe('fitWithin', () => {
  it('scales the longest side down to the edge and never up', () => {
    expect(fitWithin(4000, 3000, 2000)).toEqual({ width: 2000, height: 1500 });
    expect(fitWithin(3000, 4000, 2000)).toEqual({ width: 1500, height: 2000 });
    expect(fitWithin(640, 480, 2000)).toEqual({ width: 640, height: 480 });
  });
});
