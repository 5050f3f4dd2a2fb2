// GET /api/certificate-pdf: the student's own certificate as the PDF the e-mail carries (docs/decisions/0013).
// Download is a plain link to it; Share fetches it as a File for the Web Share API.
import { getCertificatePdf } from '#shared/api/certificates';
import { queryString } from '../../../config/paths.ts';
import { callFile } from '../../../lib/api.ts';

/** the completed class (c) or podcast episode (p) whose certificate it is */
export type CertificateItem = { c: string } | { p: string };

const refOf = (item: CertificateItem) => ('c' in item ? { c: item.c } : { p: item.p });

/**
 * The PDF's address: `attachment` (the default) saves it, `inline` opens it in the browser's viewer. A link, not
 * a fetch, so Download and View work without JavaScript having to hold the file.
 */
export const certificatePdfUrl = (item: CertificateItem, disposition?: 'inline'): string => `/api/${getCertificatePdf.path}${queryString({ ...refOf(item), disposition })}`;

/** the certificate as a File named as the server names it (ce-pass-certificate-{code}.pdf), for navigator.share */
export const fetchCertificatePdf = (item: CertificateItem): Promise<File> => callFile(getCertificatePdf, { query: refOf(item) });
