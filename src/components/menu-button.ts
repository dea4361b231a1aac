/** The keys that move focus inside an open menu, and where each moves it. */
const MOVES: Readonly<Record<string, (index: number, count: number) => number>> = {
  ArrowDown: (index, count) => (index + 1) % count,
  ArrowUp: (index, count) => (index - 1 + count) % count,
  Home: () => 0,
  End: (_index, count) => count - 1,
};

/**
 * Turns a `<details>` whose summary names a menu and whose panel holds a list of links and
 * buttons into a menu button: a button that opens the list as a menu, the arrow keys, Home and
 * End move between its items, Escape closes it and returns to the button, Tab or a click
 * elsewhere closes it. Without script the `<details>` stays a disclosure of the same items.
 * @see https://www.w3.org/WAI/ARIA/apg/patterns/menu-button/
 */
export function mountMenuButton(details: HTMLDetailsElement): void {
  const summary = details.querySelector(':scope > summary');
  const panel = details.querySelector<HTMLElement>(':scope > summary + *');
  const list = panel?.querySelector('ul');
  if (!summary || !panel || !list) return;
  const document = details.ownerDocument;
  const label = summary.textContent?.trim() ?? '';

  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'menu-button';
  button.textContent = label;
  button.setAttribute('aria-haspopup', 'menu');
  button.setAttribute('aria-expanded', 'false');
  if (list.id) button.setAttribute('aria-controls', list.id);
  list.setAttribute('role', 'menu');
  list.setAttribute('aria-label', label);
  for (const item of list.children) item.setAttribute('role', 'none');
  const items = [...list.querySelectorAll<HTMLElement>(':scope > li > :is(a, button)')];
  for (const item of items) {
    item.setAttribute('role', 'menuitem');
    item.tabIndex = -1;
  }
  panel.hidden = true;
  details.replaceWith(button, panel);
  const container = button.parentElement;

  const isOpen = () => button.getAttribute('aria-expanded') === 'true';
  const open = (focusIndex: number) => {
    panel.hidden = false;
    button.setAttribute('aria-expanded', 'true');
    items.at(focusIndex)?.focus();
  };
  const close = (returnFocus: boolean) => {
    if (!isOpen()) return;
    panel.hidden = true;
    button.setAttribute('aria-expanded', 'false');
    if (returnFocus) button.focus();
  };

  button.addEventListener('click', () => (isOpen() ? close(false) : open(0)));
  button.addEventListener('keydown', (event) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    open(event.key === 'ArrowDown' ? 0 : -1);
  });
  list.addEventListener('keydown', (event) => {
    const move = MOVES[event.key];
    if (move) {
      event.preventDefault();
      const index = items.indexOf(document.activeElement as HTMLElement);
      items[move(Math.max(index, 0), items.length)]?.focus();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
    } else if (event.key === 'Tab') {
      close(false);
    }
  });
  document.addEventListener('pointerdown', (event) => {
    if (container && !container.contains(event.target as Node)) close(false);
  });
  container?.addEventListener('focusout', (event) => {
    const next = event.relatedTarget as Node | null;
    if (next && !container.contains(next)) close(false);
  });
}
