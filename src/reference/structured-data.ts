import { readMailtoAddress } from '../schemas/mailto.ts';
import type { SiteContent } from '../schemas/site-content.ts';
import type { ServiceUrls } from '../service/urls.ts';
import { API_VERSION } from '../service/versions.ts';

/**
 * The schema.org graph every page embeds as JSON-LD: the company (Organization), this site
 * (WebSite) and its API (WebAPI), each with an @id so they refer to one another.
 * @see https://schema.org/Organization
 * @see https://schema.org/WebAPI
 */
export function buildStructuredData(content: SiteContent, urls: ServiceUrls, page?: PageFacts) {
  const { company } = content;
  const organizationId = `${urls.origin}/#organization`;
  const organization = {
    '@type': 'Organization',
    '@id': organizationId,
    name: company.name,
    alternateName: company.alternateName,
    url: company.website,
    description: company.description,
    slogan: company.tagline,
    ...(company.foundingDate ? { foundingDate: company.foundingDate } : {}),
    ...(company.headquarters ? { location: { '@type': 'Place', name: company.headquarters } } : {}),
    ...(company.contactUrl ? { contactPoint: describeContactPoint(company.contactUrl) } : {}),
  };
  // The site's name as the pages' og:site_name gives it (BaseLayout.astro): search engines read
  // the two together as the name shown beside its results, the company's full name as another.
  // @see https://developers.google.com/search/docs/appearance/site-names
  const webSite = {
    '@type': 'WebSite',
    '@id': `${urls.origin}/#website`,
    name: company.alternateName,
    ...(company.name === company.alternateName ? {} : { alternateName: company.name }),
    url: urls.home,
    description: content.pages.home.description,
    inLanguage: company.locale,
    publisher: { '@id': organizationId },
  };
  const webApi = {
    '@type': 'WebAPI',
    '@id': `${urls.origin}/#api`,
    name: `${company.alternateName} public marketing facts API`,
    description: `Read-only public marketing facts about ${company.name} over REST and MCP.`,
    url: urls.restBase,
    documentation: urls.docs,
    version: API_VERSION,
    provider: { '@id': organizationId },
    isAccessibleForFree: true,
    potentialAction: {
      '@type': 'ConsumeAction',
      target: [
        { '@type': 'EntryPoint', urlTemplate: urls.overview, contentType: 'application/json' },
        { '@type': 'EntryPoint', urlTemplate: urls.mcp, contentType: 'application/json' },
      ],
    },
  };
  const pageNodes = page ? buildPageNodes(urls, page) : [];
  return {
    '@context': 'https://schema.org',
    '@graph': [organization, webSite, webApi, ...pageNodes],
  };
}

/** What the JSON-LD says about the page itself. */
export interface PageFacts {
  /** The page's path, e.g. `/errors/not_found`. */
  readonly path: string;
  readonly title: string;
  readonly description: string;
  /** When the content behind the page last changed. */
  readonly dateModified: Date;
  /**
   * The pages above this one, when its path's folders are no pages (a reference page's group is
   * a section of /docs); by default each parent path is one.
   */
  readonly parents?: readonly { readonly name: string; readonly path: string }[];
  /**
   * The page's language, when it is not the site's (`WebSite.inLanguage`, the content's locale):
   * English on a reference page of a site written in another language.
   */
  readonly inLanguage?: string;
  /** The page's main image (absolute URL, pixel size, alt text): the home page's product image. */
  readonly image?: {
    readonly url: string;
    readonly width: number;
    readonly height: number;
    readonly alt: string;
  };
}

/** The company's contact point: `email` for a `mailto:` contact address, `url` for a web page. */
function describeContactPoint(contactUrl: string) {
  const email = readMailtoAddress(contactUrl);
  return {
    '@type': 'ContactPoint',
    contactType: 'sales',
    ...(email === undefined ? { url: contactUrl } : { email }),
  };
}

/** The name of each path segment in the breadcrumb trail (the page's own title ends it). */
const TRAIL_NAMES: Readonly<Record<string, string>> = { errors: 'Errors' };

/**
 * The page (WebPage, with `dateModified` in ISO 8601) and its BreadcrumbList: Home, each parent
 * path, then the page.
 * @see https://schema.org/WebPage (dateModified, primaryImageOfPage), https://schema.org/BreadcrumbList
 */
function buildPageNodes(urls: ServiceUrls, page: PageFacts) {
  const url = page.path === '/' ? urls.home : `${urls.origin}${page.path}`;
  const segments = page.path.split('/').filter(Boolean);
  const parents =
    page.parents?.map((parent) => ({ name: parent.name, item: `${urls.origin}${parent.path}` })) ??
    segments.slice(0, -1).map((segment, index) => ({
      name: TRAIL_NAMES[segment] ?? segment,
      item: `${urls.origin}/${segments.slice(0, index + 1).join('/')}`,
    }));
  const trail = [
    { name: 'Home', item: urls.home },
    ...parents,
    ...(page.path === '/' ? [] : [{ name: page.title, item: url }]),
  ];
  const breadcrumbId = `${url}#breadcrumb`;
  return [
    {
      '@type': 'WebPage',
      '@id': `${url}#webpage`,
      url,
      name: page.title,
      description: page.description,
      dateModified: page.dateModified.toISOString(),
      ...(page.inLanguage ? { inLanguage: page.inLanguage } : {}),
      ...(page.image
        ? {
            primaryImageOfPage: {
              '@type': 'ImageObject',
              contentUrl: page.image.url,
              width: page.image.width,
              height: page.image.height,
              caption: page.image.alt,
            },
          }
        : {}),
      isPartOf: { '@id': `${urls.origin}/#website` },
      breadcrumb: { '@id': breadcrumbId },
    },
    {
      '@type': 'BreadcrumbList',
      '@id': breadcrumbId,
      itemListElement: trail.map((crumb, index) => ({
        '@type': 'ListItem',
        position: index + 1,
        name: crumb.name,
        item: crumb.item,
      })),
    },
  ];
}

/**
 * Serializes JSON for a `<script type="application/ld+json">` element: `<` is escaped so no
 * string in the content can close the element (HTML §4.12.1.3 restrictions for contents).
 */
export function serializeJsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}
