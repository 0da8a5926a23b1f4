import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';

/**
 * A list's view kept in the page address: its search text, page, page size and filters. 'Geri'
 * from a row, the browser's back button, a reload or a shared link all return to the same view.
 * Typing and paging replace the history entry (one list visit is one entry, whatever was typed).
 *
 * Lists that share an address (the admin panel's tabs on /admin) name their parameters with a
 * `prefix` ('users.q'), so one tab's search never filters another's.
 */

/**
 * The query of the address as it is NOW, or null when the address is no longer on `pathname` (the
 * user has left the screen: a write would bring them back). The router renders a new address in a
 * transition, so for a moment after a change `useSearchParams()` still holds the previous query: a
 * setter building on it would undo the change just made — a search typed and 'Sonraki sayfa'
 * clicked at once left `?page=2` without `q`, and 'Geri' then came back to an empty search box.
 * (BrowserRouter's history is the window's, so window.location is the address.)
 */
function currentParams(pathname: string): URLSearchParams | null {
  if (window.location.pathname !== pathname) return null;
  return new URLSearchParams(window.location.search);
}

/** True when the address is the one this render shows (no address change on its way). */
function addressSettled(location: { pathname: string; search: string }): boolean {
  return window.location.pathname === location.pathname && window.location.search === location.search;
}

/** Longest search text kept in the address (the search box itself is not limited further). */
const MAX_QUERY_LENGTH = 200;
/** The search text as the address keeps it: at most MAX_QUERY_LENGTH, never half a surrogate pair. */
function clipQuery(value: string): string {
  const text = value.slice(0, MAX_QUERY_LENGTH);
  return /[\uD800-\uDBFF]$/.test(text) ? text.slice(0, -1) : text;
}
/** A page number past this is treated as the first page (a hand-edited address). */
const MAX_PAGE = 100_000;

/**
 * One filter of a list in the address (`?status=approved`): its value as written (null: none) and
 * a setter that changes only it and starts the list from its first page. With `replace`, a change
 * replaces the history entry instead of adding one.
 */
export function useFilterParam(
  name: string,
  { replace = false, prefix = '' }: { replace?: boolean; prefix?: string } = {},
): { value: string | null; set: (value: string) => void } {
  const [params, setParams] = useSearchParams();
  const { pathname } = useLocation();
  const key = `${prefix}${name}`;
  return {
    value: params.get(key),
    set: (value) => {
      const next = currentParams(pathname);
      if (!next) return;
      if (value) next.set(key, value);
      else next.delete(key);
      next.delete(`${prefix}page`);
      setParams(next, { replace });
    },
  };
}

export interface ListParams {
  search: string;
  /** 0-based for the components; the address keeps it 1-based (absent: the first page). */
  page: number;
  /** The page size from the address when it is one of the list's sizes, else the default. */
  pageSize: number;
  setSearch: (value: string) => void;
  setPage: (page: number) => void;
  setPageSize: (size: number) => void;
  /** Drops the search, the page and the named filters in one address change. */
  clear: () => void;
  /**
   * False while an address change is on its way to the screen (this render's `page`/`search` are
   * already out of date). An effect correcting the address from what it rendered (the page past
   * the end) waits for the render of the new address instead of overwriting it.
   */
  settled: () => boolean;
}

export interface ListParamsOptions {
  /** The parameters' prefix, for lists that share an address. */
  prefix?: string;
  /** The filters `clear` drops with the search (their parameter names, without the prefix). */
  filters?: readonly string[];
  /** The search's parameter name (default 'q'). */
  searchParam?: string;
  /** The page sizes offered; `size` in the address is taken only when it is one of them. */
  pageSizes?: readonly number[];
  defaultPageSize?: number;
}

/**
 * The search text (`q`), page (`page`, 1-based) and page size (`size`) of a list, in the address. A
 * new search or page size starts from the first page. Every setter changes the address as it is
 * now (not as last rendered), and only its own parameters.
 */
