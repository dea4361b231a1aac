import type { IncomingMessage, ServerResponse } from 'node:http';
import { lookup } from 'mrmime';
import { isNotModified } from '../http/conditional-get.ts';
import { readNodeHeader } from './node-plain.ts';
import type { InsightRecorder } from '../insight/insight-recorder.ts';
import { MEDIA_TYPES } from '../service/media-types.ts';
import { MARKDOWN_TOKENS_HEADER, type MarkdownTokenCounts } from '../service/markdown-tokens.ts';
import { findMatchingPattern } from '../service/route-patterns.ts';
import type { RouteTable } from '../service/routes.ts';
import type { EncodedFile } from './compressed-files.ts';

/*
 * The parts of a static file's answer the local server sends beside the file itself: its media
 * type and token count, a compressed copy or its 304, the 404 page, and the insight count.
 */

/**
 * The media type of a static file, as sirv names it (HTML with its charset), and
 * `application/octet-stream` for an extension that names none (RFC 9110 §8.3).
 */
export function readStaticMediaType(file: string): string {
  const type = lookup(file) ?? 'application/octet-stream';
  return type === 'text/html' ? `${type};charset=utf-8` : type;
}

/** Names a Markdown file's token count, when the build counted it (a page's mirror included). */
export function setMarkdownTokens(
  res: ServerResponse,
  counts: MarkdownTokenCounts,
  servedPath: string,
): void {
  const tokens = counts.get(servedPath);
  if (tokens !== undefined) res.setHeader(MARKDOWN_TOKENS_HEADER, tokens);
}

/** Sends a compressed static file, or 304 when the client holds this encoding already. */
export function sendEncodedFile(
  req: IncomingMessage,
  res: ServerResponse,
  encoded: EncodedFile,
  mediaType: string,
): void {
  const validators = { ETag: encoded.etag, 'Last-Modified': encoded.lastModified };
  if (isNotModified(req.headers, encoded.etag, encoded.lastModified)) {
    res.writeHead(304, validators).end();
    return;
  }
  res.writeHead(200, {
    ...(res.hasHeader('content-type') ? {} : { 'Content-Type': mediaType }),
    'Content-Encoding': encoded.coding,
    'Content-Length': encoded.body.length,
    ...validators,
  });
  res.end(req.method === 'HEAD' ? undefined : encoded.body);
}

/**
 * The site's HTML 404 page, with the headers vercel.json gives the requested path (the security
 * headers, as on every page); a 404 is never cached.
 */
export function sendNotFoundPage(
  res: ServerResponse,
  page: Buffer | undefined,
  routeHeaders: Readonly<Record<string, string>>,
): void {
  if (!res.headersSent) {
    for (const [name, value] of Object.entries(routeHeaders)) res.setHeader(name, value);
  }
  res.writeHead(404, { 'Content-Type': MEDIA_TYPES.html, 'Cache-Control': 'no-store' });
  res.end(page ?? 'Not Found');
}

/**
 * Counts a static read once its answer is sent: the surface of the path served (a page's
 * Markdown mirror when negotiated), looked up then, so the answer never waits for it.
 */
export function countFileRead(
  insight: InsightRecorder,
  routes: RouteTable,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  servedPath: string,
): void {
  const started = performance.now();
  res.once('finish', () => {
    const contentType = res.getHeader('content-type');
    const surface = routes.findSurface(servedPath);
    // The span's http.route, looked for only where spans may be exported.
    const route = insight.telemetry && findMatchingPattern(surface.paths, servedPath);
    insight.record({
      method: req.method ?? 'GET',
      url,
      header: (name) => readNodeHeader(req, name),
      surface: surface.id,
      ...(route ? { route } : {}),
      status: res.statusCode,
      contentType: contentType === undefined ? undefined : String(contentType),
      startTime: performance.timeOrigin + started,
      durationMs: performance.now() - started,
    });
  });
}
