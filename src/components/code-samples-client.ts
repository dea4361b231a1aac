/**
 * Makes each group of code samples work as tabs (curl, JavaScript, Python). One choice holds for
 * every group of the page and is remembered in localStorage; without JavaScript every sample is
 * shown and the tab row is not; before this runs, the first sample is shown under the row.
 * @see https://www.w3.org/WAI/ARIA/apg/patterns/tabs/
 */

/** The localStorage key that remembers the chosen language. */
export const SAMPLE_LANGUAGE_KEY = 'code-sample-language';

/** The languages the page's samples are written in (read from the markup, so no module is shared). */
function listPageLanguages(root: Document): Set<string> {
  return new Set(
    [...root.querySelectorAll<HTMLElement>('[data-code-samples] [data-sample-language]')].map(
      (panel) => panel.dataset.sampleLanguage ?? '',
    ),
  );
}

/** The remembered language, or curl; storage may be unavailable (private modes, policies). */
function readStoredLanguage(languages: ReadonlySet<string>): string {
  try {
    const stored = localStorage.getItem(SAMPLE_LANGUAGE_KEY);
    return stored !== null && languages.has(stored) ? stored : 'curl';
  } catch {
    return 'curl';
  }
}

function storeLanguage(language: string): void {
  try {
    localStorage.setItem(SAMPLE_LANGUAGE_KEY, language);
  } catch {
    // Nothing to remember it in: the choice holds for this page only.
  }
}

/** Shows the chosen language in every group and marks its tab selected. */
function selectLanguage(root: Document, language: string): void {
  for (const tab of root.querySelectorAll<HTMLButtonElement>('[data-sample-tab]')) {
    const selected = tab.dataset.sampleTab === language;
    tab.setAttribute('aria-selected', String(selected));
    tab.tabIndex = selected ? 0 : -1;
  }
  for (const panel of root.querySelectorAll<HTMLElement>(
    '[data-code-samples] [data-sample-language]',
  )) {
    panel.hidden = panel.dataset.sampleLanguage !== language;
  }
}

/**
 * Makes the tab row of every group work (the buttons are in the page already, see
 * CodeSamples.astro) and applies the remembered language.
 */
export function mountCodeSamples(root: Document): void {
  const groups = [...root.querySelectorAll<HTMLElement>('[data-code-samples]')];
  groups.forEach((group, index) => {
    const tablist = group.querySelector<HTMLElement>(':scope > [role="tablist"]');
    if (!tablist || group.dataset.tabsMounted !== undefined) return;
    const tabs: HTMLButtonElement[] = [];
    for (const panel of group.querySelectorAll<HTMLElement>('[data-sample-language]')) {
      const language = panel.dataset.sampleLanguage;
      if (!language) continue;
      const tab = tablist.querySelector<HTMLButtonElement>(
        `[data-sample-tab="${CSS.escape(language)}"]`,
      );
      if (!tab) continue;
      tab.id = `samples-${index}-${language}-tab`;
      panel.id = `samples-${index}-${language}`;
      tab.setAttribute('aria-controls', panel.id);
      panel.setAttribute('role', 'tabpanel');
      panel.setAttribute('aria-labelledby', tab.id);
      panel.querySelector<HTMLElement>('[data-sample-caption]')?.setAttribute('hidden', '');
      tab.addEventListener('click', () => {
        storeLanguage(language);
        selectLanguage(root, language);
      });
      tabs.push(tab);
    }
    tablist.addEventListener('keydown', (event) => {
      const current = tabs.indexOf(event.target as HTMLButtonElement);
      if (current < 0) return;
      const next =
        event.key === 'ArrowRight'
          ? (current + 1) % tabs.length
          : event.key === 'ArrowLeft'
            ? (current - 1 + tabs.length) % tabs.length
            : event.key === 'Home'
              ? 0
              : event.key === 'End'
                ? tabs.length - 1
                : -1;
      if (next < 0) return;
      event.preventDefault();
      tabs[next]?.click();
      tabs[next]?.focus();
    });
    group.dataset.tabsMounted = '';
  });
  if (groups.length > 0) selectLanguage(root, readStoredLanguage(listPageLanguages(root)));
}
