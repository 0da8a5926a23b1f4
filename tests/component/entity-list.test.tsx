import { cleanup, fireEvent, render as renderBare, screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { useEffect, useState } from 'react';
import { Link, MemoryRouter, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Column, EntityList, type RowAction } from '../../src/client/shared-ui/kit/entity-list';

/**
 * The kit's list of rows: the same facts and actions as a table on a desktop and as cards on a
 * phone; actions shown per row, disabled when asked; selection by row and by the header box.
 */
interface Person {
  id: string;
  name: string;
  email: string;
  locked: boolean;
}
const PEOPLE: Person[] = [
  { id: 'p1', name: 'Ayşe Yılmaz', email: 'ayse@example.com', locked: false },
  { id: 'p2', name: 'İsmail Çelik', email: 'ismail@example.com', locked: true },
];
const COLUMNS: Column<Person>[] = [
  { key: 'name', header: 'Ad', cell: (p) => p.name, strong: true, testId: 'person-name' },
  { key: 'email', header: 'E-posta', cell: (p) => p.email, breakAnywhere: true },
];

afterEach(cleanup);

/** The kit lives inside the app's router (rows may link to their record). */
const render = (ui: ReactElement) => renderBare(ui, { wrapper: MemoryRouter });

function actions(run: (p: Person) => void = vi.fn(), disabled = false): RowAction<Person>[] {
  return [
    { key: 'edit', label: 'Düzenle', icon: <span>e</span>, run, disabled },
    { key: 'unlock', label: 'Kilidi aç', icon: <span>u</span>, run, shown: (p) => p.locked, disabled },
  ];
}

function List(props: { phone: boolean; run?: () => void; disabled?: boolean; rows?: Person[] }) {
  return (
    <EntityList
      rows={props.rows ?? PEOPLE}
      rowKey={(p) => p.id}
      columns={COLUMNS}
      card={(p) => <span data-testid="person-name">{p.name}</span>}
      actions={actions(props.run, props.disabled)}
      actionLabel={(action, p) => `${action.label}: ${p.name}`}
      actionsHeader="İşlemler"
      empty={(props.rows ?? PEOPLE).length ? null : 'Kimse yok'}
      label="Kişiler"
      testId="people"
      rowTestId="person-row"
      rowProps={(p) => ({ 'data-person-id': p.id })}
      phone={props.phone}
    />
  );
}

describe('EntityList', () => {
  it('is a table with a header per column and the actions column on a desktop', () => {
    render(<List phone={false} />);
    const table = screen.getByRole('table', { name: 'Kişiler' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Ad', 'E-posta', 'İşlemler']);
    const rows = screen.getAllByTestId('person-row');
    expect(rows.map((row) => row.getAttribute('data-person-id'))).toEqual(['p1', 'p2']);
    expect(screen.getAllByTestId('person-name').map((c) => c.textContent)).toEqual([
      'Ayşe Yılmaz',
      'İsmail Çelik',
    ]);
  });

  it('is cards with the same rows and actions on a phone (no table)', () => {
    render(<List phone />);
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByTestId('people-cards')).toBeTruthy();
    expect(screen.getAllByTestId('person-row')).toHaveLength(2);
    // Unlock only for the locked person, on both layouts.
    expect(screen.getAllByTestId('person-unlock')).toHaveLength(1);
    expect(screen.getAllByTestId('person-edit')).toHaveLength(2);
  });

  it('runs an action with its row, names it for screen readers, and keeps it off when disabled', () => {
    const run = vi.fn();
    const { unmount } = render(<List phone={false} run={run} />);
    fireEvent.click(screen.getByRole('button', { name: 'Kilidi aç: İsmail Çelik' }));
    expect(run).toHaveBeenCalledWith(PEOPLE[1]);
    unmount();
    render(<List phone={false} run={run} disabled />);
    for (const button of screen.getAllByTestId('person-edit'))
      expect((button as HTMLButtonElement).disabled).toBe(true);
  });

  it('says why there are no rows, in both layouts', () => {
    const { unmount } = render(<List phone={false} rows={[]} />);
    expect(screen.getByTestId('people-empty').textContent).toBe('Kimse yok');
    unmount();
    render(<List phone rows={[]} />);
    expect(screen.getByTestId('people-empty').textContent).toBe('Kimse yok');
  });

  it('selects rows one by one and all at once from the header, skipping rows that cannot be selected', () => {
    const seen: string[][] = [];
    function Selectable() {
      const [selected, setSelected] = useState<Set<string>>(new Set());
      return (
        <EntityList
          rows={PEOPLE}
          rowKey={(p) => p.id}
          columns={COLUMNS}
          card={(p) => p.name}
          selection={{
            selected,
            onChange: (next) => {
              seen.push([...next].sort());
              setSelected(next);
            },
            rowLabel: (p) => `Seç: ${p.name}`,
            allLabel: 'Tümünü seç',
            selectable: (p) => !p.locked,
          }}
          empty={null}
          label="Kişiler"
          testId="people"
          rowTestId="person-row"
          phone={false}
        />
      );
    }
    render(<Selectable />);
    const locked = screen.getByRole('checkbox', { name: 'Seç: İsmail Çelik' }) as HTMLInputElement;
    expect(locked.disabled).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Tümünü seç' }));
    expect(seen.at(-1)).toEqual(['p1']);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Seç: Ayşe Yılmaz' }));
    expect(seen.at(-1)).toEqual([]);
  });
});

describe('EntityList with decisions', () => {
  it('shows text buttons named per row, only where the row allows them, on both layouts', () => {
    const decide = vi.fn();
    const decisions: RowAction<Person>[] = [
      {
        key: 'approve',
        label: 'Onayla',
        run: decide,
        text: 'contained',
        shown: (p) => !p.locked,
        testId: (p) => `approve-${p.id}`,
      },
      {
        key: 'reject',
        label: 'Reddet',
        run: decide,
        text: 'outlined',
        color: 'error',
        testId: (p) => `reject-${p.id}`,
      },
    ];
    for (const phone of [false, true]) {
      const { unmount } = render(
        <EntityList
          rows={PEOPLE}
          rowKey={(p) => p.id}
          columns={COLUMNS}
          card={(p) => p.name}
          actions={decisions}
          empty={null}
          label="Kişiler"
          testId="people"
          rowTestId={(p) => `row-${p.id}`}
          phone={phone}
        />,
      );
      expect(screen.getByTestId('row-p1')).toBeTruthy();
      expect(screen.getByTestId('approve-p1').textContent).toBe('Onayla');
      expect(screen.queryByTestId('approve-p2')).toBeNull();
      fireEvent.click(screen.getByTestId('reject-p2'));
      expect(decide).toHaveBeenLastCalledWith(PEOPLE[1]);
      unmount();
    }
  });
});

describe('EntityList with rows that open their record', () => {
  it('opens a row by click or by Enter on the table, and by the card on a phone', () => {
    const open = vi.fn();
    const { unmount } = render(
      <EntityList
        rows={PEOPLE}
        rowKey={(p) => p.id}
        columns={COLUMNS}
        card={(p) => <span>{p.name}</span>}
        onOpen={open}
        openLabel={(p) => `Aç: ${p.name}`}
        empty={null}
        label="Kişiler"
        testId="people"
        rowTestId="person-row"
        phone={false}
      />,
    );
    const row = screen.getByRole('row', { name: 'Aç: İsmail Çelik' });
    fireEvent.keyDown(row, { key: 'Enter' });
    expect(open).toHaveBeenLastCalledWith(PEOPLE[1]);
    fireEvent.click(screen.getByRole('row', { name: 'Aç: Ayşe Yılmaz' }));
    expect(open).toHaveBeenLastCalledWith(PEOPLE[0]);
    unmount();
    render(
      <EntityList
        rows={PEOPLE}
        rowKey={(p) => p.id}
        columns={COLUMNS}
        card={(p) => <span>{p.name}</span>}
        onOpen={open}
        empty={null}
        label="Kişiler"
        testId="people"
        rowTestId="person-row"
        phone
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'İsmail Çelik' }));
    expect(open).toHaveBeenLastCalledWith(PEOPLE[1]);
  });
});

