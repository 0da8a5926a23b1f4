import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from '../../src/client/collections/day-end';

/**
 * The day-end's 'Teslim Al' form: the counted amounts start at the expected ones (written the
 * Turkish way), the difference follows what is typed before anything is sent (short, over or
 * none), and an amount that is missing or not a number is refused beside its field without a
 * request.
 */
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const row = {
  user_id: '55555555-5555-4555-8555-555555555555',
  user_name: 'Satış Ayşe',
  role: 'salesperson',
  expected: { cash: 40_000, card: 0, transfer: 15_050, cheque: 0, promissory_note: 0 },
  expected_total_kurus: 55_050,
  payment_count: 2,
  confirmation: null,
  after_confirmation_kurus: 0,
};

function renderDialog() {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <ConfirmDialog row={row} day="2026-03-10" onClose={vi.fn()} onConflict={vi.fn()} />
    </QueryClientProvider>,
  );
}

const field = (method: string) => screen.getByTestId(`day-end-counted-${method}`) as HTMLInputElement;
const difference = () => screen.getByTestId('day-end-form-difference').textContent;

describe('the day-end confirmation form', () => {
  it('starts at the expected amounts, with no difference', () => {
    renderDialog();
    expect(field('cash').value).toBe('400,00');
    expect(field('transfer').value).toBe('150,50');
    expect(field('card').value).toBe('0,00');
    expect(difference()).toContain('Fark yok');
  });

  it('shows the difference as amounts are typed: short, then over', () => {
    renderDialog();
    fireEvent.change(field('cash'), { target: { value: '395,00' } });
    expect(difference()).toContain('Eksik: -5,00 TL');
    fireEvent.change(field('cash'), { target: { value: '1.400,25' } });
    expect(difference()).toContain('Fazla: +1.000,25 TL');
  });

  it('refuses a missing or wrong amount beside its field, sending nothing', () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    renderDialog();
    fireEvent.change(field('cash'), { target: { value: '' } });
    fireEvent.change(field('card'), { target: { value: 'abc' } });
    expect(difference()).toContain('tüm tutarlar girilince');
    fireEvent.click(screen.getByTestId('day-end-submit'));
    expect(screen.getByTestId('day-end-counted-cash-helper').textContent).toBe('Sayılan nakit gereklidir');
    expect(screen.getByTestId('day-end-counted-card-helper').textContent).not.toBe('');
    expect(fetch).not.toHaveBeenCalled();
    // Editing the field takes its error away.
    fireEvent.change(field('cash'), { target: { value: '400' } });
    expect(screen.getByTestId('day-end-counted-cash-helper').textContent).toBe('Beklenen: 400,00 TL');
  });
});
