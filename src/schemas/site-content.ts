import * as z from 'zod';
import { LinkUrlSchema, PublicUrlSchema } from './content-urls.ts';

/**
 * A founding date of the shape the schema admits (`2019`, `2019-06`, `2019-06-14`): the month and
 * day it names, when it names them, and the UTC time its first day starts (setUTCFullYear, not
 * Date.UTC, which reads a year below 100 as 19xx).
 */
export function readFoundingDate(value: string): {
  readonly time: number;
  readonly month: number | undefined;
  readonly day: number | undefined;
} {
  const [year = 0, month, day] = value.split('-').map(Number);
  return { time: new Date(0).setUTCFullYear(year, (month ?? 1) - 1, day ?? 1), month, day };
}

/** Whether a founding date names a month and day that exist (not 2019-02-30). */
function isCalendarDate(value: string): boolean {
  const { time, month = 1, day = 1 } = readFoundingDate(value);
  const date = new Date(time);
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * A founding year as YAML reads it unquoted (`foundingDate: 2019` is the number 2019): a whole
 * number of four digits is that year, as text; any other value is left for the schema to judge.
 */
function readYearNumber(value: unknown): unknown {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1000 && value <= 9999
    ? String(value)
    : value;
}

const LANGUAGE_TAG_ERROR = 'must be a BCP 47 language tag such as en or en-GB';

/** Whether Intl takes the tag: the pages format dates in the content's language. */
function isLanguageTag(tag: string): boolean {
  try {
    return Intl.getCanonicalLocales(tag).length === 1;
  } catch {
    return false;
  }
}

/**
 * A name, title, heading, tagline or label: not empty, at most `max` characters and one line. It
 * is one line on the pages, so a line break would only split it in the Markdown documents (a
 * heading in two) and the robots.txt comment.
 */
const oneLine = (max: number) =>
  z
    .string()
    .trim()
    .min(1, 'must not be empty')
    .max(max)
    .regex(/^[^\r\n\u2028\u2029]*$/, 'must be one line');

const OneLineSchema = oneLine(300);

/**
 * The rule a file name of content/ that a field names (the logo, the product's image) breaks:
 * kebab-case in ASCII with a lower-case extension, as the pages and the build name the file. Said
 * as the rule, since the file may well be there (`Logo.svg`, `foto_queijo.svg`, `marca-açor.svg`).
 */
function describeFileNameRule(extensions: string, example: string): string {
  return (
    `must be a file name in kebab-case (lower-case letters a to z, digits and single hyphens) ` +
    `ending in ${extensions}, e.g. ${example}: rename the file in content/ to match, then the ` +
    `file itself is checked`
  );
}

/**
 * What a description under 50 characters is told: its length, as every bound says it
 * (content-issue-words.ts), and why it needs more (search results show it).
 */
function describeShortMetaDescription(issue: { readonly input?: unknown }): string {
  const length = typeof issue.input === 'string' ? issue.input.length : 0;
  return (
    `is ${length} character${length === 1 ? '' : 's'} long; at least 50 are needed: it is the ` +
    `meta description, which search results show under the title`
  );
}

/** A colour as six hex digits, e.g. #1f5f99. */
const HexColorSchema = z
  .string()
  .regex(
    /^#[0-9a-fA-F]{6}$/,
    'must be a colour of six hex digits, e.g. #1f5f99: fix it first, then its contrast is checked',
  );

/** content/company.yaml: who the company is. */
export const CompanySchema = z.strictObject({
  name: OneLineSchema.describe('Legal or full company name'),
  alternateName: OneLineSchema.describe('Short name'),
  website: PublicUrlSchema.describe("The company's public website"),
  description: z.string().trim().min(50, { error: describeShortMetaDescription }).max(300),
  tagline: oneLine(120),
  foundingDate: z
    .preprocess(
      readYearNumber,
      z
        .string()
        .regex(/^\d{4}(-\d{2}(-\d{2})?)?$/, {
          error: 'must be a year or an ISO 8601 date',
          abort: true,
        })
        .refine(isCalendarDate, 'must be a date that exists (month 01 to 12, a day of that month)'),
    )
    .optional(),
  headquarters: OneLineSchema.optional(),
  contactUrl: LinkUrlSchema.optional(),
  locale: z
    .string()
    .regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, { error: LANGUAGE_TAG_ERROR, abort: true })
    // The shape alone lets through tags Intl refuses (`en-GB-GB`: a region twice).
    .refine(isLanguageTag, LANGUAGE_TAG_ERROR)
    .default('en'),
  logo: z
    .string()
    .regex(/^[a-z0-9]+(-[a-z0-9]+)*\.svg$/, describeFileNameRule('.svg', 'logo.svg'))
    .describe('The logo: an SVG file in content/, checked as brand-logo.ts states'),
  accentColor: HexColorSchema.describe('Accent colour of the light theme (links, buttons)'),
  accentColorDark: HexColorSchema.describe('Accent colour of the dark theme'),
});
export type Company = z.infer<typeof CompanySchema>;

