// POST /api/book-response-mvp: records an e-book download; the PDF opens even if this fails.
import { postBookResponse } from '#shared/api/catalog';
import { call } from '../../../lib/api.ts';

export const recordBookResponse = (h: string) => call(postBookResponse, { body: { h } });
