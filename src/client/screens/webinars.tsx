// /webinars (alias /upcoming): upcoming live webinars with RESERVED and WAITLIST badges and mobile ads (spec §2).
import { useSearch } from 'wouter';
import { WebinarRow } from '../components/content/class-rows.tsx';
import { Rows } from '../components/content/paged-list.tsx';
import { LIST_ERROR } from '../lib/messages.ts';
import { Screen } from '../components/ui/screen.tsx';
import { ListSkeleton } from '../components/ui/skeleton.tsx';
import { filtersFrom, paths } from '../config/paths.ts';
import { useUpcoming } from '../features/catalog/api/get-upcoming.ts';
import { SearchBar } from '../features/catalog/components/search-bar.tsx';
import { LoadFailure, showsFailure } from '../components/ui/query-state.tsx';

export default function WebinarsScreen() {
  const filters = filtersFrom(useSearch());
  const list = useUpcoming({ ...filters, page: '0' });
  return (
    <Screen refresh title="Upcoming Webinars">
      <SearchBar filters={filters} list={paths.webinars} />
      {showsFailure(list) ? (
        <LoadFailure query={list} message={LIST_ERROR} />
      ) : list.data === undefined ? (
        <ListSkeleton countLine />
      ) : list.data.data.length === 0 ? (
        <p className="empty">No upcoming webinars.</p>
      ) : (
        <>
          <p className="list-count">Live webinars: {list.data.totalRows}</p>
          <Rows items={list.data.data} ads={list.data.mobileAds} renderItem={(item, i) => <WebinarRow key={item.hash} item={item} seats={list.data!.seats} eager={i < 2} />} />
        </>
      )}
    </Screen>
  );
}
