/**
 * Which agent a User-Agent names, from the `crawler-user-agents` package (about 1,500 patterns,
 * refreshed by `npm update`): its name, operator and kind. The package tags its entries
 * (`ai-crawler`, `search-engine`, ...) but does not say whether an AI agent trains, indexes or
 * fetches for a person; `AGENT_KINDS` says it for the AI agents, keyed by the package's own
 * patterns, and a test fails when an update drops one of them.
 * @see https://github.com/monperrus/crawler-user-agents
 */
import crawlers from 'crawler-user-agents';

/** What an agent does with what it reads. */
export type AgentKind =
  /** Collects text to train models. */
  | 'training-crawler'
  /** Indexes pages for a search engine or an AI search. */
  | 'search-crawler'
  /** An assistant fetching a page because a person asked it to. */
  | 'user-fetch'
  /** An agent acting on its own (research agents, coding agents, browser automation). */
  | 'autonomous-agent'
  /** A programming library's default User-Agent (curl, python-requests, node-fetch). */
  | 'http-client'
  /** Any other bot the list knows (SEO, monitoring, feeds, previews, archives). */
  | 'other-bot'
  /**
   * A program the list does not name: a User-Agent that is not a browser's (Node's `fetch`, which
   * the MCP TypeScript SDK uses, sends `node`), or none at all.
   */
  | 'unlisted-client';

/** An agent the list names: its id is the package's pattern, the rest is for people. */
export interface AgentIdentity {
  readonly id: string;
  readonly name: string;
  readonly operator: string;
  readonly kind: AgentKind;
}

/**
 * The AI agents' operators and kinds, keyed by the package's patterns (as written in its JSON).
 * Sources: each operator's crawler documentation, linked from the package's `url` fields.
 */
export const AGENT_KINDS: Readonly<Record<string, { operator: string; kind: AgentKind }>> = {
  GPTBot: { operator: 'OpenAI', kind: 'training-crawler' },
  'OAI-SearchBot': { operator: 'OpenAI', kind: 'search-crawler' },
  'ChatGPT-User': { operator: 'OpenAI', kind: 'user-fetch' },
  '[cC]laude[bB]ot': { operator: 'Anthropic', kind: 'training-crawler' },
  'anthropic-ai': { operator: 'Anthropic', kind: 'training-crawler' },
  'Claude-SearchBot': { operator: 'Anthropic', kind: 'search-crawler' },
  'Claude-User': { operator: 'Anthropic', kind: 'user-fetch' },
  'Claude-Web': { operator: 'Anthropic', kind: 'user-fetch' },
  'PerplexityBot\\/': { operator: 'Perplexity', kind: 'search-crawler' },
  'Perplexity-User': { operator: 'Perplexity', kind: 'user-fetch' },
  PerplexityUser: { operator: 'Perplexity', kind: 'user-fetch' },
  'Google-Extended': { operator: 'Google', kind: 'training-crawler' },
  'Gemini-Deep-Research': { operator: 'Google', kind: 'autonomous-agent' },
  'Google-Gemini-CLI': { operator: 'Google', kind: 'autonomous-agent' },
  'meta-externalagent\\/': { operator: 'Meta', kind: 'training-crawler' },
  'meta-externalfetcher\\/': { operator: 'Meta', kind: 'user-fetch' },
  CCBot: { operator: 'Common Crawl', kind: 'training-crawler' },
  Bytespider: { operator: 'ByteDance', kind: 'training-crawler' },
  'cohere-training-data-crawler': { operator: 'Cohere', kind: 'training-crawler' },
  'cohere-ai': { operator: 'Cohere', kind: 'user-fetch' },
  'MistralAI-User': { operator: 'Mistral AI', kind: 'user-fetch' },
  DuckAssistBot: { operator: 'DuckDuckGo', kind: 'user-fetch' },
};

