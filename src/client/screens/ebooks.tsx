// /ebooks ('Dental eBooks', spec §2): the e-book library, one page of EbookRow (features/catalog).
import { Redirect, useParams } from 'wouter';
import { LIST_ERROR } from '../lib/messages.ts';
import { LoadFailure, showsFailure } from '../components/ui/query-state.tsx';
import { Screen } from '../components/ui/screen.tsx';
import { ListSkeleton } from '../components/ui/skeleton.tsx';
import { paths } from '../config/paths.ts';
import { useBooks } from '../features/catalog/api/get-books.ts';
import { EbookRow } from '../features/catalog/components/ebook-row.tsx';
import { useIsLoggedIn } from '../features/session/stores/session-store.ts';

export default function EbooksScreen() {
  const rawPage = useParams<{ page?: string }>().page;
  const books = useBooks();
  const loggedIn = useIsLoggedIn();
  // the library is one page: any other page number falls back to it
  if (rawPage !== undefined) return <Redirect to={paths.ebooks()} replace />;
  return (
    <Screen refresh title="Dental eBooks">
      {showsFailure(books) ? (
        <LoadFailure query={books} message={LIST_ERROR} />
      ) : books.data === undefined ? (
        <ListSkeleton countLine />
      ) : books.data.data.length === 0 ? (
        <p className="empty">No ebooks found.</p>
      ) : (
        <>
          <p className="list-count">Available Now: {books.data.rowCount} eBooks</p>
          <ul className="rows">
            {books.data.data.map((book, i) => (
              <EbookRow key={book.hash} book={book} loggedIn={loggedIn} eager={i < 2} />
            ))}
          </ul>
        </>
      )}
    </Screen>
  );
}
