/**
 * Shows the try-it consoles of /docs (hidden in the markup, since without JavaScript they cannot
 * send) and loads the code that sends a request only when a console is first used, so /docs
 * stays within its page-weight budget until then.
 */

type ConsoleModule = typeof import('./try-it-console.ts');

let consoleModule: Promise<ConsoleModule> | undefined;

function loadConsoleModule(): Promise<ConsoleModule> {
  consoleModule ??= import('./try-it-console.ts');
  return consoleModule;
}

/** Reveals every console and routes its submit and copy actions to the console module. */
export function mountTryItConsoles(root: Document): void {
  for (const element of root.querySelectorAll<HTMLElement>('[data-try-it]')) element.hidden = false;
  root.addEventListener('submit', (event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || !('tryItForm' in form.dataset)) return;
    event.preventDefault();
    void loadConsoleModule().then((module) => module.sendConsoleRequest(form));
  });
  root.addEventListener('click', (event) => {
    const button = (event.target as Element | null)?.closest?.('[data-try-it-copy]');
    const form = button?.closest('form');
    if (!form) return;
    void loadConsoleModule().then((module) => module.copyConsoleCurl(form));
  });
}
