/**
 * The right column of an operation or tool page (samples, example answer, console) is sticky from
 * 68.75em. A column taller than the window stuck by its top would hide its end, the console, until
 * the left column ended; so its sticky offset is set here to pin it by its bottom instead: it
 * scrolls with the page until its end is in view, then stays. A column that fits keeps the
 * stylesheet's offset (1rem from the top). Without a script, that offset holds for every column,
 * and a tall one shows its end where the left column ends.
 */
export function fitStickyAsides(doc: Document): void {
  const view = doc.defaultView;
  const asides = [...doc.querySelectorAll<HTMLElement>('.docs-operation-aside')];
  if (!view || asides.length === 0) return;
  const fit = () => {
    // The stylesheet's margin, 1rem, read in pixels: it follows the reader's text size.
    const margin = parseFloat(view.getComputedStyle(doc.documentElement).fontSize);
    for (const aside of asides) {
      const top = Math.min(margin, view.innerHeight - margin - aside.offsetHeight);
      aside.style.setProperty('--docs-aside-top', `${top}px`);
    }
  };
  // The column grows when a sample tab or a console's answer changes it; the window may resize.
  const observer = new ResizeObserver(fit);
  for (const aside of asides) observer.observe(aside);
  view.addEventListener('resize', fit);
}
