// A photo taken as proof of CE earned elsewhere, made small on the phone before it is kept or sent (issue 19): a
// JPEG of at most about 2 MB, upright as the camera held it, and drawn afresh, so its metadata (where it was
// taken) stays on the phone. The size is reached by steps: lower quality first, then fewer pixels.

/** what the server takes as a photo, with room to spare; a page of a certificate stays legible well under it */
export const MAX_PHOTO_BYTES = 2 * 1024 * 1024;

/** the longest side first tried: a certificate's small print stays readable, and every phone's canvas allows it */
export const START_EDGE = 2400;
/** below this the print of a certificate is no longer readable: rather a refusal than a useless proof */
export const MIN_EDGE = 800;
/** JPEG qualities tried at each size, best first */
export const QUALITIES = [0.85, 0.75, 0.65, 0.55] as const;
/** each size after the first: this share of the one before */
const SHRINK = 0.75;

export const NOT_A_PHOTO = 'This file is not a photo this device can read. Take the photo again, or choose a JPEG, PNG or PDF file.';
export const PHOTO_TOO_LARGE = 'This photo could not be made small enough to send. Take it again closer to the certificate, or choose a PDF.';

export class PhotoError extends Error {
  override name = 'PhotoError';
}

/** a decoded picture, upright, and its size in pixels */
export interface Decoded {
  width: number;
  height: number;
  /** what `encode` draws (an ImageBitmap or an image element in the browser) */
  image: unknown;
  close?: () => void;
}

/** how pictures are read and written: the browser's canvas in the app, a stand-in in the unit test */
export interface PhotoCodec {
  decode(file: Blob): Promise<Decoded>;
  encode(image: unknown, width: number, height: number, quality: number): Promise<Blob>;
}

/** the picture's size with its longest side at most `edge`, its proportions kept */
export const fitWithin = (width: number, height: number, edge: number): { width: number; height: number } => {
  const scale = Math.min(1, edge / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
};

/**
 * The photo as a JPEG of at most `max` bytes: each size from START_EDGE (or the photo's own, if smaller) down to
 * MIN_EDGE is tried at each quality, and the first that fits is the answer. Rejects with a PhotoError when the
 * file is not a picture the browser can read, or when even the smallest try is too large.
 */
export async function shrinkPhoto(file: Blob, codec: PhotoCodec = canvasCodec, max = MAX_PHOTO_BYTES): Promise<Blob> {
  let decoded: Decoded;
  try {
    decoded = await codec.decode(file);
  } catch {
    throw new PhotoError(NOT_A_PHOTO);
  }
  try {
    let edge = Math.min(START_EDGE, Math.max(decoded.width, decoded.height));
    for (;;) {
      const size = fitWithin(decoded.width, decoded.height, edge);
      for (const quality of QUALITIES) {
        const jpeg = await codec.encode(decoded.image, size.width, size.height, quality);
        if (jpeg.size <= max) return jpeg;
      }
      if (edge <= MIN_EDGE) throw new PhotoError(PHOTO_TOO_LARGE);
      edge = Math.max(MIN_EDGE, Math.round(edge * SHRINK));
    }
  } finally {
    decoded.close?.();
  }
}

/** the browser's own: createImageBitmap turned upright by the file's orientation, drawn on a canvas */
export const canvasCodec: PhotoCodec = {
  async decode(file) {
    if (typeof createImageBitmap === 'function') {
      try {
        const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
        return { width: bitmap.width, height: bitmap.height, image: bitmap, close: () => bitmap.close() };
      } catch {
        // an engine without createImageBitmap for this file or option: the image element below decodes it
      }
    }
    // an <img> applies the orientation itself (CSS image-orientation: from-image is every engine's default)
    const url = URL.createObjectURL(file);
    try {
      const img = new Image();
      img.src = url;
      await img.decode();
      return { width: img.naturalWidth, height: img.naturalHeight, image: img };
    } finally {
      URL.revokeObjectURL(url);
    }
  },
  async encode(image, width, height, quality) {
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d');
    if (!context) throw new PhotoError(NOT_A_PHOTO);
    // JPEG has no transparency: a transparent PNG's background becomes white, not black
    context.fillStyle = '#fff';
    context.fillRect(0, 0, width, height);
    context.drawImage(image as CanvasImageSource, 0, 0, width, height);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality));
    if (!blob) throw new PhotoError(PHOTO_TOO_LARGE);
    return blob;
  },
};
