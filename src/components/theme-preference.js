// The reader's theme choice, applied before the first paint: this file is loaded by a classic,
// render-blocking <script src> in <head> (a Content-Security-Policy without 'unsafe-inline' allows
// no inline script), so a page never shows the system's theme first and then the chosen one.
// theme-choice-client.ts writes the choice; without a valid one the system's theme holds.
try {
  const theme = localStorage.getItem('theme');
  if (theme === 'light' || theme === 'dark') document.documentElement.dataset.theme = theme;
} catch {
  // Storage can be refused (privacy settings); the system's theme then holds.
}