describe('EntityList with rows that have their own address', () => {
  it('makes the whole card a link on a phone', () => {
    render(
      <EntityList
        rows={PEOPLE}
        rowKey={(p) => p.id}
        columns={COLUMNS}
        card={(p) => <span>{p.name}</span>}
        openTo={(p) => `/people/${p.id}`}
        empty={null}
        label="Kişiler"
        testId="people"
        rowTestId="person-row"
        phone
      />,
    );
    expect(screen.getByRole('link', { name: 'İsmail Çelik' }).getAttribute('href')).toBe('/people/p2');
  });
});

describe('EntityList with a link in a row and actions beside it', () => {
  /** Every address the router has been at, in order (one entry per navigation). */
  function Visited({ seen }: { seen: string[] }) {
    const location = useLocation();
    useEffect(() => {
      seen.push(location.pathname);
    }, [location, seen]);
    return null;
  }
  const LINKED: Column<Person>[] = [
    {
      key: 'name',
      header: 'Ad',
      cell: (p) => (
        <Link to={`/people/${p.id}`} data-testid="person-link">
          {p.name}
        </Link>
      ),
    },
    ...COLUMNS.slice(1),
  ];
  function Linked(props: { phone: boolean; run: (p: Person) => void; seen: string[]; openRow?: boolean }) {
    return (
      <MemoryRouter>
        <Visited seen={props.seen} />
        <EntityList
          rows={PEOPLE}
          rowKey={(p) => p.id}
          columns={LINKED}
          card={(p) => <span>{p.name}</span>}
          actions={actions(props.run)}
          empty={null}
          label="Kişiler"
          testId="people"
          rowTestId="person-row"
          openTo={(p) => `/people/${p.id}`}
          openRow={props.openRow}
          openTestId="person-card-link"
          cardActions="text"
          phone={props.phone}
        />
      </MemoryRouter>
    );
  }

  it('opens the row on a click, leaves a click on its link to the link, and a click on an action to the action', () => {
    const run = vi.fn();
    const seen: string[] = [];
    renderBare(<Linked phone={false} run={run} seen={seen} />);
    const [first, second] = screen.getAllByTestId('person-row') as [HTMLElement, HTMLElement];
    fireEvent.click(within(second).getByText('ismail@example.com'));
    expect(seen).toEqual(['/', '/people/p2']);
    // The link navigates once (the row does not add a second entry).
    fireEvent.click(within(first).getByTestId('person-link'));
    expect(seen).toEqual(['/', '/people/p2', '/people/p1']);
    // An action runs and goes nowhere; so does a click beside it in the actions' cell.
    fireEvent.click(within(second).getByTestId('person-unlock'));
    expect(run).toHaveBeenLastCalledWith(PEOPLE[1]);
    fireEvent.click(within(second).getByTestId('person-unlock').closest('td') as HTMLElement);
    expect(seen).toHaveLength(3);
    // Icons in the table (named by their label), not text.
    expect(within(second).getByTestId('person-unlock').textContent).toBe('u');
  });

  it('with openRow false, only the link opens the record on the table', () => {
    const seen: string[] = [];
    renderBare(<Linked phone={false} run={vi.fn()} seen={seen} openRow={false} />);
    fireEvent.click(
      within(screen.getAllByTestId('person-row')[1] as HTMLElement).getByText('ismail@example.com'),
    );
    expect(seen).toEqual(['/']);
  });

  it('on a phone the card is the named link and the actions under it are buttons with their text', () => {
    const run = vi.fn();
    renderBare(<Linked phone run={run} seen={[]} />);
    const links = screen.getAllByTestId('person-card-link');
    expect(links.map((link) => [link.tagName, link.getAttribute('href')])).toEqual([
      ['A', '/people/p1'],
      ['A', '/people/p2'],
    ]);
    const unlock = screen.getByRole('button', { name: 'Kilidi aç' });
    expect(unlock.textContent).toContain('Kilidi aç');
    fireEvent.click(unlock);
    expect(run).toHaveBeenLastCalledWith(PEOPLE[1]);
  });
});
