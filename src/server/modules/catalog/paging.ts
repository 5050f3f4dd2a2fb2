// One page of a paged list (spec §9), shared by the catalogue and the student's own lists so both clamp alike.

/** a page past the end is clamped to the last page (spec §5, §9); `fetch` is asked again only then */
export async function pageOf<T>(fetch: (offset: number, limit: number) => Promise<{ items: T[]; total: number }>, page: number, size: number) {
  let res = await fetch(page * size, size);
  const last = Math.max(0, Math.ceil(res.total / size) - 1);
  if (page > last) {
    page = last;
    res = await fetch(page * size, size);
  }
  return { status: true as const, rowCount: res.items.length, totalRows: res.total, pageSize: size, page, data: res.items };
}
