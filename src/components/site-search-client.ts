/**
 * The browser side of the header's search box: loads Pagefind from `/pagefind/pagefind.js` on the
 * first focus, searches as the visitor types and lists page, section and snippet for each hit.
 * Built with DOM methods only (no HTML strings), so the strict Content-Security-Policy holds.
 * @see https://pagefind.app/docs/api/
 */
import {
  buildSearchHits,
  type PagefindPageData,
  type SearchHit,
} from '../reference/search-hits.ts';

interface PagefindModule {
  options(options: Record<string, unknown>): Promise<void>;
  init(): Promise<void>;
  debouncedSearch(
    term: string,
    options?: Record<string, unknown>,
    timeoutMs?: number,
  ): Promise<{ results: { data(): Promise<PagefindPageData> }[] } | null>;
}

const PAGEFIND_URL = '/pagefind/pagefind.js';
const MAX_PAGES = 6;
const MAX_HITS = 10;

/** Whether a key press belongs to a field the visitor is typing in. */
function isTyping(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))
  );
}

function renderHit(doc: Document, hit: SearchHit): HTMLLIElement {
  const item = doc.createElement('li');
  const link = doc.createElement('a');
  link.href = hit.url;
  const page = doc.createElement('span');
  page.className = 'search-page';
  page.textContent = hit.page;
  link.append(page);
  if (hit.section) {
    const section = doc.createElement('span');
    section.className = 'search-section';
    section.textContent = hit.section;
    link.append(' › ', section);
  }
  const snippet = doc.createElement('p');
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
  item.append(link, snippet);
  return item;
}

/** Wires the search box of the page's header, if there is one. */
export function mountSiteSearch(doc: Document): void {
  const root = doc.querySelector<HTMLElement>('[data-site-search]');
  const form = root?.querySelector<HTMLFormElement>('[data-search-form]');
  const input = root?.querySelector<HTMLInputElement>('[data-search-input]');
  const panel = root?.querySelector<HTMLElement>('[data-search-results]');
  const status = root?.querySelector<HTMLElement>('[data-search-status]');
  const list = root?.querySelector<HTMLOListElement>('[data-search-list]');
  if (!root || !form || !input || !panel || !status || !list) return;

  let loading: Promise<PagefindModule | undefined> | undefined;
  const loadPagefind = () => {
    loading ??= import(/* @vite-ignore */ PAGEFIND_URL).then(
      async (module: PagefindModule) => {
        await module.options({ excerptLength: 18 });
        await module.init();
        return module;
      },
      () => undefined,
    );
    return loading;
  };

  let listedTerm = '';
  const close = () => {
    panel.hidden = true;
  };

  const search = async () => {
    const term = input.value.trim();
    if (!term) {
      listedTerm = '';
      list.replaceChildren();
      status.textContent = '';
      close();
      return;
    }
    panel.hidden = false;
    const pagefind = await loadPagefind();
    if (!pagefind) {
      status.textContent = 'Search is not available here: the index is written by npm run build.';
      return;
    }
    const answer = await pagefind.debouncedSearch(term, {}, 150);
    // A later keystroke superseded this search, the box changed while it ran, or this term's
    // results are already listed (re-listing them would take the focus from a result).
    if (!answer || input.value.trim() !== term || term === listedTerm) return;
    listedTerm = term;
    const pages = await Promise.all(
      answer.results.slice(0, MAX_PAGES).map((result) => result.data()),
    );
    const hits = buildSearchHits(pages, { limit: MAX_HITS, perPage: 2 });
    list.replaceChildren(...hits.map((hit) => renderHit(doc, hit)));
    status.textContent =
      hits.length === 0
        ? `No results for “${term}”.`
        : `${answer.results.length} ${answer.results.length === 1 ? 'page' : 'pages'} match “${term}”.`;
  };

  input.addEventListener('focus', () => void loadPagefind(), { once: true });
  input.addEventListener('input', () => void search());
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const first = list.querySelector('a');
    if (!first) return;
    panel.hidden = false;
    first.focus();
  });
  root.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    close();
    input.focus();
  });
  root.addEventListener('focusout', (event) => {
    if (!(event.relatedTarget instanceof Node) || !root.contains(event.relatedTarget)) close();
  });
  doc.addEventListener('keydown', (event) => {
    if (
      event.key !== '/' ||
      event.ctrlKey ||
      event.metaKey ||
      event.altKey ||
      isTyping(event.target)
    ) {
      return;
    }
    event.preventDefault();
    input.focus();
    input.select();
  });
}
