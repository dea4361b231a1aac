/**
 * The browser side of the header's search box: on the first focus it fetches the pages' sections
 * (`/search-index.json`, written by the build) and indexes them with the search module, loaded
 * then too; it searches as the visitor types and lists page, section and snippet for each hit.
 * Built with DOM methods only (no HTML strings), so the strict Content-Security-Policy holds.
 * @see https://lucaong.github.io/minisearch/
 */
import type { PageSearchAnswer, PageSearchHit } from '../documents/page-search.ts';
import { PAGE_SEARCH_INDEX_PATH } from '../service/search-index-path.ts';

const MAX_HITS = 10;
const PER_PAGE = 2;

/** Fetches the sections and loads the search module (a chunk of its own, never loaded before). */
async function loadSearch(): Promise<((query: string) => PageSearchAnswer) | undefined> {
  try {
    const [module, response] = await Promise.all([
      import('../documents/page-search.ts'),
      fetch(PAGE_SEARCH_INDEX_PATH),
    ]);
    if (!response.ok) return undefined;
    const index = module.loadPageSearchIndex(await response.text());
    return (query) => module.searchPages(index, query, { limit: MAX_HITS, perPage: PER_PAGE });
  } catch {
    return undefined;
  }
}

/** Whether a key press belongs to a field the visitor is typing in. */
function isTyping(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))
  );
}

function renderHit(doc: Document, hit: PageSearchHit): HTMLLIElement {
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

  let loading: ReturnType<typeof loadSearch> | undefined;
  const load = () => (loading ??= loadSearch());

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
    const searchPages = await load();
    if (!searchPages) {
      status.textContent = 'Search is not available here: the index is written by npm run build.';
      return;
    }
    // The box changed while the index loaded, or this term's results are already listed
    // (re-listing them would take the focus from a result).
    if (input.value.trim() !== term || term === listedTerm) return;
    listedTerm = term;
    const answer = searchPages(term);
    list.replaceChildren(...answer.hits.map((hit) => renderHit(doc, hit)));
    status.textContent =
      answer.hits.length === 0
        ? `No results for “${term}”.`
        : `${answer.pages} ${answer.pages === 1 ? 'page' : 'pages'} match “${term}”.`;
  };

  input.addEventListener('focus', () => void load(), { once: true });
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
