// Catalogue reads (spec §7): home, search, filters, the content lists, e-books and content blurbs.
import * as v from 'valibot';
import { endpoint } from './endpoint.ts';
import { ClassListItem, FeaturedContent, Hash, ListFilters, Ok, Page, PodcastListItem, S, SeatRef, pagedList } from './common.ts';

const section = <T extends v.GenericSchema>(item: T) => v.object({ status: v.boolean(), data: v.array(item) });

export const getHome = endpoint({
  method: 'GET',
  path: 'home',
  access: 'optional',
  query: v.object({ s: S }),
  response: v.object({
    status: v.boolean(),
    webinars: v.object({ status: v.boolean(), data: v.array(ClassListItem), seats: v.array(SeatRef) }),
    classes: section(ClassListItem),
    podcasts: section(PodcastListItem),
    featuredContent: FeaturedContent,
  }),
});

const ClassList = pagedList(ClassListItem);
const PodcastList = pagedList(PodcastListItem);

export const Ebook = v.object({
  hash: v.string(),
  title: v.string(),
  subtitle: v.nullable(v.string()),
  blurbLib: v.string(),
  thumbnail: v.string(),
  pdf: v.string(),
  buttonText: v.nullable(v.string()),
});
export type Ebook = v.InferOutput<typeof Ebook>;

/**
 * Combined results for one filter (spec §2 /search), grouped by kind. `tutorials` and `ebooks` are additions
 * to the spec's answer (docs/decisions/0012-search-while-typing.md): e-books match a keyword only, as they
 * have no category or company. `featuredContent` holds only a featured item that matches the filter.
 */
export const getSearch = endpoint({
  method: 'GET',
  path: 'search',
  access: 'optional',
  query: v.object(ListFilters),
  response: v.object({
    status: v.boolean(),
    webinars: ClassList,
    classes: ClassList,
    podcasts: PodcastList,
    tutorials: ClassList,
    ebooks: pagedList(Ebook),
    featuredContent: FeaturedContent,
  }),
});

export const getSearchItems = endpoint({
  method: 'GET',
  path: 'search-items',
  access: 'public',
  response: v.object({
    status: v.boolean(),
    smallWords: v.array(v.string()),
    catList: v.array(v.object({ categoryID: v.number(), categoryName: v.string() })),
    companyList: v.array(v.object({ companyID: v.number(), companyName: v.string() })),
  }),
});

export const getUpcoming = endpoint({ method: 'GET', path: 'upcoming', access: 'optional', query: v.object({ ...ListFilters, page: Page }), response: ClassList });
export const getOndemand = endpoint({ method: 'GET', path: 'ondemand', access: 'optional', query: v.object({ ...ListFilters, page: Page }), response: ClassList });
export const getPodcasts = endpoint({ method: 'GET', path: 'podcasts', access: 'optional', query: v.object({ ...ListFilters, page: Page }), response: PodcastList });
export const getTutorials = endpoint({ method: 'GET', path: 'tutorials', access: 'optional', query: v.object({ ...ListFilters, page: Page }), response: ClassList });

export const getBooks = endpoint({
  method: 'GET',
  path: 'books',
  access: 'optional',
  query: v.object({ s: S }),
  response: v.object({ status: v.boolean(), rowCount: v.number(), data: v.array(Ebook) }),
});

/** records an e-book download (spec: "book-response-mvp"); h is the e-book hash */
export const postBookResponse = endpoint({ method: 'POST', path: 'book-response-mvp', access: 'student', body: v.object({ s: S, h: Hash }), response: Ok });

export const getBlurb = endpoint({
  method: 'GET',
  path: 'blurb',
  access: 'public',
  query: v.object({ code: v.pipe(v.string(), v.regex(/^[a-z0-9-]{1,40}$/, 'code must be a blurb code such as terms')) }),
  response: v.object({ status: v.boolean(), rowCount: v.number(), data: v.array(v.object({ code: v.string(), blurb: v.string() })) }),
});
