/**
 * The browser side of the search dialog: Ctrl/Cmd-K, `/` or the header's button open it; on the
 * first opening it fetches the pages' sections (`/search-index.json`, written by the build) and
 * loads the search module (a chunk of its own); it searches as the visitor types and lists the
 * results grouped by page, each with its heading and a snippet with the match marked. The input
 * is an ARIA combobox over a listbox: arrow keys move the active result, Enter opens it, Escape
 * closes the dialog (none of them while an input method converts what is typed). Built with DOM
 * methods only (no HTML strings), so the strict Content-Security-Policy holds.
 * @see https://www.w3.org/WAI/ARIA/apg/patterns/combobox/
 */
import type { PageSearchAnswer, PageSearchHit } from '../documents/page-search.ts';
import { PAGE_SEARCH_INDEX_PATH } from '../service/search-index-path.ts';

/** Results listed: ten sections, at most three of one page (MCP `search_site` lists the same). */
const MAX_HITS = 10;
const PER_PAGE = 3;

/** Fetches the sections and loads the search module (a chunk of its own, never loaded before). */
async function loadSearch(): Promise<((query: string) => PageSearchAnswer) | undefined> {
  try {
    // The stemmer of the content's language, if any, comes with the search's code (generated
    // from content/'s locale, one language's module).
    const [module, { stemContentWord }, response] = await Promise.all([
      import('../documents/page-search.ts'),
      import('../generated/search-stemmer.ts'),
      fetch(PAGE_SEARCH_INDEX_PATH),
    ]);
    if (!response.ok) return undefined;
    const index = module.loadPageSearchIndex(await response.text(), stemContentWord);
    return (query) => module.searchPages(index, query, { limit: MAX_HITS, perPage: PER_PAGE });
  } catch {
    return undefined;
  }
}

/**
 * Whether a key press belongs to an input method's composition (Japanese, Chinese, Korean typed
 * as sounds and converted): its Escape cancels the conversion, its arrow keys choose a candidate
 * and its Enter commits one, so none of them is the dialog's. Safari sends the Enter that commits
 * after the composition ends, with the key code 229 that browsers give such a key.
 * @see https://w3c.github.io/uievents/#events-composition-key-events
 */
function isComposing(event: KeyboardEvent): boolean {
  // keyCode is deprecated, but the only sign Safari gives.
  return event.isComposing || event.keyCode === 229;
}

/** Whether a key press belongs to a field the visitor is typing in. */
function isTyping(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))
  );
}

/** A result: a link in the role of an option, with its heading and its marked snippet. */
function renderOption(doc: Document, hit: PageSearchHit, id: string): HTMLAnchorElement {
  const option = doc.createElement('a');
  // The section's words in their own language, inside the dialog's (the site's) when they differ,
  // and in their own direction: right to left when they are Arabic or Hebrew (`auto` reads it from
  // the text, as the index gives no direction).
  if (hit.lang) {
    option.lang = hit.lang;
    option.dir = 'auto';
  }
  option.id = id;
  option.href = hit.url;
  option.className = 'search-option';
  option.setAttribute('role', 'option');
  option.setAttribute('aria-selected', 'false');
  option.tabIndex = -1;
  const heading = doc.createElement('span');
  heading.className = 'search-section';
  heading.textContent = hit.section ?? hit.page;
  const snippet = doc.createElement('span');
  snippet.className = 'search-snippet';
  for (const part of hit.snippet) {
    if (!part.mark) {
      snippet.append(part.text);
      continue;
    }
    const mark = doc.createElement('mark');
    mark.textContent = part.text;
    snippet.append(mark);
  }
  option.append(heading, snippet);
  return option;
}