/**
 * The fields of company.yaml the brand checks read, each on its own: a field that is wrong (its
 * own problem reported by CompanySchema) is undefined, and the file's other fields are let
 * through, so one wrong colour hides neither the other colour's contrast nor the logo's problems.
 */
export const CompanyBrandSchema = z.object({
  logo: CompanySchema.shape.logo.optional().catch(undefined),
  accentColor: CompanySchema.shape.accentColor.optional().catch(undefined),
  accentColorDark: CompanySchema.shape.accentColorDark.optional().catch(undefined),
});

/** The brand fields of company.yaml. */
export type CompanyBrand = z.infer<typeof CompanyBrandSchema>;

export const ProductFeatureSchema = z.strictObject({
  name: OneLineSchema.describe('The feature, in a few words'),
  description: z
    .string()
    .trim()
    .min(1, 'must not be empty')
    .max(400)
    .describe('What the feature does for a customer'),
});

/** content/product.md `image`: a picture of the product, shown in the home page's hero. */
export const ProductImageSchema = z.strictObject({
  file: z
    .string()
    .regex(
      /^[a-z0-9]+(-[a-z0-9]+)*\.(svg|webp|png|jpg|jpeg)$/,
      describeFileNameRule('.svg, .webp, .png, .jpg or .jpeg', 'product.webp'),
    )
    .describe('The image: a file in content/, checked as product-image.ts states'),
  alt: z
    .string()
    .trim()
    .min(1, 'must not be empty: say what the image shows')
    .max(250)
    .describe('What the image shows, for people who cannot see it'),
});

export type ProductImage = z.infer<typeof ProductImageSchema>;

/** content/product.md front matter; the Markdown body is the product description. */
export const ProductFrontMatterSchema = z.strictObject({
  name: OneLineSchema,
  summary: z.string().trim().min(1, 'must not be empty').max(300),
  category: OneLineSchema.optional(),
  features: z.array(ProductFeatureSchema).default([]),
  /** Optional: without it the hero is text alone. */
  image: ProductImageSchema.optional(),
});

export const ProductSchema = ProductFrontMatterSchema.extend({
  body: z.string().trim().min(1, 'the product description (the Markdown body) must not be empty'),
});
export type Product = z.infer<typeof ProductSchema>;

/** One entry of content/calls-to-action.yaml. */
export const CallToActionSchema = z.strictObject({
  id: z
    .string()
    .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'must be kebab-case, e.g. request-a-quote')
    .describe('A stable id of the call to action (kebab-case)'),
  label: oneLine(60).describe('The button or link text'),
  url: LinkUrlSchema.describe('Where the call to action leads: a web page or a mailto: address'),
  description: z
    .string()
    .trim()
    .min(1, 'must not be empty')
    .max(300)
    .describe('What the reader gets by following it'),
  priority: z
    .union([z.literal(1), z.literal(2)])
    .default(2)
    .describe('1 for the main calls to action, 2 for the others'),
});
export type CallToAction = z.infer<typeof CallToActionSchema>;

export const CallsToActionSchema = z
  .array(CallToActionSchema)
  .min(1, 'list at least one call to action')
  .superRefine(
    (list, ctx) => {
      // Entries may be half valid here (see `when`): only the ids that are text are compared.
      const firstIndex = new Map<string, number>();
      list.forEach((entry: { id?: unknown } | null, index) => {
        const id = entry?.id;
        if (typeof id !== 'string') return;
        const first = firstIndex.get(id);
        if (first === undefined) firstIndex.set(id, index);
        else {
          ctx.addIssue({
            code: 'custom',
            path: [index, 'id'],
            input: id,
            message: `is also the id of [${first}]: each call to action needs a unique id`,
          });
        }
      });
    },
    // Also when another field of an entry is wrong, so the build names both at once.
    { when: (payload) => Array.isArray(payload.value) },
  );

/** content/agents.yaml: text written for AI agents. */
export const AgentTextSchema = z.strictObject({
  summary: z.string().trim().min(1, 'must not be empty').max(600),
  guidance: z.array(z.string().trim().min(1, 'must not be empty')).default([]),
  /** Content Signals published in robots.txt (https://contentsignals.org/); public facts: all yes. */
  contentSignals: z
    .strictObject({
      search: z.boolean().default(true),
      aiInput: z.boolean().default(true),
      aiTrain: z.boolean().default(true),
    })
    .prefault({}),
});
export type AgentText = z.infer<typeof AgentTextSchema>;

