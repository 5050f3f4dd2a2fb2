// GET /api/license-transcript: the transcript of a license's cycle as one PDF (the audit pack's first file).
import { getLicenseTranscript } from '#shared/api/license';
import { queryString } from '../../../config/paths.ts';

/** a link the browser saves; `cycle` is the cycle's end date */
export const licenseTranscriptUrl = (id: number, cycle: string): string => `/api/${getLicenseTranscript.path}${queryString({ id, cycle })}`;
