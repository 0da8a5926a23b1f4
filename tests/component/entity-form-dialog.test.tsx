import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  EntityFormDialog,
  FormTextField,
  useEntityForm,
} from '../../src/client/shared-ui/kit/entity-form-dialog';

/**
 * The kit's form dialog: Enter submits, the write's buttons stay off while it is on its way, a
 * conflict is said above the fields, and an error under a field goes as soon as it is edited.
 */
afterEach(cleanup);

type Form = { name: string; email: string };

function Dialog({
  busy = false,
  onSubmit = vi.fn(),
  conflict = false,
  open = true,
  onEntered,
}: {
  busy?: boolean;
  onSubmit?: (form: Form) => void;
  conflict?: boolean;
  open?: boolean;
  onEntered?: () => void;
}) {
  const { form, set, setErrors, text } = useEntityForm<Form, keyof Form, string>({
    open,
    initial: () => ({ name: 'Ayşe', email: '' }),
    describe: (field, error) => `${field === 'name' ? 'Ad' : 'E-posta'}: ${error}`,
  });
  return (
    <EntityFormDialog
      open={open}
      title="Kişi"
      busy={busy}
      onClose={vi.fn()}
      onSubmit={() => {
        if (!form.email) setErrors({ email: 'Zorunlu alan' });
        onSubmit(form);
      }}
      submitLabel="Kaydet"
      submitTestId="save"
      conflict={conflict ? { text: 'Kayıt değişti', testId: 'conflict' } : null}
      testId="dialog"
      onEntered={onEntered}
    >
      <FormTextField
        label="Ad"
        value={form.name}
        onChange={set('name')}
        error={text('name')}
        testId="f-name"
      />
      <FormTextField
        label="E-posta"
        value={form.email}
        onChange={set('email')}
        error={text('email')}
        help="Giriş için"
        testId="f-email"
        maxLength={254}
      />
    </EntityFormDialog>
  );
}

describe('EntityFormDialog', () => {
  it('opens with the initial values, is named by its title, and submits on Enter (not a page form around it)', () => {
    const onSubmit = vi.fn();
    const pageSubmit = vi.fn();
    render(
      <form onSubmit={pageSubmit}>
        <Dialog onSubmit={onSubmit} />
      </form>,
    );
    expect(screen.getByRole('dialog', { name: 'Kişi' })).toBeTruthy();
    const name = screen.getByTestId('f-name') as HTMLInputElement;
    expect(name.value).toBe('Ayşe');
    fireEvent.submit(name.closest('form') as HTMLFormElement);
    expect(onSubmit).toHaveBeenCalledWith({ name: 'Ayşe', email: '' });
    expect(pageSubmit).not.toHaveBeenCalled();
  });

  it('shows an error under its field instead of the help, and drops it once the field is edited', () => {
    render(<Dialog />);
    expect(screen.getByText('Giriş için')).toBeTruthy();
    fireEvent.click(screen.getByTestId('save'));
    expect(screen.getByText('E-posta: Zorunlu alan')).toBeTruthy();
    expect(screen.getByTestId('f-email').getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(screen.getByTestId('f-email'), { target: { value: 'a@b.co' } });
    expect(screen.queryByText('E-posta: Zorunlu alan')).toBeNull();
    expect(screen.getByText('Giriş için')).toBeTruthy();
    expect((screen.getByTestId('f-email') as HTMLInputElement).maxLength).toBe(254);
  });

  it('keeps both buttons off while the write is on its way, and says when the record changed', () => {
    const onSubmit = vi.fn();
    render(<Dialog busy conflict onSubmit={onSubmit} />);
    // Enter in a field sends nothing more either.
    fireEvent.submit(screen.getByTestId('f-name').closest('form') as HTMLFormElement);
    expect(onSubmit).not.toHaveBeenCalled();
    expect((screen.getByTestId('save') as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'İptal' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('conflict').textContent).toBe('Kayıt değişti');
  });

  it('focuses its field once open, but not when the user is already typing in another one', async () => {
    const focusName = () => (screen.getByTestId('f-name') as HTMLInputElement).focus();
    const entered = vi.fn(focusName);
    const first = render(<Dialog onEntered={entered} />);
    await vi.waitFor(() => expect(entered).toHaveBeenCalledTimes(1));
    expect(document.activeElement).toBe(screen.getByTestId('f-name'));
    first.unmount();

    // The opening animation has not ended yet when the user goes to the second field and types:
    // the focus stays where the keys go.
    const called = vi.fn(focusName);
    render(<Dialog onEntered={called} />);
    const email = screen.getByTestId('f-email') as HTMLInputElement;
    email.focus();
    fireEvent.change(email, { target: { value: 'kod-123' } });
    // The opening animation's timer (225 ms) is due before this one, so it has run by then.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(called).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(email);
    expect(email.value).toBe('kod-123');
  });
});
