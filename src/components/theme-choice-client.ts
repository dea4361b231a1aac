/** The themes a reader can choose; `system` follows `prefers-color-scheme`. */
const THEMES = ['system', 'light', 'dark'] as const;
type Theme = (typeof THEMES)[number];

/** Where the choice is kept; theme-preference.js reads the same key before the first paint. */
export const THEME_STORAGE_KEY = 'theme';

function isTheme(value: string | null): value is Theme {
  return THEMES.includes(value as Theme);
}

/** Reads the saved choice, `system` when none is saved or storage is refused. */
function readSavedTheme(): Theme {
  try {
    const saved = localStorage.getItem(THEME_STORAGE_KEY);
    return isTheme(saved) ? saved : 'system';
  } catch {
    return 'system';
  }
}

/** Applies a choice to the page (`data-theme` on <html>) and keeps it for the next pages. */
function applyTheme(root: HTMLElement, theme: Theme): void {
  if (theme === 'system') delete root.dataset.theme;
  else root.dataset.theme = theme;
  try {
    if (theme === 'system') localStorage.removeItem(THEME_STORAGE_KEY);
    else localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // The choice then holds for this page only.
  }
}

/**
 * Wires the footer's theme select: it shows the saved choice and applies a new one at once.
 * @see docs/pages.md (Theme)
 */
export function mountThemeChoice(document: Document): void {
  const select = document.querySelector<HTMLSelectElement>('[data-theme-choice] select');
  if (!select) return;
  select.value = readSavedTheme();
  select.addEventListener('change', () => {
    if (isTheme(select.value)) applyTheme(document.documentElement, select.value);
  });
}
