// Download and Share for one certificate (issue 13; docs/decisions/0013-certificates-in-hand.md), in the Proof of CE
// dialog and beside a completed course's certificate button. Download is a plain link to the PDF with `download`:
// no script holds the file, so it works wherever links do. Share fetches the same PDF as a File and hands it to the
// Web Share API where navigator.canShare says the device can share files; elsewhere it saves the file instead.
import { useRef } from 'react';
import { useMutation } from '@tanstack/react-query';
import { MutationError } from '../../../components/ui/alert.tsx';
import { CERT_DOWNLOADED, CERT_SHARE_AGAIN, CERT_SHARE_ERROR } from '../../../lib/messages.ts';
import { certificatePdfUrl, fetchCertificatePdf, type CertificateItem } from '../api/get-certificate-pdf.ts';
import { CertificateRow, type CertificateRowProps } from './certificate-row.tsx';
import '../../../styles/certificates.css';
import { BusyButton } from '../../../components/ui/busy-button.tsx';

/** what a tap on Share came to: the share sheet was used or dismissed, the file was saved, or it needs a second tap */
type ShareOutcome = 'shared' | 'cancelled' | 'downloaded' | 'again';

/** saves a file the page already holds, as the Download link would */
function saveFile(file: File): void {
  const url = URL.createObjectURL(file);
  const a = document.createElement('a');
  a.href = url;
  a.download = file.name;
  a.hidden = true;
  document.body.append(a);
  a.click();
  a.remove();
  // the download has taken the bytes long before this; the URL only has to outlive the click
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

const named = (error: unknown, name: string) => error instanceof DOMException && error.name === name;

interface CertificateActionsProps extends CertificateRowProps {
  item: CertificateItem;
  /** the course's title: what the share sheet says is shared */
  title: string;
}

export function CertificateActions({ item, title, ...row }: CertificateActionsProps) {
  // the fetched file, kept for a second tap: a share sheet may only open within a tap, and the fetch can outlast it
  const file = useRef<File | null>(null);
  const share = useMutation({
    mutationFn: async (): Promise<ShareOutcome> => {
      const held = file.current;
      const pdf = held ?? (file.current = await fetchCertificatePdf(item));
      if (!navigator.canShare?.({ files: [pdf] })) {
        saveFile(pdf);
        return 'downloaded';
      }
      try {
        await navigator.share({ files: [pdf], title: `CE certificate: ${title}` });
        return 'shared';
      } catch (error) {
        if (named(error, 'AbortError')) return 'cancelled';
        // the tap's permission ran out while the PDF loaded: the file is here now, so the next tap opens the sheet at once.
        // Refused again with the file in hand, sharing is not allowed here at all: the file is saved instead.
        if (named(error, 'NotAllowedError')) {
          if (!held) return 'again';
          saveFile(pdf);
          return 'downloaded';
        }
        throw error;
      }
    },
  });
  const outcome = share.isSuccess ? share.data : null;
  return (
    <>
      <CertificateRow {...row} busy={share.isPending}>
        {/* a link, so it needs no script and the browser's own download handling; the server names the file */}
        <a className="button button-secondary" href={certificatePdfUrl(item)} download>
          {/* 'PDF': on an episode's page it sits under Download episode (the audio) */}
          Download PDF<span className="visually-hidden"> of the certificate</span>
        </a>
        <BusyButton type="button" className="button button-secondary" busy={share.isPending} onClick={() => share.mutate()}>
          {share.isPending ? (
            <>
              Preparing…<span className="visually-hidden"> the certificate to share</span>
            </>
          ) : (
            <>
              Share<span className="visually-hidden"> certificate</span>
            </>
          )}
        </BusyButton>
      </CertificateRow>
      {/* a status region that stays in the page, so what a tap came to is announced; empty, it takes no room */}
      <p className="cert-share-status" role="status">
        {outcome === 'downloaded' ? CERT_DOWNLOADED : outcome === 'again' ? CERT_SHARE_AGAIN : ''}
      </p>
      <MutationError mutation={share} fallback={CERT_SHARE_ERROR} />
    </>
  );
}