/** content/copy/*.md front matter: long-form public site copy. */
export const CopySectionFrontMatterSchema = z.strictObject({
  title: OneLineSchema,
  description: z.string().trim().min(1, 'must not be empty').max(300),
  order: z.number().int().nonnegative(),
});

export const CopySectionSchema = CopySectionFrontMatterSchema.extend({
  slug: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/),
  body: z.string().trim().min(1, 'the Markdown body must not be empty'),
});
export type CopySection = z.infer<typeof CopySectionSchema>;

/** content/pages/<page>.md front matter: copy for the site's own pages. */
export const PageCopyFrontMatterSchema = z.strictObject({
  title: OneLineSchema,
  description: z.string().trim().min(50, { error: describeShortMetaDescription }).max(300),
  heading: OneLineSchema,
  /**
   * The header's navigation label (at most 40 characters). A main page's default is the site's
   * own word (Home, Developers, API docs), a content page's its heading: a site written in another
   * language than English names its main pages here.
   */
  navLabel: z.string().trim().min(1, 'must not be empty').max(40).optional(),
});

export const PageCopySchema = PageCopyFrontMatterSchema.extend({
  body: z.string().trim(),
});
export type PageCopy = z.infer<typeof PageCopySchema>;

/** The page copy files every site must have (each page has its own component). */
export const PAGE_NAMES = ['home', 'developers', 'docs'] as const;
export type PageName = (typeof PAGE_NAMES)[number];

/**
 * content/pages/<slug>.md front matter for a page of the site owner's own (any name but the
 * three of `PAGE_NAMES`): the page copy, plus where the page is listed, each with a default.
 */
export const ContentPageFrontMatterSchema = PageCopyFrontMatterSchema.extend({
  /** Whether the header's navigation links to the page. */
  nav: z.boolean().default(true),
  /** Where the link goes among the others: Home is 10, Developers 20, API docs 30. */
  navOrder: z.number().int().nonnegative().default(100),
  /**
   * Whether the footer of every page links to the page: for a privacy policy, terms or a legal
   * notice (an imprint) that must be one step from any page, with `nav: false` or as well as it.
   * Its place among the footer's links is its `navOrder`.
   */
  footer: z.boolean().default(false),
  /** The `## <section>` of /llms.txt that links the page's Markdown version. */
  llmsSection: z
    .string()
    .trim()
    .min(1, 'must not be empty')
    .max(60)
    .regex(/^[^\n#]+$/, 'must be one line without #')
    .default('Pages'),
});

/** A page of the site owner's own: content/pages/<slug>.md, served at /<slug>. */
export const ContentPageSchema = ContentPageFrontMatterSchema.extend({
  slug: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/),
  body: z.string().trim(),
});
export type ContentPage = z.infer<typeof ContentPageSchema>;

/** A missing field is "required", as the reader says of every field; a wrong one gets `message`. */
function requiredOr(issue: { readonly input?: unknown }, message: string): string {
  return issue.input === undefined ? 'is required' : message;
}

/** content/changelog/<name>.md front matter: one dated change to the API, MCP or documents. */
export const ChangelogEntryFrontMatterSchema = z.strictObject({
  /** The day the change shipped, as YYYY-MM-DD (quoted or not). */
  date: z.iso.date({
    error: (issue) => requiredOr(issue, 'must be a date as YYYY-MM-DD, e.g. 2026-11-25'),
  }),
  /** The API version (Overview.apiVersion) that carries the change. */
  apiVersion: z
    .string()
    .trim()
    .regex(/^\d+\.\d+\.\d+$/, 'must be a version as MAJOR.MINOR.PATCH, e.g. 1.0.0'),
  /** Whether a client written for the version before must change. */
  breaking: z.boolean({ error: (issue) => requiredOr(issue, 'must be true or false') }),
  title: OneLineSchema,
});

/** One entry of the changelog: its front matter, its file name (the slug) and its Markdown body. */
export const ChangelogEntrySchema = ChangelogEntryFrontMatterSchema.extend({
  slug: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/),
  body: z.string().trim().min(1, 'the Markdown body must not be empty'),
});
export type ChangelogEntry = z.infer<typeof ChangelogEntrySchema>;

/** Everything in content/, validated. */
export const SiteContentSchema = z.strictObject({
  company: CompanySchema,
  product: ProductSchema,
  callsToAction: CallsToActionSchema,
  agents: AgentTextSchema,
  copy: z.array(CopySectionSchema),
  pages: z.strictObject({
    home: PageCopySchema,
    developers: PageCopySchema,
    docs: PageCopySchema,
  }),
  /** The other pages of content/pages/, by slug (none in a folder that predates them). */
  contentPages: z.array(ContentPageSchema).default([]),
  /** The entries of content/changelog/, newest first (none without the folder: no changelog). */
  changelog: z.array(ChangelogEntrySchema).default([]),
});
export type SiteContent = z.infer<typeof SiteContentSchema>;
