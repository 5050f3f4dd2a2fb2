// GET /api/books: the e-book library.
import { useQuery } from '@tanstack/react-query';
import { getBooks } from '#shared/api/catalog';
import { apiQuery } from '../../../lib/query-client.ts';

export const useBooks = () => useQuery(apiQuery(getBooks, {}));
