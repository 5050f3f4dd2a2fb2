// The proof of a course taken elsewhere (issue 19): "Take a photo" opens the phone's camera (a file input with
// capture), "Choose a file" a photo or a PDF already on the phone. A photo is shrunk on the phone to a JPEG of at
// most about 2 MB before anything is kept or sent; a PDF goes as it is, if it is one and small enough. The server
// judges the file again by its content.
import { useEffect, useId, useState, type ChangeEvent } from 'react';
import { PROOF_MAX_BYTES } from '#shared/api/license';
import { PhotoError, shrinkPhoto } from '../shrink-photo.ts';

export interface Proof {
  file: Blob;
  /** the name it is sent under */
  name: string;
  kind: 'photo' | 'pdf';
}

export const NOT_PHOTO_OR_PDF = 'Choose a photo (JPEG or PNG) or a PDF of your certificate.';
/** named or typed a PDF, but not one inside (a download cut short, a renamed file) */
export const NOT_A_PDF = 'This file is named a PDF but is not one this device can read. Choose the PDF again, or take a photo of the certificate.';
export const PDF_TOO_LARGE = `This PDF is larger than ${PROOF_MAX_BYTES / 1024 / 1024} MB. Choose a smaller file, or take a photo of the certificate.`;

const sizeText = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`);

/** a PDF by its first bytes (what the server checks too), whatever the file's name or declared type */
const isPdf = async (file: Blob) => new TextDecoder().decode(await file.slice(0, 5).arrayBuffer()) === '%PDF-';

/** the file chosen or taken, made ready to keep and send: a shrunk JPEG, or the PDF as it is */
export async function prepareProof(file: File): Promise<Proof> {
  if (await isPdf(file)) {
    if (file.size > PROOF_MAX_BYTES) throw new PhotoError(PDF_TOO_LARGE);
    return { file, name: /\.pdf$/i.test(file.name) ? file.name : 'proof.pdf', kind: 'pdf' };
  }
  if (/\.pdf$/i.test(file.name) || file.type === 'application/pdf') throw new PhotoError(NOT_A_PDF);
  const jpeg = await shrinkPhoto(file);
  const base = file.name.replace(/\.[^.]*$/, '') || 'photo';
  return { file: jpeg, name: `${base}.jpg`, kind: 'photo' };
}

interface ProofPickerProps {
  proof: Proof | null;
  onChange: (proof: Proof | null) => void;
  /** a photo is being prepared: the form waits for it */
  onBusy: (busy: boolean) => void;
  /** what the picker is for: optional with a course, the whole point when added later */
  legend?: string;
}

export function ProofPicker({ proof, onChange, onBusy, legend = 'Proof (optional)' }: ProofPickerProps) {
  const id = useId();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [preview, setPreview] = useState<string | null>(null);

  // the photo shown as it will be sent; its object URL freed when it changes or the form goes
  useEffect(() => {
    if (proof?.kind !== 'photo') return setPreview(null);
    const url = URL.createObjectURL(proof.file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [proof]);

  const picked = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.target;
    const file = input.files?.[0];
    // the same file chosen again must fire a change too
    input.value = '';
    if (!file) return;
    setError(null);
    setBusy(true);
    onBusy(true);
    try {
      onChange(await prepareProof(file));
    } catch (e) {
      setError(e instanceof PhotoError ? e.message : NOT_PHOTO_OR_PDF);
    } finally {
      setBusy(false);
      onBusy(false);
    }
  };

  return (
    <fieldset className="proof" aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}>
      <legend>{legend}</legend>
      <p className="field-hint" id={`${id}-hint`}>
        A photo or a PDF of the certificate. A photo is made smaller on your device before it is sent.
      </p>
      <div className="actions proof-buttons">
        <label className="button button-secondary file-button">
          <input type="file" accept="image/*" capture="environment" className="visually-hidden" disabled={busy} onChange={(e) => void picked(e)} />
          Take a photo
        </label>
        <label className="button button-secondary file-button">
          <input type="file" accept="image/jpeg,image/png,application/pdf" className="visually-hidden" disabled={busy} onChange={(e) => void picked(e)} />
          Choose a file
        </label>
      </div>
      {busy && (
        <p className="hint" role="status">
          Preparing the photo…
        </p>
      )}
      {error && (
        <p className="field-error" id={`${id}-error`} role="alert">
          {error}
        </p>
      )}
      {proof && !busy && (
        <div className="proof-chosen">
          {preview && <img src={preview} alt="The photo as it will be sent" className="proof-thumb" />}
          <p>
            {proof.kind === 'photo' ? 'Photo' : 'PDF'}: {proof.name}, {sizeText(proof.file.size)}
          </p>
          <button type="button" className="button button-secondary button-small" onClick={() => onChange(null)}>
            Remove<span className="visually-hidden"> the proof</span>
          </button>
        </div>
      )}
    </fieldset>
  );
}