/** The kind of an entry the table does not name, from the package's tags. */
function readTaggedKind(tags: readonly string[]): AgentKind {
  if (tags.includes('browser-automation')) return 'autonomous-agent';
  if (tags.includes('ai-crawler')) return 'training-crawler';
  if (tags.includes('search-engine')) return 'search-crawler';
  if (tags.includes('http-library')) return 'http-client';
  return 'other-bot';
}

/** Only the first characters are matched: no agent needs more, and a long header costs nothing. */
export const MAX_MATCHED_USER_AGENT = 512;
/** Distinct User-Agents whose answer is remembered (the oldest is forgotten first). */
export const CLASSIFIED_CACHE_SIZE = 2048;
/** Prefilter: a pattern is tried only where this many characters of its literal text occur. */
const GRAM = 3;

interface CatalogueEntry {
  readonly index: number;
  readonly pattern: RegExp;
  readonly literal: string;
  readonly identity: AgentIdentity;
}

/**
 * The longest run of plain characters a pattern requires, or '' when it has an alternation at
 * the top or no such run (such a pattern is tried on every User-Agent).
 */
export function readRequiredLiteral(source: string): string {
  let best = '';
  let current = '';
  let depth = 0;
  const close = () => {
    if (current.length > best.length) best = current;
    current = '';
  };
  for (let i = 0; i < source.length; i += 1) {
    const char = source[i] as string;
    if (char === '\\') {
      const next = source[i + 1] ?? '';
      i += 1;
      if (/^[^\w\s]$/.test(next) && depth === 0) current += next;
      else close();
    } else if (char === '|') {
      if (depth === 0) return '';
      close();
    } else if ('*?{'.includes(char)) {
      // The character before a quantifier may be absent or repeated.
      current = current.slice(0, -1);
      close();
      if (char === '{') while (i < source.length && source[i] !== '}') i += 1;
    } else if (char === '+') {
      // Required once, but what follows may come after repeats.
      close();
    } else if ('.^$()[]'.includes(char)) {
      close();
      if (char === '(') depth += 1;
      if (char === ')') depth -= 1;
      if (char === '[') while (i < source.length && source[i] !== ']') i += 1;
    } else if (depth === 0) {
      current += char;
    } else {
      close();
    }
  }
  close();
  return best;
}

/**
 * The three UTF-16 code units at `at` folded into one small integer: a Map key that allocates no
 * string and that V8 hashes as a small integer, not a heap number. Codes that share a key are told
 * apart by the `startsWith` check that follows every lookup.
 */
function readGram(text: string, at: number): number {
  return (
    ((text.charCodeAt(at) << 20) ^ (text.charCodeAt(at + 1) << 10) ^ text.charCodeAt(at + 2)) &
    0x3fff_ffff
  );
}

/**
 * A person-readable name for a pattern: what it matches in the package's longest example
 * User-Agent, a real header rather than a bare token (`ClaudeBot` for `[cC]laude[bB]ot`), else
 * its required text, else the pattern.
 */
