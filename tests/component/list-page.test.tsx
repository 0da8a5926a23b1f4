import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { BrowserRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  useFilterParam,
  useLastPageClamp,
  useListParams,
  useSearchText,
} from '../../src/client/shared-ui/kit/list-address';
import { ListPage } from '../../src/client/shared-ui/kit/list-page';

/**
 * A list's view lives in the address (search, filter, page, size), under its own prefix where
 * lists share a page; the frame shows the offline note, the load error and the pager.
 */
const SIZES = [5, 10, 25] as const;

function Probe({ prefix = 'users.', total }: { prefix?: string; total?: number }) {
  const list = useListParams({ prefix, filters: ['role'], pageSizes: SIZES, defaultPageSize: 10 });
  const search = useSearchText(list, { delay: 300 });
  const role = useFilterParam('role', { prefix, replace: true });
  useLastPageClamp(list, total, list.pageSize);
  return (
    <ListPage
      testId="probe"
      offlineNote={{ text: 'Çevrimdışı', testId: 'probe-offline' }}
      error={null}
      toolbar={
        <>
          <input aria-label="Ara" value={search.text} onChange={(e) => search.setText(e.target.value)} />
          <button type="button" onClick={() => role.set('driver')}>
            Sürücüler
          </button>
          <button type="button" onClick={search.clear}>
            Temizle
          </button>
        </>
      }
      pagination={{
        count: total ?? 100,
        list,
        pageSizes: SIZES,
        testId: 'probe-pagination',
      }}
    >
      <output data-testid="state">
        {JSON.stringify({ q: list.search, page: list.page, size: list.pageSize, role: role.value })}
      </output>
    </ListPage>
  );
}

const state = () => JSON.parse(screen.getByTestId('state').textContent ?? '{}');
const address = () => new URLSearchParams(window.location.search);

beforeEach(() => window.history.replaceState(null, '', '/admin?tab=users'));
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('list view in the address', () => {
  it('reads search, page, size and filter from a shared link, under the list’s prefix', () => {
    window.history.replaceState(
      null,
      '',
      '/admin?tab=users&users.q=ali&users.page=3&users.size=25&users.role=driver&q=other',
    );
    render(<Probe />, { wrapper: BrowserRouter });
    expect(state()).toEqual({ q: 'ali', page: 2, size: 25, role: 'driver' });
    expect((screen.getByLabelText('Ara') as HTMLInputElement).value).toBe('ali');
  });

  it('ignores a page size the list does not offer and a page that is not a number', () => {
    window.history.replaceState(null, '', '/admin?users.size=7&users.page=abc');
    render(<Probe />, { wrapper: BrowserRouter });
    expect(state()).toMatchObject({ page: 0, size: 10 });
  });

  it('writes the search after typing pauses, from the first page, keeping other parameters', async () => {
    window.history.replaceState(null, '', '/admin?tab=users&users.page=2');
    vi.useFakeTimers();
    render(<Probe />, { wrapper: BrowserRouter });
    fireEvent.change(screen.getByLabelText('Ara'), { target: { value: 'ış' } });
    expect(address().get('users.q')).toBeNull();
    await act(async () => vi.advanceTimersByTime(300));
    expect(address().get('users.q')).toBe('ış');
    expect(address().get('users.page')).toBeNull();
    expect(address().get('tab')).toBe('users');
    expect(state().q).toBe('ış');
  });

  it('sets a filter from the first page, and clears search and filters together', async () => {
    window.history.replaceState(null, '', '/admin?tab=users&users.q=x&users.page=4');
    render(<Probe />, { wrapper: BrowserRouter });
    fireEvent.click(screen.getByText('Sürücüler'));
    expect(address().get('users.role')).toBe('driver');
    expect(address().get('users.page')).toBeNull();
    fireEvent.click(screen.getByText('Temizle'));
    expect(address().get('users.role')).toBeNull();
    expect(address().get('users.q')).toBeNull();
    expect(address().get('tab')).toBe('users');
    expect((screen.getByLabelText('Ara') as HTMLInputElement).value).toBe('');
  });

  it('goes back to the last page when the list shrank under the current one', () => {
    window.history.replaceState(null, '', '/admin?users.page=5');
    render(<Probe total={12} />, { wrapper: BrowserRouter });
    // 12 rows in pages of 10: page 2 is the last.
    expect(address().get('users.page')).toBe('2');
    expect(state().page).toBe(1);
  });

  it('changes the page size from the pager and starts again from the first page', () => {
    window.history.replaceState(null, '', '/admin?users.page=3');
    render(<Probe />, { wrapper: BrowserRouter });
    expect(screen.getByTestId('probe-offline').textContent).toBe('Çevrimdışı');
    fireEvent.click(screen.getByRole('button', { name: /next page|sonraki/i }));
    expect(address().get('users.page')).toBe('4');
    fireEvent.mouseDown(screen.getByRole('combobox'));
    fireEvent.click(screen.getByRole('option', { name: '25' }));
    expect(address().get('users.size')).toBe('25');
    expect(address().get('users.page')).toBeNull();
  });
});