/** The results grouped by page, pages in the order of their best result. */
function renderGroups(doc: Document, hits: readonly PageSearchHit[]): HTMLElement[] {
  const groups = new Map<string, PageSearchHit[]>();
  for (const hit of hits) {
    const page = hit.url.replace(/#.*$/, '');
    groups.set(page, [...(groups.get(page) ?? []), hit]);
  }
  let count = 0;
  return [...groups.values()].map((pageHits) => {
    const group = doc.createElement('div');
    group.setAttribute('role', 'group');
    group.className = 'search-group';
    const title = pageHits[0]?.page ?? '';
    const titleLang = pageHits[0]?.pageLang;
    if (titleLang) group.lang = titleLang;
    group.setAttribute('aria-label', title);
    // The page's title over its results, unless the first is the page's own text, whose heading
    // is that title already.
    if (pageHits[0]?.section !== undefined) {
      const label = doc.createElement('p');
      label.className = 'search-page';
      label.setAttribute('aria-hidden', 'true');
      label.textContent = title;
      if (titleLang) label.dir = 'auto';
      group.append(label);
    }
    group.append(...pageHits.map((hit) => renderOption(doc, hit, `search-option-${count++}`)));
    return group;
  });
}

/**
 * The status line: how many results the list shows and from how many pages. Not how many pages
 * any word reached: the common words of a question ("how do I call the MCP endpoint") reach most
 * of the site, and that count (66 of 79 pages) said nothing about what was found.
 */
function describeResults(hits: readonly PageSearchHit[], term: string): string {
  if (hits.length === 0) return `No results for “${term}”.`;
  const pages = new Set(hits.map((hit) => hit.url.replace(/#.*$/, ''))).size;
  const results = hits.length === 1 ? '1 result' : `${hits.length} results`;
  return `${results} from ${pages === 1 ? '1 page' : `${pages} pages`} for “${term}”.`;
}

/** Wires the search dialog of the page's header, if there is one. */
export function mountSiteSearch(doc: Document): void {
  const root = doc.querySelector<HTMLElement>('[data-site-search]');
  const opener = root?.querySelector<HTMLButtonElement>('[data-search-open]');
  const dialog = root?.querySelector<HTMLDialogElement>('[data-search-dialog]');
  const form = root?.querySelector<HTMLFormElement>('[data-search-form]');
  const input = root?.querySelector<HTMLInputElement>('[data-search-input]');
  const closer = root?.querySelector<HTMLButtonElement>('[data-search-close]');
  const status = root?.querySelector<HTMLElement>('[data-search-status]');
  const list = root?.querySelector<HTMLElement>('[data-search-list]');
  if (!root || !opener || !dialog || !form || !input || !closer || !status || !list) return;

  let loading: ReturnType<typeof loadSearch> | undefined;
  const load = () => (loading ??= loadSearch());
  let returnFocus: HTMLElement | null = null;
  /** Whether the dialog closes to follow a result (its link then says where the reader goes). */
  let following = false;

  const options = () => [...list.querySelectorAll<HTMLAnchorElement>('[role="option"]')];
  const activate = (option: HTMLAnchorElement | undefined) => {
    for (const other of options()) other.setAttribute('aria-selected', String(other === option));
    if (option) {
      input.setAttribute('aria-activedescendant', option.id);
      option.scrollIntoView({ block: 'nearest' });
    } else {
      input.removeAttribute('aria-activedescendant');
    }
  };
  const show = (hits: readonly PageSearchHit[]) => {
    list.replaceChildren(...renderGroups(doc, hits));
    list.hidden = hits.length === 0;
    input.setAttribute('aria-expanded', String(hits.length > 0));
    activate(options()[0]);
  };

  const search = async () => {
    const term = input.value.trim();
    if (!term) {
      show([]);
      status.textContent = '';
      return;
    }
    const searchPages = await load();
    if (!searchPages) {
      status.textContent = 'Search is not available here: the index is written by npm run build.';
      return;
    }
    // The box changed while the index loaded: the later call answers.
    if (input.value.trim() !== term) return;
    const { hits } = searchPages(term);
    show(hits);
    status.textContent = describeResults(hits, term);
  };

  const open = () => {
    if (dialog.open) {
      input.select();
      return;
    }
    returnFocus = doc.activeElement instanceof HTMLElement ? doc.activeElement : null;
    following = false;
    dialog.showModal();
    input.focus();
    input.select();
    void load().then(() => search());
  };
  const close = () => {
    if (dialog.open) dialog.close();
  };

  opener.addEventListener('click', open);
  closer.addEventListener('click', close);
  // The focus goes back where it was, without scrolling there: the close event comes after a
  // followed result has scrolled its section of this page into view, which focusing the header's
  // button would undo. Following a result leaves the focus to the browser, which closing gave
  // back to the opener and the link's target then follows (where Tab goes on from).
  dialog.addEventListener('close', () => {
    if (following) return;
    (returnFocus && returnFocus.isConnected ? returnFocus : opener).focus({ preventScroll: true });
  });
  // A click on the backdrop (outside the panel) lands on the dialog itself.
  dialog.addEventListener('click', (event) => {
    if (event.target === dialog) close();
  });
  // Following a result closes the dialog, so an anchor on this page is seen at once.
  list.addEventListener('click', (event) => {
    if (!(event.target instanceof Element && event.target.closest('[role="option"]'))) return;
    following = true;
    close();
  });
  // Escape closes at once: a search field would first spend it on clearing its text.
  dialog.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    // Even the dialog's own Escape waits until a conversion is committed or cancelled.
    event.preventDefault();
    if (!isComposing(event)) close();
  });
  input.addEventListener('input', () => void search());
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const active = options().find((option) => option.getAttribute('aria-selected') === 'true');
    if (!active) return;
    // The click closes the dialog, as any click on a result does.
    active.click();
  });
  input.addEventListener('keydown', (event) => {
    if (isComposing(event)) {
      // An Enter that commits a conversion never opens the active result.
      if (event.key === 'Enter') event.preventDefault();
      return;
    }
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    const all = options();
    if (all.length === 0) return;
    event.preventDefault();
    const current = all.findIndex((option) => option.getAttribute('aria-selected') === 'true');
    const step = event.key === 'ArrowDown' ? 1 : -1;
    activate(all[(current + step + all.length) % all.length]);
  });
  doc.addEventListener('keydown', (event) => {
    const slash = event.key === '/' && !event.ctrlKey && !event.metaKey && !event.altKey;
    const commandK =
      event.key.toLowerCase() === 'k' &&
      (event.ctrlKey || event.metaKey) &&
      !event.altKey &&
      !event.shiftKey;
    if (!slash && !commandK) return;
    if (dialog.open) {
      // Ctrl/Cmd-K again selects the query; `/` is a character to type.
      if (commandK) {
        event.preventDefault();
        input.select();
      }
      return;
    }
    if (isTyping(event.target)) return;
    event.preventDefault();
    open();
  });
}