export function readAgentName(
  pattern: RegExp,
  source: string,
  instances: readonly string[],
): string {
  const example = [...instances].sort((a, b) => b.length - a.length).find((i) => pattern.test(i));
  const matched = example === undefined ? undefined : pattern.exec(example)?.[0];
  const literal = readRequiredLiteral(source);
  const name = (matched ?? (literal.length >= GRAM ? literal : source)).replace(
    /^[\s/;:(]+|[\s/;:(]+$/g,
    '',
  );
  return name || source;
}

/** The operator of an entry the table does not name: the host of its documentation URL. */
function readOperator(url: string | undefined): string {
  if (!url) return 'unknown';
  try {
    return new URL(url).hostname.replace(/^www\./, '') || 'unknown';
  } catch {
    return 'unknown';
  }
}

/** Characters kept of the product name of a User-Agent the list does not name. */
export const MAX_UNLISTED_NAME = 40;

/** A request with no User-Agent: no browser sends one without it. */
const NO_USER_AGENT: AgentIdentity = {
  id: '(none)',
  name: '(no User-Agent)',
  operator: 'unknown',
  kind: 'unlisted-client',
};

/**
 * A User-Agent the list does not name: a browser's (every browser's starts with `Mozilla/`, and
 * so counts as a person), or a program's, named by its first product token (RFC 9110, section
 * 10.1.5: `node`, `Java`, `PostmanRuntime`), at most MAX_UNLISTED_NAME characters of it.
 */
function readUnlisted(text: string): AgentIdentity | null {
  if (text.startsWith('Mozilla/')) return null;
  const product = /^[!#$%&'*+.^_`|~\w-]+/.exec(text)?.[0].slice(0, MAX_UNLISTED_NAME);
  return {
    id: '(unlisted)',
    name: product ?? '(unlisted)',
    operator: 'unknown',
    kind: 'unlisted-client',
  };
}

/** Classifies User-Agents against the package's patterns, with a bounded cache of answers. */
export class AgentCatalogue {
  readonly size: number;
  readonly #byGram = new Map<number, CatalogueEntry[]>();
  readonly #everywhere: CatalogueEntry[] = [];
  readonly #cache = new Map<string, AgentIdentity | null>();

  constructor(
    list: readonly {
      pattern: string;
      url?: string;
      tags?: readonly string[];
      instances?: readonly string[];
      /** The name, when the list carries it instead of the examples (the build's compact list). */
      name?: string;
    }[] = crawlers,
  ) {
    this.size = list.length;
    list.forEach(({ pattern: source, url, tags = [], instances = [], name }, index) => {
      const literal = readRequiredLiteral(source);
      const known = AGENT_KINDS[source];
      const pattern = new RegExp(source);
      const entry: CatalogueEntry = {
        index,
        pattern,
        literal,
        identity: {
          id: source,
          name: name ?? readAgentName(pattern, source, instances),
          operator: known?.operator ?? readOperator(url),
          kind: known?.kind ?? readTaggedKind(tags),
        },
      };
      if (literal.length < GRAM) {
        this.#everywhere.push(entry);
        return;
      }
      const gram = readGram(literal, 0);
      const entries = this.#byGram.get(gram) ?? [];
      entries.push(entry);
      this.#byGram.set(gram, entries);
    });
  }

  /** How many answers the cache holds. */
  get cacheSize(): number {
    return this.#cache.size;
  }

  /**
   * The agent a User-Agent names (the first of the package's patterns that matches); else an
   * unlisted client for no header or one that is not a browser's, and null for a browser's (a
   * person). Each pattern is tried only where its required text occurs, and answers are cached
   * for the last CLASSIFIED_CACHE_SIZE distinct values.
   */
  classify(userAgent: string | undefined): AgentIdentity | null {
    if (!userAgent) return NO_USER_AGENT;
    const text = userAgent.slice(0, MAX_MATCHED_USER_AGENT);
    const cached = this.#cache.get(text);
    if (cached !== undefined) return cached;
    const found = this.#match(text) ?? readUnlisted(text);
    if (this.#cache.size >= CLASSIFIED_CACHE_SIZE) {
      this.#cache.delete(this.#cache.keys().next().value as string);
    }
    this.#cache.set(text, found);
    return found;
  }

  #match(text: string): AgentIdentity | null {
    let best: CatalogueEntry | undefined;
    for (let i = 0; i + GRAM <= text.length; i += 1) {
      const candidates = this.#byGram.get(readGram(text, i));
      if (!candidates) continue;
      for (const entry of candidates) {
        if (best && entry.index > best.index) continue;
        if (text.startsWith(entry.literal, i) && entry.pattern.test(text)) best = entry;
      }
    }
    for (const entry of this.#everywhere) {
      if (best && entry.index > best.index) break;
      if (entry.pattern.test(text)) best = entry;
    }
    return best?.identity ?? null;
  }
}