export function useListParams({
  prefix = '',
  searchParam = 'q',
  filters = ['status'],
  pageSizes = [],
  defaultPageSize = pageSizes[0] ?? 10,
}: ListParamsOptions = {}): ListParams {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const q = `${prefix}${searchParam}`;
  const pageKey = `${prefix}page`;
  const sizeKey = `${prefix}size`;
  const search = (params.get(q) ?? '').slice(0, MAX_QUERY_LENGTH);
  const parsed = Number(params.get(pageKey));
  const page = Number.isInteger(parsed) && parsed >= 1 && parsed <= MAX_PAGE ? parsed - 1 : 0;
  const sized = Number(params.get(sizeKey));
  const pageSize = pageSizes.includes(sized) ? sized : defaultPageSize;
  const update = (change: (next: URLSearchParams) => void) => {
    const next = currentParams(location.pathname);
    if (!next) return;
    change(next);
    setParams(next, { replace: true });
  };
  return {
    search,
    page,
    pageSize,
    setSearch: (value) =>
      update((next) => {
        const text = clipQuery(value);
        if (text) next.set(q, text);
        else next.delete(q);
        next.delete(pageKey);
      }),
    setPage: (value) =>
      update((next) => {
        if (value > 0) next.set(pageKey, String(value + 1));
        else next.delete(pageKey);
      }),
    setPageSize: (size) =>
      update((next) => {
        if (size === defaultPageSize) next.delete(sizeKey);
        else next.set(sizeKey, String(size));
        next.delete(pageKey);
      }),
    clear: () =>
      update((next) => {
        next.delete(q);
        for (const filter of filters) next.delete(`${prefix}${filter}`);
        next.delete(pageKey);
      }),
    settled: () => addressSettled(location),
  };
}

/**
 * The text of a list's search box. The box keeps its own text, so typing never waits for the
 * address; each change is written to the address (`q`), after `delay` ms of no typing when the
 * list asks the server. When the address changes from outside — back/forward, a row's 'Geri', a
 * link or the menu while the list is open, a list mounted before its address was rendered — the
 * box takes the address's text. What the box wrote itself reaching the screen a moment later (one
 * keystroke or several at once) is not "outside": the address is adopted only once it is settled
 * (nothing on its way) and differs from what the box last wrote, so a keystroke is never undone by
 * the echo of the one before.
 */
export function useSearchText(
  list: ListParams,
  { delay = 0 }: { delay?: number } = {},
): {
  text: string;
  setText: (value: string) => void;
  clear: () => void;
} {
  const [text, setTextState] = useState(list.search);
  // What the box last wrote to the address (as the address keeps it), or last took from it.
  const written = useRef(list.search);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const location = useLocation();
  useEffect(() => () => clearTimeout(timer.current), []);
  // Every rendered address (not only a new `q`: an outside change may come back to the same one).
  // biome-ignore lint/correctness/useExhaustiveDependencies: list.settled reads this render's address
  useLayoutEffect(() => {
    if (timer.current !== undefined) return; // the box's own text is on its way
    if (list.search !== written.current && list.settled()) {
      written.current = list.search;
      setTextState(list.search);
    }
  }, [list.search, location.key]);
  return {
    text,
    setText: (value) => {
      setTextState(value);
      written.current = clipQuery(value);
      if (delay <= 0) return list.setSearch(value);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        timer.current = undefined;
        list.setSearch(value);
      }, delay);
    },
    clear: () => {
      clearTimeout(timer.current);
      timer.current = undefined;
      setTextState('');
      written.current = '';
      list.clear();
    },
  };
}

/**
 * The list shrank under the current page (a sync, a filter, rows deleted): go to the last page
 * there is. `total` undefined: not known yet, or not to be trusted — the store still filling (a
 * linked page 3 would fall back to page 1), or the rows shown still those of the previous filter or
 * page while the new ones are read (back from an empty search to `?q=…&page=2`: the empty result
 * must not send that page 2 to page 1). Nothing is done then. Nor while a new address is on its
 * way: its own render decides, and a correction computed from an older one must not overwrite it.
 */
export function useLastPageClamp(list: ListParams, total: number | undefined, pageSize: number): void {
  const { key } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: list is rebuilt each render; key stands for its address
  useEffect(() => {
    if (total === undefined || !list.settled()) return;
    if (list.page > 0 && list.page * pageSize >= total)
      list.setPage(Math.max(0, Math.ceil(total / pageSize) - 1));
  }, [total, list.page, pageSize, key]);
}
