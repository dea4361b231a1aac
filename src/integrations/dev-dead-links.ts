import type { SiteContent } from '../schemas/site-content.ts';
import type { RouteTable } from '../service/routes.ts';
import { describeDeadLinks, findDeadLinks, listLinkedBodies } from '../site-content/body-links.ts';

/** How long the dev server may take to answer one path before the link is not judged. */
const ANSWER_TIMEOUT_MS = 15_000;

/** What the dev server serves, as the dead-link check of a save asks it. */
export interface DevServedPaths {
  /** The route table of the saved content: its pages are served. */
  readonly routes: RouteTable;
  /** True for a path the deployment's routing gives no file and no function (dev-middleware.ts). */
  readonly routesNowhere: (pathname: string) => boolean;
  /** The dev server's origin, asked for the other paths. */
  readonly origin: string;
}

/**
 * The warnings of `npm run dev` for links of content/'s bodies to paths the site does not serve,
 * after a save, in the build's words. A page of the route table is served (its HTML may wait for
 * Astro's data store, which reloads on its own schedule); a path the routing gives nothing is
 * not, with no request: asked of the dev server, it would reach Astro's router, whose warnings
 * ("no matching static path", "[404]") would be printed before this one. Any other path (a
 * document, a Markdown version, a reference page, a file) is asked of the dev server at
 * `origin`, one after another, and only a 404 makes the link dead. A path it does not answer in
 * time is not judged. Links to a part of a page (`#pricing`) are the build's to check, against
 * the pages as built: in the dev server a page may still show the content before the save.
 */
export async function listDevDeadLinkWarnings(
  contentDir: string,
  content: SiteContent,
  served: DevServedPaths,
): Promise<string[]> {
  const bodies = listLinkedBodies(content);
  // The links to paths that are not pages: dead unless the dev server answers them.
  const unsure = findDeadLinks(bodies, (path) =>
    served.routes.findPage(path) ? 'found' : 'no page',
  );
  const missing = new Set<string>();
  for (const path of new Set(unsure.map((link) => link.path))) {
    if (served.routesNowhere(path) || (await isMissing(new URL(path, served.origin)))) {
      missing.add(path);
    }
  }
  return describeDeadLinks(
    contentDir,
    bodies,
    unsure.filter((link) => missing.has(link.path)),
  );
}

/** True when the dev server answers 404 for a GET of the path (redirects not followed). */
async function isMissing(url: URL): Promise<boolean> {
  try {
    const response = await fetch(url, {
      redirect: 'manual',
      signal: AbortSignal.timeout(ANSWER_TIMEOUT_MS),
    });
    await response.body?.cancel();
    return response.status === 404;
  } catch {
    return false;
  }
}
