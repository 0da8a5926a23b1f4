import { create } from 'zustand';

/**
 * UI preferences and global messages (spec "Client state"): theme, language, sidebar, snackbars,
 * and the toast. There are two kinds of notice: a failed change (mutation) is a TOAST at the
 * top right that closes after 5 s (`showToast`); every other message is a snackbar that hides
 * after 6 s (`showError`, `showSuccess`).
 */
export type ThemeMode = 'light' | 'dark';
export type Language = 'tr' | 'en';

export interface UiState {
  theme: ThemeMode;
  language: Language;
  sidebarOpen: boolean;
  globalError: string | null;
  globalSuccess: string | null;
  /** The current toast; `id` changes with each one, so the same text twice shows twice. */
  toast: { id: number; text: string } | null;
  setTheme: (theme: ThemeMode) => void;
  toggleTheme: () => void;
  setLanguage: (language: Language) => void;
  setSidebarOpen: (open: boolean) => void;
  showError: (message: string | null) => void;
  showSuccess: (message: string | null) => void;
  /** A failed change: a toast at the top right; null closes it. */
  showToast: (message: string | null) => void;
}

function readPref<T extends string>(key: string, allowed: readonly T[], fallback: T): T {
  try {
    const value = localStorage.getItem(key);
    return value && (allowed as readonly string[]).includes(value) ? (value as T) : fallback;
  } catch {
    return fallback;
  }
}
function writePref(key: string, value: string) {
  try {
    localStorage.setItem(key, value);
  } catch {
    /* ignore */
  }
}

export const useUi = create<UiState>((set, get) => ({
  theme: readPref<ThemeMode>('theme', ['light', 'dark'], 'light'),
  language: readPref<Language>('language', ['tr', 'en'], 'tr'),
  sidebarOpen: true,
  globalError: null,
  globalSuccess: null,
  toast: null,
  setTheme(theme) {
    writePref('theme', theme);
    set({ theme });
  },
  toggleTheme() {
    get().setTheme(get().theme === 'light' ? 'dark' : 'light');
  },
  setLanguage(language) {
    writePref('language', language);
    set({ language });
  },
  setSidebarOpen(sidebarOpen) {
    set({ sidebarOpen });
  },
  showError(globalError) {
    set({ globalError });
  },
  showSuccess(globalSuccess) {
    set({ globalSuccess });
  },
  showToast(text) {
    set({ toast: text ? { id: (get().toast?.id ?? 0) + 1, text } : null });
  },
}));
