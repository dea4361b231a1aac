import { mountMenuButton } from './menu-button.ts';

/** What one copy action ended in, as the status region says it. */
type CopyOutcome = { readonly copied: true } | { readonly copied: false; readonly reason: string };

/** Fetches a same-origin Markdown version; a rejection names why there is none. */
async function fetchMarkdown(path: string): Promise<Blob> {
  const response = await fetch(path, { headers: { Accept: 'text/markdown' } });
  if (!response.ok) throw new Error(`the Markdown version answered ${response.status}`);
  return new Blob([await response.text()], { type: 'text/plain' });
}

/**
 * Puts the page's Markdown on the clipboard. The ClipboardItem takes the fetch as a promise, so
 * the write starts inside the click (Safari refuses a write after an await).
 * @see https://w3c.github.io/clipboard-apis/#clipboarditem
 */
async function copyMarkdown(path: string): Promise<CopyOutcome> {
  const blob = fetchMarkdown(path);
  try {
    if (typeof ClipboardItem === 'function') {
      await navigator.clipboard.write([new ClipboardItem({ 'text/plain': blob })]);
    } else {
      await navigator.clipboard.writeText(await (await blob).text());
    }
    return { copied: true };
  } catch (error) {
    blob.catch(() => undefined);
    return { copied: false, reason: error instanceof Error ? error.message : String(error) };
  }
}

async function copyText(text: string): Promise<CopyOutcome> {
  try {
    await navigator.clipboard.writeText(text);
    return { copied: true };
  } catch (error) {
    return { copied: false, reason: error instanceof Error ? error.message : String(error) };
  }
}

/** Shows the outcome on the button for a moment and says it in the live region. */
function announce(
  button: HTMLButtonElement,
  status: Element | null,
  outcome: CopyOutcome,
  what: string,
) {
  const label = button.dataset.label ?? button.textContent ?? '';
  button.dataset.label = label;
  button.textContent = outcome.copied ? 'Copied' : 'Copy failed';
  if (status) {
    status.textContent = outcome.copied
      ? `Copied ${what} to the clipboard.`
      : `Copying ${what} failed (${outcome.reason}); select the text and copy it.`;
  }
  setTimeout(() => {
    button.textContent = label;
  }, 2000);
}

/** Makes the page actions a menu button and wires its copy buttons (the links need no script). */
export function mountPageActions(root: ParentNode): void {
  for (const actions of root.querySelectorAll<HTMLElement>('[data-page-actions]')) {
    const disclosure = actions.querySelector<HTMLDetailsElement>('[data-page-actions-disclosure]');
    if (disclosure) mountMenuButton(disclosure);
    const status = actions.querySelector('[data-page-actions-status]');
    const markdownButton = actions.querySelector<HTMLButtonElement>('[data-copy-markdown]');
    markdownButton?.addEventListener('click', () => {
      const path = markdownButton.dataset.copyMarkdown ?? '';
      void copyMarkdown(path).then((outcome) =>
        announce(markdownButton, status, outcome, 'the page as Markdown'),
      );
    });
    const commandButton = actions.querySelector<HTMLButtonElement>('[data-copy-command]');
    const command = actions.querySelector('[data-claude-code-command]');
    commandButton?.addEventListener('click', () => {
      void copyText(command?.textContent ?? '').then((outcome) =>
        announce(commandButton, status, outcome, 'the Claude Code command'),
      );
    });
  }
}
