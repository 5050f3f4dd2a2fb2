// GET /api/license-audit-pack: the audit pack of a license's cycle as a ZIP: the transcript, every CE Pass
// certificate PDF of the cycle and every proof file the student sent.
import { getLicenseAuditPack } from '#shared/api/license';
import { queryString } from '../../../config/paths.ts';

/** a link the browser saves; `cycle` is the cycle's end date */
export const licenseAuditPackUrl = (id: number, cycle: string): string => `/api/${getLicenseAuditPack.path}${queryString({ id, cycle })}`;
